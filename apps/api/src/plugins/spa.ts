import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";

/** Paths that belong to the API: they answer JSON 404s, never the web app's shell. */
const API_PREFIXES = ["/trpc", "/api/", "/healthz"];

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

    app.setNotFoundHandler((request, reply) => {
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") &&
        indexHtml !== null &&
        !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
        (request.headers.accept ?? "").includes("text/html");
      if (wantsPage) {
        return reply
          .code(200)
          .header("cache-control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(indexHtml);
      }
      return reply.code(404).send({ error: "Not found" });
    });
  },
  { name: "atlas-spa" },
);
