import fp from "fastify-plugin";
import { MESSAGES } from "@artifact-atlas/shared";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard, in front of every write (docs/decisions/003-origin-check.md).
 * Browsers send Origin (and Sec-Fetch-Site) with every cross-site write, so a write that names
 * another origin is refused. A request with neither header comes from a non-browser client, which
 * cannot ride on a visitor's cookies. tRPC additionally takes only JSON, because it would accept a
 * form post that any site can send.
 */
export const originCheckPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    // A callback hook, not an async one: it runs for every request and never waits.
    app.addHook("onRequest", (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) {
        done();
        return;
      }
      const origin = request.headers.origin;
      const fetchSite = request.headers["sec-fetch-site"];
      const fromElsewhere =
        origin !== undefined
          ? !allowed.has(origin)
          : fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
      const trpcNotJson =
        request.url.startsWith("/trpc") &&
        !(request.headers["content-type"] ?? "").toLowerCase().startsWith("application/json");
      if (fromElsewhere || trpcNotJson) {
        reply.code(403).send({ error: MESSAGES.crossOriginRefused });
        return;
      }
      done();
    });
  },
  { name: "atlas-origin-check" },
);
