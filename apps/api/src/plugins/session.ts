import fp from "fastify-plugin";
import "@fastify/cookie";
import type { SessionStore, ValidatedSession } from "../auth/session";
import type { Deps } from "../deps";

declare module "fastify" {
  interface FastifyRequest {
    session: ValidatedSession | null;
  }
}

/** The session of the first token that validates, or null. */
async function firstValidSession(
  sessions: SessionStore,
  tokens: string[],
): Promise<ValidatedSession | null> {
  for (const token of tokens) {
    const session = await sessions.validate(token);
    if (session) return session;
  }
  return null;
}

/** One session check per request: renews a sliding session's cookie or clears a dead one. */
export const sessionPlugin = fp<{ deps: Deps }>(
  async (app, { deps }) => {
    app.decorateRequest("session", null);
    // A callback hook: most requests carry no session cookie, and those need no promise.
    app.addHook("onRequest", (request, reply, done) => {
      const tokens = deps.sessions.tokensIn(request.headers.cookie);
      if (tokens.length === 0) {
        done();
        return;
      }
      firstValidSession(deps.sessions, tokens)
        .then((session) => {
          request.session = session;
          // Cleared only when no value validates: a bogus duplicate beside a valid cookie (planted
          // by a sibling site, say) must not sign the person out.
          const cookie = session ? session.cookie : deps.sessions.blankCookie();
          if (cookie) reply.setCookie(cookie.name, cookie.value, cookie.attributes);
        })
        .then(() => done(), done);
    });
  },
  { name: "atlas-session" },
);
