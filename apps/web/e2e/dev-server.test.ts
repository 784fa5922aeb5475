import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setRoleOnDisk } from "@artifact-atlas/api/test-support/roles-on-disk";
import {
  freePort,
  SERVER_FROM_SOURCE,
  startServer,
  stopServer,
  type ServerProcess,
} from "@artifact-atlas/api/test-support/server-process";
import type { APIRequestContext, Browser, BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Artifact, ImportReport } from "@artifact-atlas/shared";
import { createArtifact, signUp, type Account } from "./support/api";
import { launchBrowser, newContext, openPage } from "./support/browser";

/*
 * `pnpm dev` as a developer runs it: the API from its sources under tsx and Vite's dev server,
 * each on a free port, with Vite forwarding to the API. Every feature that goes outside tRPC is
 * used through Vite's port, with a real session cookie: an upload and its image, an import, an
 * export, Download my data, REST, the OpenAPI document, the sitemap; then a browser loads a public
 * page through Vite and sees the artifact and its uploaded picture.
 */

/** Vite's command, as `pnpm dev` runs it (its package exports no path to it). */
const VITE_BIN = join(
  dirname(createRequire(import.meta.url).resolve("vite/package.json")),
  "bin/vite.js",
);

/** What a browser sends when it loads a page (a link, a download, a typed address). */
const PAGE_LOAD = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

let dir = "";
let api: ServerProcess | undefined;
let vite: ServerProcess | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let request: APIRequestContext;
let origin = "";
let account: Account;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-dev-"));
  const webBuild = join(dir, "no-build");
  mkdirSync(webBuild);
  const [apiPort, vitePort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${vitePort}`;
  [api, vite, browser] = await Promise.all([
    startServer({
      name: "the API under tsx",
      entry: SERVER_FROM_SOURCE,
      port: apiPort,
      env: {
        NODE_ENV: "development",
        DEV_ORIGINS: origin,
        DATABASE_PATH: join(dir, "atlas.db"),
        // No build: what the browser gets, Vite serves.
        WEB_DIST_PATH: webBuild,
        LOG_LEVEL: "warn",
      },
      timeoutMs: 60_000,
    }),
    startServer({
      name: "Vite's dev server",
      entry: [
        VITE_BIN,
        "apps/web",
        "--port",
        String(vitePort),
        "--strictPort",
        "--host",
        "127.0.0.1",
      ],
      port: vitePort,
      env: { ATLAS_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
      timeoutMs: 60_000,
    }),
    launchBrowser(),
  ]);
  context = await newContext(browser);
  request = context.request;
  account = await signUp(context, origin, "Dev Tester", "dev");
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([vite && stopServer(vite), api && stopServer(api)]);
  rmSync(dir, { recursive: true, force: true });
});

/** A real photograph's worth of JPEG: two bands of colour. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a4a2a" } })
    .composite([
      {
        input: { create: { width: 450, height: 600, channels: 3, background: "#d9c29a" } },
        left: 450,
        top: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe("pnpm dev, through Vite's port", () => {
  let uploaded = "";
  let artifact: Artifact;

  it("uploads an image and serves it", async () => {
    const upload = await request.post(`${origin}/images`, {
      headers: { origin },
      multipart: { file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const image = (await upload.json()) as { url: string; width: number; height: number };
    expect(image.url).toMatch(/^\/images\/[0-9a-f]{64}$/);
    uploaded = image.url;

    const served = await request.get(`${origin}${uploaded}`, {
      headers: { accept: "image/avif,image/webp,*/*" },
    });
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^image\//);
    // An image opened in a tab of its own is a page load: still the API's.
    const inTab = await request.get(`${origin}${uploaded}`, { headers: PAGE_LOAD });
    expect(inTab.headers()["content-type"]).toMatch(/^image\//);

    artifact = await createArtifact(context, origin, {
      artifactName: "Dev Server Sextant",
      artifactImage: uploaded,
    });
    expect(artifact.artifactImage).toBe(uploaded);
  });

  it("imports a file as a curator", async () => {
    setRoleOnDisk(join(dir, "atlas.db"), account.email, "curator");
    const csv = [
      "artifactName,artifactImage,artifactType,historicalContext,createdAt,discoveredAt,discoveredBy,presentLocation",
      "Dev Import Lamp,https://images.example.invalid/lamp.jpg,Tools,An oil lamp from a dev import.,1st Century,1901,A farmer,A museum",
    ].join("\r\n");
    const send = (dryRun: boolean) =>
      request.post(`${origin}/imports?dryRun=${dryRun}&fileName=lamp.csv`, {
        headers: { origin, "content-type": "text/csv" },
        data: csv,
      });
    const check = await send(true);
    expect(check.status(), await check.text()).toBe(200);
    expect(((await check.json()) as ImportReport).added).toBe(1);
    const done = await send(false);
    expect(done.status(), await done.text()).toBe(201);
    expect(((await done.json()) as ImportReport).added).toBe(1);
  });

  it("exports the collection from the Export link", async () => {
    const csv = await request.get(`${origin}/export?format=csv`, { headers: PAGE_LOAD });
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain("Dev Server Sextant");
  });

  it("downloads my data from its link", async () => {
    const data = await request.get(`${origin}/account/data`, { headers: PAGE_LOAD });
    expect(data.status()).toBe(200);
    expect(data.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await data.text()).toContain(account.email);
  });

  it("answers REST, the OpenAPI document and the sitemap, and leaves pages to Vite", async () => {
    const rest = await request.get(`${origin}/artifacts/${artifact.id}`, {
      headers: { accept: "application/json" },
    });
    expect(rest.status()).toBe(200);
    expect(((await rest.json()) as Artifact).artifactName).toBe("Dev Server Sextant");
    const openapi = await request.get(`${origin}/openapi.json`, { headers: PAGE_LOAD });
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    const sitemap = await request.get(`${origin}/sitemap.xml`, { headers: PAGE_LOAD });
    expect(await sitemap.text()).toContain(`/a/${artifact.id}`);
    // The same address loaded as a page is the web app, from Vite (its client script in the page).
    const page = await request.get(`${origin}/artifacts/${artifact.id}`, { headers: PAGE_LOAD });
    expect(await page.text()).toContain("/@vite/client");
  });

  it("loads a public page in the browser, with its uploaded image", async () => {
    const visitor = await newContext(browser!);
    const { page, problems } = await openPage(visitor);
    await page.goto(`${origin}/a/${artifact.id}`);
    await page
      .getByRole("heading", { level: 1, name: "Dev Server Sextant" })
      .waitFor({ timeout: 60_000 });
    // The upload itself, not its blurred placeholder (a data: URL shown until the image loads).
    const image = page.locator(`article img[src*="${uploaded}"]`).first();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await visitor.close();
  });
});
