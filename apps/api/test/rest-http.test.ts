import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { loadEnv } from "../src/env";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";
import { addArtifactBody, postArtifact, rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

const FRIEND = "https://friend.example";
const PARTNER = "https://partner.example:8443";
const EVIL = "https://evil.example";

function count(t: TestApp, table: string): number {
  return (t.db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

function corsHeaders(response: LightMyRequestResponse): string[] {
  return Object.keys(response.headers).filter((name) => name.startsWith("access-control-"));
}

describe("cross-origin clients (CORS_ORIGINS)", () => {
  let t: TestApp;
  let alice: SignedInUser;

  beforeEach(async () => {
    t = await createTestApp({ CORS_ORIGINS: ` ${FRIEND}/ , ${PARTNER} ` });
    alice = await createUserWithSession(t, { email: "alice@example.com" });
  });

  afterEach(async () => {
    await t.close();
  });

  it("reflects a listed origin with credentials, and exposes the paging headers", async () => {
    for (const origin of [FRIEND, PARTNER]) {
      const response = await rest(t.app, "GET", "/artifacts", { origin });

      expect(response.statusCode).toBe(200);
      expect(response.headers["access-control-allow-origin"]).toBe(origin);
      expect(response.headers["access-control-allow-credentials"]).toBe("true");
      expect(response.headers["access-control-expose-headers"]).toContain("X-Total-Count");
      expect(response.headers["access-control-expose-headers"]).toContain("Link");
      expect(response.headers.vary).toContain("Origin");
    }
  });

  it("makes tRPC answers vary on Origin as well as on tRPC's own fields", async () => {
    const response = await t.app.inject({
      url: "/trpc/artifacts.popular",
      headers: { origin: FRIEND },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe(FRIEND);
    expect(String(response.headers.vary).split(", ")).toEqual(["Origin", "trpc-accept", "accept"]);
  });

  it("gives an unlisted origin no CORS headers", async () => {
    for (const origin of [EVIL, "null", `${FRIEND}.evil.example`, "http://friend.example"]) {
      const response = await rest(t.app, "GET", "/artifacts", { origin });
      expect(response.statusCode).toBe(200);
      expect(corsHeaders(response)).toEqual([]);
      expect(response.headers.vary).toContain("Origin");
    }
  });

  it("answers a listed origin's preflight with the methods and headers it may use", async () => {
    const response = await rest(t.app, "OPTIONS", "/artifacts/1", {
      origin: FRIEND,
      headers: {
        "access-control-request-method": "DELETE",
        "access-control-request-headers": "content-type",
      },
    });

    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe(FRIEND);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
    const methods = String(response.headers["access-control-allow-methods"]).split(", ");
    expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
    expect(String(response.headers["access-control-allow-headers"]).toLowerCase()).toContain(
      "content-type",
    );
    expect(response.body).toBe("");
  });

  it("answers an unlisted origin's preflight without CORS headers", async () => {
    const response = await rest(t.app, "OPTIONS", "/liked-artifacts", {
      origin: EVIL,
      headers: { "access-control-request-method": "POST" },
    });
    expect(response.statusCode).toBe(204);
    expect(corsHeaders(response)).toEqual([]);
  });

  it("lets a listed origin write with the visitor's cookie", async () => {
    const response = await rest(t.app, "POST", "/artifacts", {
      origin: FRIEND,
      cookie: alice.cookie,
      body: addArtifactBody(alice),
    });

    expect(response.statusCode).toBe(201);
    expect(response.headers["access-control-allow-origin"]).toBe(FRIEND);
    expect(count(t, "artifacts")).toBe(1);
  });

  it("refuses an unlisted origin's writes riding on the visitor's cookie", async () => {
    const id = await postArtifact(t.app, alice);
    const attempts = [
      rest(t.app, "POST", "/artifacts", {
        origin: EVIL,
        cookie: alice.cookie,
        body: addArtifactBody(alice),
      }),
      rest(t.app, "DELETE", `/artifacts/${id}`, {
        origin: EVIL,
        cookie: alice.cookie,
        body: { userEmail: alice.email },
      }),
      rest(t.app, "POST", "/liked-artifacts", {
        origin: EVIL,
        cookie: alice.cookie,
        body: { artifact_id: id, applicant_email: alice.email },
      }),
      rest(t.app, "POST", "/liked-artifacts", {
        origin: null,
        cookie: alice.cookie,
        headers: { "sec-fetch-site": "cross-site", "content-type": "text/plain" },
        payload: JSON.stringify({ artifact_id: id }),
      }),
    ];

    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: MESSAGES.crossOriginRefused });
      expect(corsHeaders(response)).toEqual([]);
    }
    expect(count(t, "artifacts")).toBe(1);
    expect(count(t, "likes")).toBe(0);
  });

  it("lets a non-browser client (no Origin, e.g. curl) write with its cookie", async () => {
    const response = await rest(t.app, "POST", "/artifacts", {
      origin: null,
      cookie: alice.cookie,
      body: addArtifactBody(alice),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe("CORS_ORIGINS configuration", () => {
  it("adds the CORS origins to the origins allowed to write", () => {
    const env = loadEnv({ PUBLIC_ORIGIN: TEST_ORIGIN, CORS_ORIGINS: `${FRIEND}, ${PARTNER}/x` });
    expect(env.corsOrigins).toEqual([FRIEND, PARTNER]);
    expect(env.allowedOrigins).toEqual(expect.arrayContaining([TEST_ORIGIN, FRIEND, PARTNER]));
  });

  it("is empty by default", () => {
    const env = loadEnv({ PUBLIC_ORIGIN: TEST_ORIGIN });
    expect(env.corsOrigins).toEqual([]);
    // The printed address's loopback twin is the same site (issue 29): localhost and 127.0.0.1.
    expect(env.allowedOrigins).toEqual([
      TEST_ORIGIN,
      TEST_ORIGIN.replace("localhost", "127.0.0.1"),
    ]);
  });

  it.each([["friend.example"], ["localhost:5173"], ["null"], ["ftp://friend.example"]])(
    "refuses %j, naming the variable",
    (value) => {
      expect(() => loadEnv({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    },
  );
});

describe("GET /artifacts/{id}: a browser navigation gets the web app, an API call JSON", () => {
  // The server writes public pages' tags into the title and description (issue 21): they must exist.
  const INDEX_HTML =
    '<!doctype html><html><head><title>Artifact Atlas</title><meta name="description" content="A collection"></head><body><div id=root></div>Artifact Atlas</body></html>';
  const NAVIGATION_ACCEPT =
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
  let webDist: string;
  let t: TestApp;
  let id: string;

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), "atlas-web-dist-"));
    writeFileSync(join(webDist, "index.html"), INDEX_HTML);
  });

  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
  });

  beforeEach(async () => {
    t = await createTestApp({ WEB_DIST_PATH: webDist });
    const alice = await createUserWithSession(t);
    id = await postArtifact(t.app, alice, { artifactName: "Venus de Milo" });
  });

  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, accept?: string) =>
    rest(t.app, "GET", url, accept === undefined ? {} : { headers: { accept } });

  it("answers a navigation (reload, shared link) with the web app's page", async () => {
    const response = await get(`/artifacts/${id}`, NAVIGATION_ACCEPT);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.headers.vary).toContain("Accept");
    expect(response.body).toBe(INDEX_HTML);
  });

  it("answers the page even for an id the web app will report as not found", async () => {
    const response = await get("/artifacts/not-an-id", "text/html");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });

  it.each([
    ["application/json", "application/json"],
    ["*/* (fetch's default)", "*/*"],
    ["no Accept (curl)", undefined],
  ])("answers JSON to %s", async (_label, accept) => {
    const response = await get(`/artifacts/${id}`, accept);

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers.vary).toContain("Accept");
    expect(response.json()).toMatchObject({ _id: id, artifactName: "Venus de Milo" });
  });

  it("answers an API client 404 JSON for a malformed id", async () => {
    const response = await get("/artifacts/not-an-id", "application/json");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: MESSAGES.artifactNotFound });
  });

  it("answers JSON to a navigation when the web app is not built", async () => {
    const apiOnly = await createTestApp();
    try {
      const alice = await createUserWithSession(apiOnly);
      const otherId = await postArtifact(apiOnly.app, alice, { artifactName: "Lone" });
      const response = await rest(apiOnly.app, "GET", `/artifacts/${otherId}`, {
        headers: { accept: NAVIGATION_ACCEPT },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ artifactName: "Lone" });
    } finally {
      await apiOnly.close();
    }
  });
});

describe("no input produces a server error", () => {
  let t: TestApp;
  let alice: SignedInUser;

  beforeEach(async () => {
    t = await createTestApp();
    alice = await createUserWithSession(t, { email: "alice@example.com" });
    await postArtifact(t.app, alice);
  });

  afterEach(async () => {
    await t.close();
  });

  const weirdIds = ["%00", "%F0%9F%8F%BA", "1%20OR%201=1", "'; drop table artifacts;--", "1e400"];
  const weirdBodies = [
    "{}",
    "[]",
    "null",
    "true",
    '{"artifact_id": null}',
    '{"artifact_id": 1e400}',
    '{"artifact_id": "1", "applicant_email": {"$ne": ""}}',
    '{"userEmail": null}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '{"artifactName": "\\u0000"}',
  ];

  it("answers every odd id and body with a JSON 4xx or a success", async () => {
    const requests: Promise<LightMyRequestResponse>[] = [];
    for (const id of weirdIds) {
      requests.push(rest(t.app, "GET", `/artifacts/${id}`));
      requests.push(rest(t.app, "GET", `/liked-artifacts/${id}`, { cookie: alice.cookie }));
      requests.push(rest(t.app, "DELETE", `/liked-artifacts/${id}`, { cookie: alice.cookie }));
      requests.push(rest(t.app, "GET", `/artifacts?limit=${id}&type=${id}&page=${id}`));
    }
    for (const payload of weirdBodies) {
      const options = {
        cookie: alice.cookie,
        headers: { "content-type": "application/json" },
        payload,
      };
      requests.push(rest(t.app, "POST", "/artifacts", options));
      requests.push(rest(t.app, "PUT", "/artifacts/1", options));
      requests.push(rest(t.app, "DELETE", "/artifacts/999", options));
      requests.push(rest(t.app, "POST", "/liked-artifacts", options));
      requests.push(rest(t.app, "POST", "/jwt", options));
    }

    for (const response of await Promise.all(requests)) {
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
    }
    expect(count(t, "artifacts")).toBe(1);
  });
});

describe("GET /openapi.json", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it("is served", async () => {
    const response = await rest(t.app, "GET", "/openapi.json");
    expect(response.statusCode).toBe(200);
    expect((response.json() as { openapi: string }).openapi).toBe("3.1.0");
  });
});
