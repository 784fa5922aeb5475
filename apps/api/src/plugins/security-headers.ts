import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify from "fastify";
import fp from "fastify-plugin";

/**
 * The Content-Security-Policy of every answer (docs/decisions/007-csp-and-write-limits.md).
 *
 * - Scripts only from our own origin: the built web app is module files, and its theme-before-paint
 *   snippet is the file /theme-init.js, so no inline script and no eval is needed.
 * - Styles only from our own origin: the build emits one stylesheet and no <style> element; React's
 *   `style` props are set through the CSSOM, which style-src does not govern.
 * - Images from anywhere on http(s): artifact images and profile photos are external URLs. No data:
 *   or blob: images, so a URL that slipped past validation still cannot carry markup.
 * - Fetches only to our own origin (tRPC and REST); no plugins, no <base>, never framed, and forms
 *   post only here (Google sign-in is a link, not a form).
 */
export function contentSecurityPolicy(options: { upgradeInsecureRequests: boolean }) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "https:", "http:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
  };
  // On an http:// deployment (localhost, a LAN box) upgrading would send our own assets to an
  // https:// port that nobody serves.
  if (options.upgradeInsecureRequests) directives["upgrade-insecure-requests"] = [];
  return directives;
}

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet runs helmet(options)
 * afresh for every request, rebuilding each middleware and the policy string: about a tenth of the
 * server's time on a small JSON answer (docs/benchmarks.md). Ours never vary by request (no
 * nonces), so a throwaway instance asks the plugin once, and the headers that it adds to an answer
 * are the list.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const plain = Fastify();
  const helmeted = Fastify();
  await helmeted.register(fastifyHelmet, options);
  for (const probe of [plain, helmeted]) probe.get("/", async () => "");
  const [without, withHelmet] = await Promise.all([plain.inject("/"), helmeted.inject("/")]);
  await Promise.all([plain.close(), helmeted.close()]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(withHelmet.headers)) {
    if (!(name in without.headers) && typeof value === "string") headers[name] = value;
  }
  return headers;
}

/**
 * Helmet's headers that matter on any answer, whatever a browser does with it: what may load it,
 * frame it or sniff it, and HSTS. The rest of helmet's set only has an effect on a document.
 */
const EVERY_ANSWER = new Set([
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "cross-origin-resource-policy",
  "strict-transport-security",
]);

/** What a browser renders as a page of its own: HTML, and SVG (which can run script). */
const DOCUMENT_TYPE = /^(text\/html|image\/svg\+xml)\b/i;

/** Helmet's headers for our options, split by kind of answer (see securityHeadersPlugin). */
export async function securityHeaderSets({ https }: { https: boolean }): Promise<{
  everyAnswer: Record<string, string>;
  documentsToo: Record<string, string>;
}> {
  const options: FastifyHelmetOptions = {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ upgradeInsecureRequests: https }),
    },
    // Our own Origin check relies on browsers sending Origin with writes; "same-origin" keeps the
    // full referrer at home and sends none to the external image hosts.
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    // HSTS on plain http is ignored by browsers and would only confuse a later https setup.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Artifact images are other sites' files loaded without CORS: requiring CORP would hide them.
    crossOriginEmbedderPolicy: false,
  };
  const helmet = Object.entries(await helmetHeaders(options));
  return {
    everyAnswer: Object.fromEntries(helmet.filter(([name]) => EVERY_ANSWER.has(name))),
    documentsToo: Object.fromEntries(helmet.filter(([name]) => !EVERY_ANSWER.has(name))),
  };
}

/**
 * Helmet on every answer (docs/decisions/016-headers-by-kind-of-answer.md): the headers of
 * EVERY_ANSWER on HTML, JSON, static files, errors and preflights alike, and the rest of helmet's
 * set (Referrer-Policy, Cross-Origin-Opener-Policy, Origin-Agent-Cluster, ...) added to documents.
 * JSON answers are most of the traffic, and Node checks and writes every header of every answer.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const { everyAnswer, documentsToo } = await securityHeaderSets({ https });
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(everyAnswer);
      done();
    });
    app.addHook("onSend", (_request, reply, payload, done) => {
      const type = reply.getHeader("content-type");
      if (typeof type === "string" && DOCUMENT_TYPE.test(type)) reply.headers(documentsToo);
      done(null, payload);
    });
  },
  { name: "atlas-security-headers" },
);
