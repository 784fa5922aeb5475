import fp from "fastify-plugin";
import { MESSAGES } from "@artifact-atlas/shared";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Refused origins named in the log, once each: a misconfigured site would otherwise log every write. */
const MAX_ORIGINS_LOGGED = 100;

/**
 * Cross-site request forgery guard, in front of every write (docs/decisions/003-origin-check.md).
 * Browsers send Origin (and Sec-Fetch-Site) with every cross-site write, so a write that names
 * another origin is refused. A request with neither header comes from a non-browser client, which
 * cannot ride on a visitor's cookies. tRPC additionally takes only JSON, because it would accept a
 * form post that any site can send.
 *
 * A refused origin is most often the site opened at an address the settings do not name (issue
 * 29): the log says which origin and what to set, the first time each origin is refused.
 */
export const originCheckPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    const logged = new Set<string>();
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
        if (
          fromElsewhere &&
          origin !== undefined &&
          !logged.has(origin) &&
          logged.size < MAX_ORIGINS_LOGGED
        ) {
          logged.add(origin);
          request.log.warn(
            { origin, allowedOrigins },
            "a write from an origin not allowed was refused; if people open Atlas at this address, set PUBLIC_ORIGIN to it (or add it to DEV_ORIGINS)",
          );
        }
        reply.code(403).send({ error: MESSAGES.crossOriginRefused });
        return;
      }
      done();
    });
  },
  { name: "atlas-origin-check" },
);
