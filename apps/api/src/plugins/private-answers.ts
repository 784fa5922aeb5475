import fp from "fastify-plugin";

/**
 * Answers to a request that carries cookies (a signed-in person's: their profile, their artifacts,
 * their likes, anything seen through their session) or that set one are never stored by a browser
 * or a shared cache: `Cache-Control: private, no-store`. An answer that chose its caching itself
 * (the web app's files, index.html, the health check) keeps its choice.
 */
export const privateAnswersPlugin = fp(
  async (app) => {
    app.addHook("onSend", (request, reply, payload, done) => {
      const personal = request.headers.cookie !== undefined || reply.hasHeader("set-cookie");
      if (personal && !reply.hasHeader("cache-control")) {
        reply.header("cache-control", "private, no-store");
      }
      done(null, payload);
    });
  },
  { name: "atlas-private-answers" },
);
