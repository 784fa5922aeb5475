import fp from "fastify-plugin";
import "@fastify/cookie";
import type { ValidatedSession } from "../auth/session";
import type { Deps } from "../deps";

declare module "fastify" {
  interface FastifyRequest {
    session: ValidatedSession | null;
  }
}

/** One session check per request: renews a sliding session's cookie or clears a dead one. */
export const sessionPlugin = fp<{ deps: Deps }>(
  async (app, { deps }) => {
    app.decorateRequest("session", null);
    // A callback hook: most requests carry no session cookie, and those need no promise.
    app.addHook("onRequest", (request, reply, done) => {
      const token = request.cookies[deps.sessions.cookieName];
      if (!token) {
        done();
        return;
      }
      deps.sessions
        .validate(token)
        .then((session) => {
          request.session = session;
          const cookie = session ? session.cookie : deps.sessions.blankCookie();
          if (cookie) reply.setCookie(cookie.name, cookie.value, cookie.attributes);
        })
        .then(() => done(), done);
    });
  },
  { name: "atlas-session" },
);
