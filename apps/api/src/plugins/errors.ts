import fp from "fastify-plugin";
import { isDatabaseBusy } from "../db/client";
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY_MESSAGE } from "../services/errors";

/**
 * Every error is JSON; 4xx say what was wrong, 5xx say nothing about internals. A database that
 * stayed locked past the busy timeout is a 503 with Retry-After: the request changed nothing.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (isDatabaseBusy(error)) {
        request.log.warn({ err: error }, "database busy");
        return reply
          .code(503)
          .header("retry-after", String(BUSY_RETRY_AFTER_SECONDS))
          .send({ error: DATABASE_BUSY_MESSAGE });
      }
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
