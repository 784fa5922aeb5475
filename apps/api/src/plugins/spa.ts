import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** Paths that belong to the API: they answer JSON 404s, never the web app's shell. */
const API_PREFIXES = ["/trpc", "/api/", "/healthz"];

/**
 * A browser navigation: a GET or HEAD that accepts HTML. Browsers send text/html when they load a
 * page; fetch sends *\/* and API clients send application/json or nothing. This one rule decides
 * between the web app and JSON wherever a path is both a page and an API call (docs/rest-api.md).
 */
export function isNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    (request.headers.accept ?? "").includes("text/html")
  );
}

declare module "fastify" {
  interface FastifyInstance {
    /** The web app's shell, for paths that a browser navigation and an API call share. */
    webApp: {
      /** False when the web app is not built (the API is served alone). */
      available: boolean;
      /** Answers with index.html; the web app then routes on the client. */
      send(reply: FastifyReply): FastifyReply;
    };
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown GET that accepts HTML answered with index.html so client routes survive a reload.
 */
export const spaPlugin = fp<{ distPath: string }>(
  async (app, { distPath }) => {
    const root = resolve(distPath);
    const indexPath = join(root, "index.html");
    const haveBuild = existsSync(indexPath);
    if (haveBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header(
            "cache-control",
            filePath.includes(`${root}/assets/`)
              ? "public, max-age=31536000, immutable"
              : "public, max-age=3600",
          );
        },
      });
    } else {
      app.log.warn({ distPath: root }, "web app not built; serving the API only");
    }
    const indexHtml = haveBuild ? readFileSync(indexPath) : null;
    const sendIndex = (reply: FastifyReply) =>
      reply
        .code(200)
        .header("cache-control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(indexHtml);
    app.decorate("webApp", { available: indexHtml !== null, send: sendIndex });

    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        indexHtml !== null &&
        !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
        isNavigation(request);
      if (wantsPage) return sendIndex(reply);
      return reply.code(404).send({ error: "Not found" });
    });
  },
  { name: "atlas-spa" },
);
