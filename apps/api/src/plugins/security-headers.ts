import fp from "fastify-plugin";

/**
 * The Content-Security-Policy of every answer (docs/decisions/007-csp-and-write-limits.md).
 *
 * - Scripts only from our own origin: the built web app is module files, and its theme-before-paint
 *   snippet is the file /theme-init.js, so no inline script and no eval is needed.
 * - Styles only from our own origin: the build emits one stylesheet and no <style> element; React's
 *   `style` props are set through the CSSOM, which style-src does not govern.
 * - Images from anywhere on http(s): artifact images and profile photos are external URLs. data:
 *   only for the tiny placeholders of uploaded images, which the server makes itself (decision
 *   038); an image cannot run script, and artifactImage itself still takes only http(s) URLs and
 *   upload paths. No blob: (the upload preview shows the server's own derivative).
 * - Fetches only to our own origin (tRPC and REST); no plugins, no <base>, never framed, and forms
 *   post only here (Google sign-in is a link, not a form).
 * - On https, insecure subresource requests are upgraded. On an http:// deployment (localhost, a
 *   LAN box) upgrading would send our own assets to an https:// port that nobody serves.
 */
export function contentSecurityPolicy({ https }: { https: boolean }): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self'",
    "img-src 'self' https: http: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join(";");
}

/**
 * The headers that matter on any answer, whatever a browser does with it: what may load it, frame
 * it or sniff it, and HSTS (the OWASP REST Security Cheat Sheet's set for APIs). The values are
 * helmet's defaults for our options, written out: nothing about them varies by request.
 */
export function everyAnswerHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy({ https }),
    "cross-origin-resource-policy": "same-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    // HSTS on plain http is ignored by browsers and would only confuse a later https setup.
    ...(https ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}

/**
 * The headers that only act on a page a browser renders: what it may navigate, open, prefetch or
 * download from there. "same-origin" referrers keep the full referrer at home (our origin check
 * relies on browsers sending Origin with writes) and send none to the external image hosts.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  "cross-origin-opener-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "same-origin",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

/** What a browser renders as a page of its own: HTML, and SVG (which can run script). */
const DOCUMENT_TYPE = /^(text\/html|image\/svg\+xml)\b/i;

/**
 * Security headers on every answer (docs/decisions/016-headers-by-kind-of-answer.md): the
 * every-answer set on HTML, JSON, static files, errors and preflights alike, and DOCUMENT_HEADERS
 * added to documents. JSON answers are most of the traffic and need none of the document set.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const everyAnswer = everyAnswerHeaders({ https });
    app.addHook("onRequest", (_request, reply, done) => {
      reply.headers(everyAnswer);
      done();
    });
    app.addHook("onSend", (_request, reply, payload, done) => {
      const type = reply.getHeader("content-type");
      if (typeof type === "string" && DOCUMENT_TYPE.test(type)) reply.headers(DOCUMENT_HEADERS);
      done(null, payload);
    });
  },
  { name: "atlas-security-headers" },
);
