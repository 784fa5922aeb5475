import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isApiPath, isPageLoad } from "@artifact-atlas/shared";
import { appendVary } from "./cors";

/**
 * A browser navigation (isPageLoad in packages/shared/src/web-paths.ts, the rule `pnpm dev` uses
 * too). This one rule decides between the web app and JSON wherever a path is both a page and an
 * API call (docs/rest-api.md).
 */
export function isNavigation(request: FastifyRequest): boolean {
  return isPageLoad(request.method, request.headers.accept);
}

/** The encodings the web build writes beside each text file (apps/web/vite.config.ts), best first. */
const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

/**
 * The best of `available` that an Accept-Encoding header allows (q-values, `*`, `;q=0`), or
 * undefined for the plain bytes. On equal q the order of ENCODINGS decides, as @fastify/static
 * does for the other files.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [token = "", ...params] = part.split(";").map((item) => item.trim());
    if (!token) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const { name } of ENCODINGS) {
    if (!available.includes(name)) continue;
    const weight = weights.get(name) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

const COMPRESS = { br: brotliCompressSync, gzip: gzipSync } as const;

/**
 * index.html as built, and its compressed copies when the build wrote them. With `headTags`, those
 * tags close its head, and the copies are made again from it, once, at start.
 */
function readIndex(indexPath: string, headTags: string) {
  const variants = new Map<Encoding, Buffer>();
  const built = readFileSync(indexPath);
  const plain = headTags
    ? Buffer.from(built.toString("utf8").replace("</head>", `${headTags}</head>`))
    : built;
  for (const { name, extension } of ENCODINGS) {
    if (!existsSync(indexPath + extension)) continue;
    variants.set(name, headTags ? COMPRESS[name](plain) : readFileSync(indexPath + extension));
  }
  return { plain, variants };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The web app's shell, for paths that a browser navigation and an API call share. */
    webApp: {
      /** False when the web app is not built (the API is served alone). */
      available: boolean;
      /** Answers with index.html; the web app then routes on the client. */
      send(reply: FastifyReply): FastifyReply;
      /** index.html as text, for pages whose head the server writes (public-pages/); null unbuilt. */
      template: string | null;
    };
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * GET or HEAD of a web route answered with index.html whatever its Accept header (`curl /` gets the
 * page), so that client routes survive a reload; the web app shows its own page for unknown ones. Text
 * files go out brotli- or gzip-compressed when the browser accepts it, from the copies the build
 * wrote (nothing is compressed per request).
 */
export const spaPlugin = fp<{
  distPath: string;
  /**
   * Tags written into index.html's head: what the server knows that the page needs before its
   * first paint (whether Google sign-in is on), rather than a request that would arrive after.
   */
  headTags?: string;
}>(
  async (app, { distPath, headTags = "" }) => {
    const root = resolve(distPath);
    const indexPath = join(root, "index.html");
    const haveBuild = existsSync(indexPath);
    if (haveBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are chosen by Accept-Encoding, not addresses of their own.
        globIgnore: ["**/*.br", "**/*.gz"],
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
    const indexHtml = haveBuild ? readIndex(indexPath, headTags) : null;
    const sendIndex = (reply: FastifyReply) => {
      if (indexHtml === null) throw new Error("the web app is not built: check webApp.available");
      const encoding = negotiateEncoding(reply.request.headers["accept-encoding"], [
        ...indexHtml.variants.keys(),
      ]);
      reply.code(200).header("cache-control", "no-cache").type("text/html; charset=utf-8");
      appendVary(reply, "Accept-Encoding");
      if (encoding === undefined) return reply.send(indexHtml.plain);
      return reply.header("content-encoding", encoding).send(indexHtml.variants.get(encoding));
    };
    app.decorate("webApp", {
      available: indexHtml !== null,
      send: sendIndex,
      template: indexHtml === null ? null : indexHtml.plain.toString("utf8"),
    });

    app.setNotFoundHandler((request, reply) => {
      // An unknown path under the API's prefixes is a JSON 404, never the web app's shell (a
      // missing script must not come back as HTML). Every other path is a web route.
      const webRoute =
        indexHtml !== null &&
        (request.method === "GET" || request.method === "HEAD") &&
        !isApiPath(request.url);
      if (webRoute) return sendIndex(reply);
      return reply.code(404).send({ error: "Not found" });
    });
  },
  { name: "atlas-spa" },
);
