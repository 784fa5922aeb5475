import fp from "fastify-plugin";

/** Every error is JSON; 4xx say what was wrong, 5xx say nothing about internals. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, "request failed");
        return reply.code(status).send({ error: "Internal server error" });
      }
      return reply.code(status).send({ error: error.message });
    });
  },
  { name: "atlas-errors" },
);
