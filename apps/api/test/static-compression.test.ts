import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { negotiateEncoding } from "../src/plugins/spa";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession } from "./support/users";

/*
 * The web build's text files leave the server brotli- or gzip-compressed, from the .br and .gz
 * copies the build writes beside them (apps/web/vite.config.ts), index.html included.
 */

const SCRIPT = `export const names = [${Array.from({ length: 200 }, (_, i) => `"artifact ${i}"`).join(", ")}];\n`;
const STYLES = `body{margin:0}\n${".card{border:1px solid #ddd;border-radius:16px}\n".repeat(50)}`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Artifact Atlas</title><meta name="description" content="A collection">${'<meta name="x" content="y">'.repeat(20)}</head><body><div id="root"></div></body></html>`;
/** A file the build left uncompressed (too small to gain): always sent as it is. */
const SMALL = "document.documentElement.dataset.theme='light';";

let t: TestApp;
let webDist: string;
let artifactId: number;

/** Writes a file and, as the build does, its compressed copies. */
function writeWithCopies(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text, { level: 9 }));
}

beforeAll(async () => {
  // A stand-in for apps/web/dist: the tests must not depend on a build having run.
  webDist = mkdtempSync(join(tmpdir(), "atlas-web-dist-"));
  mkdirSync(join(webDist, "assets"));
  writeWithCopies(join(webDist, "index.html"), INDEX_HTML);
  writeWithCopies(join(webDist, "assets", "index-abc123.js"), SCRIPT);
  writeWithCopies(join(webDist, "assets", "index-abc123.css"), STYLES);
  writeFileSync(join(webDist, "theme-init.js"), SMALL);
  t = await createTestApp({ WEB_DIST_PATH: webDist });
  artifactId = (await addArtifact(t, await createUserWithSession(t))).id;
});

afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

/** The encodings listed in Vary, lower-cased. */
const varyFields = (vary: unknown) =>
  String(vary ?? "")
    .split(",")
    .map((field) => field.trim().toLowerCase());

describe("hashed assets", () => {
  it.each([
    ["br", "br", brotliDecompressSync],
    ["gzip, deflate, br", "br", brotliDecompressSync],
    ["gzip", "gzip", gunzipSync],
    ["br;q=0, gzip", "gzip", gunzipSync],
  ])(
    "Accept-Encoding %s gets %s bytes that decompress to the file",
    async (accept, encoding, decompress) => {
      const response = await get("/assets/index-abc123.js", { "accept-encoding": accept });

      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(/javascript/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(varyFields(response.headers.vary)).toContain("accept-encoding");
      expect(response.rawPayload.length).toBeLessThan(SCRIPT.length);
      expect(decompress(response.rawPayload).toString("utf8")).toBe(SCRIPT);
    },
  );

  it("serves the stylesheet compressed with its own type", async () => {
    const response = await get("/assets/index-abc123.css", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^text\/css/);
    expect(brotliDecompressSync(response.rawPayload).toString("utf8")).toBe(STYLES);
  });

  it.each([
    ["no Accept-Encoding", {}],
    ["identity", { "accept-encoding": "identity" }],
    ["an encoding we do not keep", { "accept-encoding": "zstd" }],
  ])("sends the plain file for %s", async (_label, headers: Record<string, string>) => {
    const response = await get("/assets/index-abc123.js", headers);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(varyFields(response.headers.vary)).toContain("accept-encoding");
    expect(response.body).toBe(SCRIPT);
  });

  it("sends a file that has no compressed copy as it is, whatever the browser accepts", async () => {
    const response = await get("/theme-init.js", { "accept-encoding": "gzip, deflate, br" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(SMALL);
  });

  it("gives the compressed copies no address of their own", async () => {
    const response = await get("/assets/index-abc123.js.br", { accept: "*/*" });
    expect(response.statusCode).toBe(404);
  });
});

describe("index.html", () => {
  const navigation = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

  it.each([
    ["/", "br", brotliDecompressSync],
    ["/allartifacts", "gzip", gunzipSync],
  ])("%s with Accept-Encoding %s gets the compressed page", async (url, encoding, decompress) => {
    const response = await get(url, { ...navigation, "accept-encoding": encoding });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(varyFields(response.headers.vary)).toContain("accept-encoding");
    expect(decompress(response.rawPayload).toString("utf8")).toBe(INDEX_HTML);
  });

  it("gets the plain page without Accept-Encoding", async () => {
    const response = await get("/login", navigation);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(varyFields(response.headers.vary)).toContain("accept-encoding");
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each([
    ["/", "*/*"],
    ["/allartifacts", "application/json"],
    ["/myartifacts", undefined],
    ["/update-artifact/3", "text/plain"],
    ["/no-such-screen", "*/*"],
  ])("%s answers the web app whatever the Accept header (%s)", async (url, accept) => {
    const response = await get(url, accept === undefined ? {} : { accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(varyFields(response.headers.vary)).not.toContain("accept");
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each([
    ["/trpc/no.such.procedure"],
    ["/healthz/extra"],
    ["/auth/unknown"],
    ["/artifacts/1/extra"],
    ["/jwt/extra"],
    ["/assets/missing-abc123.js"],
  ])("%s is an API or asset path: an unknown one is a JSON 404, even to a browser", async (url) => {
    const response = await get(url, navigation);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("keeps Vary: Accept where a path is both a page and an API answer", async () => {
    const response = await get(`/artifacts/${artifactId}`, {
      ...navigation,
      "accept-encoding": "gzip, br",
    });

    expect(response.headers["content-encoding"]).toBe("br");
    expect(varyFields(response.headers.vary)).toEqual(
      expect.arrayContaining(["accept", "accept-encoding"]),
    );
    expect(brotliDecompressSync(response.rawPayload).toString("utf8")).toBe(INDEX_HTML);
  });
});

describe("negotiateEncoding", () => {
  const both = ["br", "gzip"] as const;

  it.each([
    [undefined, both, undefined],
    ["", both, undefined],
    ["gzip, deflate, br", both, "br"],
    ["gzip;q=1, br;q=0.5", both, "gzip"],
    ["br;q=0", both, undefined],
    ["*", both, "br"],
    ["*;q=0.5, br;q=0", both, "gzip"],
    ["br", ["gzip"] as const, undefined],
    ["GZIP", both, "gzip"],
    ["identity", both, undefined],
  ] as const)("%s of %j picks %s", (header, available, expected) => {
    expect(negotiateEncoding(header, available)).toBe(expected);
  });
});
