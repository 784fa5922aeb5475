import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
/** JSON bodies are the only non-simple header the REST API needs; the cookie travels as credentials. */
const ALLOWED_HEADERS = "Content-Type";
/** Paging headers of GET /artifacts, the wait after a refused attempt, and the request id. */
const EXPOSED_HEADERS = "X-Total-Count, Link, Retry-After, X-Request-Id";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/** `current` with the fields of `fields` it does not name yet (in any case) added after it. */
function mergeVary(current: string, fields: string): string {
  let merged = current;
  // ",origin,accept," — each name between commas, so that a lookup cannot match part of a name.
  let named = `,${current.toLowerCase().replace(/\s+/g, "")},`;
  for (const field of fields.split(",")) {
    const name = field.trim();
    const lowered = name.toLowerCase();
    if (name === "" || named.includes(`,${lowered},`)) continue;
    merged += `, ${name}`;
    named += `${lowered},`;
  }
  return merged;
}

/**
 * Adds fields ("Accept", or a list: "trpc-accept, accept") to Vary, keeping what is there and
 * leaving out a field it already names, in any case.
 */
export function appendVary(reply: FastifyReply, fields: string): void {
  const header = reply.getHeader("vary");
  const current = header === undefined ? "" : String(header);
  reply.header("vary", current === "" ? fields : mergeVary(current, fields));
}

/**
 * Cross-origin access for the sites listed in CORS_ORIGINS, with credentials, so that their pages
 * can call the REST API with the visitor's session cookie. The Origin is reflected only when it is
 * listed; every other origin gets no CORS headers, so browsers keep its pages from reading answers
 * (and the origin check refuses its writes). Preflights are answered here for every path.
 * @fastify/cors does the same; these few lines avoid a dependency (docs/rest-api.md).
 */
export const corsPlugin = fp<{ corsOrigins: string[] }>(
  async (app, { corsOrigins }) => {
    const allowed = new Set(corsOrigins);
    // A callback hook, not an async one: it runs for every request and never waits.
    app.addHook("onRequest", (request, reply, done) => {
      // Answers differ by Origin, so a shared cache must keep them apart.
      appendVary(reply, "Origin");
      const origin = request.headers.origin;
      const listed = origin !== undefined && allowed.has(origin);
      if (listed) {
        reply.header("access-control-allow-origin", origin);
        reply.header("access-control-allow-credentials", "true");
      }
      const preflight =
        request.method === "OPTIONS" &&
        origin !== undefined &&
        request.headers["access-control-request-method"] !== undefined;
      if (!preflight) {
        if (listed) reply.header("access-control-expose-headers", EXPOSED_HEADERS);
        done();
        return;
      }
      if (listed) {
        reply.header("access-control-allow-methods", ALLOWED_METHODS);
        reply.header("access-control-allow-headers", ALLOWED_HEADERS);
        reply.header("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS);
      }
      reply.code(204).send();
    });
  },
  { name: "atlas-cors" },
);
