import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { createUserWithSession } from "../support/users";

/* Helmet's headers and our Content-Security-Policy on every kind of answer. */

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
    '<!doctype html><html><head><script src="/theme-init.js"></script>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
  );
  writeFileSync(join(webDist, "theme-init.js"), "document.documentElement.dataset.theme='light';");
  writeFileSync(join(webDist, "assets", "index-abc123.js"), "export {};");
  writeFileSync(join(webDist, "assets", "index-abc123.css"), "body{margin:0}");
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
  expect(csp.get("img-src"), label).toEqual(["'self'", "https:", "http:"]);
  expect(csp.get("connect-src"), label).toEqual(["'self'"]);
  expect(csp.get("object-src"), label).toEqual(["'none'"]);
  expect(csp.get("base-uri"), label).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(csp.get("form-action"), label).toEqual(["'self'"]);
  const all = String(response.headers["content-security-policy"]);
  expect(all, label).not.toContain("unsafe-inline");
  expect(all, label).not.toContain("unsafe-eval");
  expect(all, label).not.toContain("data:");

  expect(response.headers["x-content-type-options"], label).toBe("nosniff");
  expect(response.headers["x-frame-options"], label).toBe("DENY");
  expect(response.headers["referrer-policy"], label).toBe("same-origin");
  expect(response.headers["cross-origin-opener-policy"], label).toBe("same-origin");
  expect(response.headers["cross-origin-resource-policy"], label).toBe("same-origin");
  expect(response.headers["x-permitted-cross-domain-policies"], label).toBe("none");
  expect(response.headers["x-powered-by"], label).toBeUndefined();
  expect(response.headers["x-request-id"], label).toEqual(expect.any(String));
}

describe("on plain http (localhost, a LAN box)", () => {
  const requests: [string, () => Promise<LightMyRequestResponse>][] = [
    ["the web app's HTML", () => t.app.inject({ url: "/", headers: { accept: "text/html" } })],
    [
      "a client route's HTML",
      () => t.app.inject({ url: "/allartifacts", headers: { accept: "text/html" } }),
    ],
    [
      "the detail page's HTML",
      () => t.app.inject({ url: `/artifacts/${artifactId}`, headers: { accept: "text/html" } }),
    ],
    ["a hashed script asset", () => t.app.inject({ url: "/assets/index-abc123.js" })],
    ["a stylesheet asset", () => t.app.inject({ url: "/assets/index-abc123.css" })],
    ["the theme snippet", () => t.app.inject({ url: "/theme-init.js" })],
    ["a tRPC answer", () => t.app.inject({ url: "/trpc/artifacts.popular" })],
    ["a tRPC error", () => t.app.inject({ url: "/trpc/artifacts.mine" })],
    ["a REST answer", () => t.app.inject({ url: "/artifacts" })],
    ["a REST 404", () => t.app.inject({ url: "/artifacts/999999" })],
    ["an unknown API path", () => t.app.inject({ url: "/api/nothing" })],
    ["the health check", () => t.app.inject({ url: "/healthz" })],
    ["the OpenAPI document", () => t.app.inject({ url: "/openapi.json" })],
    [
      "a refused cross-site write",
      () =>
        t.app.inject({
          method: "POST",
          url: "/artifacts",
          headers: { origin: "https://evil.example" },
        }),
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
    ],
    [
      "a preflight",
      () =>
        t.app.inject({
          method: "OPTIONS",
          url: "/artifacts",
          headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
        }),
    ],
    ["the Google sign-in redirect", () => t.app.inject({ url: "/auth/google" })],
  ];

  it.each(requests)("%s carries the security headers", async (label, request) => {
    const response = await request();
    expectSecurityHeaders(response, label);
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
