import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { createUserWithSession } from "../support/users";

/*
 * Our Content-Security-Policy and security headers on every kind of answer: the set that matters
 * everywhere on all of them, and the document set on documents (HTML, SVG), decision 016.
 */

let t: TestApp;
let https: TestApp;
let webDist: string;
let artifactId: number;

beforeAll(async () => {
  // A stand-in for apps/web/dist: the tests must not depend on a build having run.
  webDist = mkdtempSync(join(tmpdir(), "atlas-web-dist-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(
    join(webDist, "index.html"),
    // The title and description are there for the public pages to fill in (issue 21).
    '<!doctype html><html><head><title>Artifact Atlas</title><meta name="description" content="A collection">' +
      '<script src="/theme-init.js"></script>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
  );
  writeFileSync(join(webDist, "theme-init.js"), "document.documentElement.dataset.theme='light';");
  writeFileSync(join(webDist, "assets", "index-abc123.js"), "export {};");
  writeFileSync(join(webDist, "assets", "index-abc123.css"), "body{margin:0}");
  writeFileSync(
    join(webDist, "placeholder.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>',
  );
  t = await createTestApp({ WEB_DIST_PATH: webDist });
  https = await createTestApp({ PUBLIC_ORIGIN: "https://atlas.example.org" });
  artifactId = (await addArtifact(t, await createUserWithSession(t))).id;
});

afterAll(async () => {
  await t.close();
  await https.close();
  rmSync(webDist, { recursive: true, force: true });
});

function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name as string, values];
      }),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const csp = directives(response);
  expect(csp.get("default-src"), label).toEqual(["'self'"]);
  expect(csp.get("script-src"), label).toEqual(["'self'"]);
  expect(csp.get("script-src-attr"), label).toEqual(["'none'"]);
  expect(csp.get("style-src"), label).toEqual(["'self'"]);
  // data: for the uploaded images' placeholders (decision 038); never blob:.
  expect(csp.get("img-src"), label).toEqual(["'self'", "https:", "http:", "data:"]);
  expect(csp.get("connect-src"), label).toEqual(["'self'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  expect(csp.get("base-uri"), label).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(csp.get("form-action"), label).toEqual(["'self'"]);
  const all = String(response.headers["content-security-policy"]);
  expect(all, label).not.toContain("unsafe-inline");
  expect(all, label).not.toContain("unsafe-eval");
  // data: only where the placeholders need it: no script, style, font or frame from data: URLs.
  for (const [name, values] of csp) {
    if (name !== "img-src") expect(values, `${label}: ${name}`).not.toContain("data:");
  }
  expect(all, label).not.toContain("blob:");

  expect(response.headers["x-content-type-options"], label).toBe("nosniff");
  expect(response.headers["x-frame-options"], label).toBe("DENY");
  expect(response.headers["cross-origin-resource-policy"], label).toBe("same-origin");
  expect(response.headers["x-powered-by"], label).toBeUndefined();
  expect(response.headers["x-request-id"], label).toEqual(expect.any(String));
}

/** Helmet's headers that only a page a browser renders has a use for. */
const DOCUMENT_HEADERS = {
  "referrer-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "x-permitted-cross-domain-policies": "none",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-xss-protection": "0",
};

function expectDocumentHeaders(response: LightMyRequestResponse, label: string, expected: boolean) {
  for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) {
    expect(response.headers[name], `${label}: ${name}`).toBe(expected ? value : undefined);
  }
}

describe("on plain http (localhost, a LAN box)", () => {
  // [what, request, is it a document]
  const requests: [string, () => Promise<LightMyRequestResponse>, boolean][] = [
    [
      "the web app's HTML",
      () => t.app.inject({ url: "/", headers: { accept: "text/html" } }),
      true,
    ],
    [
      "a client route's HTML",
      () => t.app.inject({ url: "/allartifacts", headers: { accept: "text/html" } }),
      true,
    ],
    [
      "the detail page's HTML",
      () => t.app.inject({ url: `/artifacts/${artifactId}`, headers: { accept: "text/html" } }),
      true,
    ],
    ["an SVG image", () => t.app.inject({ url: "/placeholder.svg" }), true],
    ["a hashed script asset", () => t.app.inject({ url: "/assets/index-abc123.js" }), false],
    ["a stylesheet asset", () => t.app.inject({ url: "/assets/index-abc123.css" }), false],
    ["the theme snippet", () => t.app.inject({ url: "/theme-init.js" }), false],
    ["a tRPC answer", () => t.app.inject({ url: "/trpc/artifacts.popular" }), false],
    ["a tRPC error", () => t.app.inject({ url: "/trpc/artifacts.mine" }), false],
    ["a REST answer", () => t.app.inject({ url: "/artifacts" }), false],
    ["a REST 404", () => t.app.inject({ url: "/artifacts/999999" }), false],
    ["an unknown API path", () => t.app.inject({ url: "/healthz/nothing" }), false],
    ["the health check", () => t.app.inject({ url: "/healthz" }), false],
    ["the OpenAPI document", () => t.app.inject({ url: "/openapi.json" }), false],
    [
      "a refused cross-site write",
      () =>
        t.app.inject({
          method: "POST",
          url: "/artifacts",
          headers: { origin: "https://evil.example" },
        }),
      false,
    ],
    [
      "a body over the limit",
      () =>
        t.app.inject({
          method: "POST",
          url: "/artifacts",
          headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
          payload: JSON.stringify({ a: "x".repeat(70_000) }),
        }),
      false,
    ],
    [
      "a preflight",
      () =>
        t.app.inject({
          method: "OPTIONS",
          url: "/artifacts",
          headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
        }),
      false,
    ],
    ["the Google sign-in redirect", () => t.app.inject({ url: "/auth/google" }), false],
  ];

  it.each(requests)("%s carries the security headers", async (label, request, isDocument) => {
    const response = await request();
    expectSecurityHeaders(response, label);
    expectDocumentHeaders(response, label, isDocument);
    expect(response.headers["strict-transport-security"], label).toBeUndefined();
    expect(directives(response).has("upgrade-insecure-requests"), label).toBe(false);
  });

  it("serves HTML, JSON and assets with their real types (nosniff would block a wrong one)", async () => {
    const html = await t.app.inject({ url: "/", headers: { accept: "text/html" } });
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    const js = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(js.headers["content-type"]).toMatch(/javascript/);
    const json = await t.app.inject({ url: "/artifacts" });
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("behind https", () => {
  it("adds HSTS and upgrades insecure subresources", async () => {
    for (const url of ["/trpc/artifacts.popular", "/artifacts", "/healthz"]) {
      const response = await https.app.inject({ url });
      expectSecurityHeaders(response, url);
      expect(response.headers["strict-transport-security"], url).toBe("max-age=31536000");
      expect(directives(response).get("upgrade-insecure-requests"), url).toEqual([]);
    }
  });
});

describe("the web app's own index.html", () => {
  const source = readFileSync(
    fileURLToPath(new URL("../../../web/index.html", import.meta.url)),
    "utf8",
  );

  it("has no inline script, inline style element or event handler attribute the policy would block", () => {
    const scripts = [...source.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe("");
    }
    expect(source).not.toMatch(/<style\b/i);
    expect(source).not.toMatch(/\son[a-z]+\s*=/i);
    expect(source).not.toMatch(/\sstyle\s*=/i);
  });

  it("loads the theme-before-paint snippet as the file /theme-init.js", () => {
    expect(source).toContain('<script src="/theme-init.js"></script>');
    const snippet = fileURLToPath(new URL("../../../web/public/theme-init.js", import.meta.url));
    expect(readFileSync(snippet, "utf8")).toContain("data-theme");
  });
});
