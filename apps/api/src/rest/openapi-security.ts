import { sessionCookieName } from "../auth/session";

/**
 * The session cookie, as OpenAPI security schemes. Its name depends on the deployment
 * (auth/session.ts): `atlas_session` over http, `__Host-atlas_session` when PUBLIC_ORIGIN is https.
 * One document serves both, so it names both, each a scheme of its own.
 */
export const SESSION_SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: sessionCookieName(false),
    description: "The session cookie of a server whose PUBLIC_ORIGIN is http.",
  },
  secureSession: {
    type: "apiKey",
    in: "cookie",
    name: sessionCookieName(true),
    description: "The session cookie of a server whose PUBLIC_ORIGIN is https.",
  },
} as const;

/** A signed-in call: either cookie will do (the requirements of a `security` list are an OR). */
export const signedIn = Object.keys(SESSION_SECURITY_SCHEMES).map((name) => ({ [name]: [] }));
