import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { fingerprint } from "../support/fingerprint";
import { createUserWithSession, type SignedInUser } from "../support/users";

/* Bodies too large, too deep or malformed: always a 4xx, never a 500, and nothing stored. */

let t: TestApp;
let user: SignedInUser;
let artifactId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUserWithSession(t);
  artifactId = (await addArtifact(t, user)).id;
});

afterAll(async () => {
  await t.close();
});

const WRITES = [
  { method: "POST", url: "/trpc/artifacts.create" },
  { method: "POST", url: "/trpc/artifacts.update" },
  { method: "POST", url: "/trpc/users.updateProfile" },
  { method: "POST", url: "/trpc/likes.like" },
  { method: "POST", url: "/trpc/auth.signup" },
  { method: "POST", url: "/trpc/auth.login" },
  { method: "POST", url: "/artifacts" },
  { method: "PUT", url: "/artifacts/ID" },
  { method: "DELETE", url: "/artifacts/ID" },
  { method: "POST", url: "/liked-artifacts" },
  { method: "POST", url: "/jwt" },
] as const;

async function send(method: string, url: string, payload: string) {
  return t.app.inject({
    method: method as "POST",
    url: url.replace("ID", String(artifactId)),
    headers: { origin: TEST_ORIGIN, cookie: user.cookie, "content-type": "application/json" },
    payload,
  });
}

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

describe.each(WRITES)("$method $url", ({ method, url }) => {
  it("answers 413 to a body over 64 KiB", async () => {
    const before = fingerprint(t.db);
    const big = JSON.stringify({ ...artifactFields(), historicalContext: "x".repeat(70 * 1024) });
    const response = await send(method, url, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty("error");
    expect(fingerprint(t.db)).toEqual(before);
  });

  it("answers 413 to a megabyte", async () => {
    const response = await send(method, url, JSON.stringify({ a: "y".repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
  });

  it("answers 4xx, never 5xx, to deeply nested JSON under the size limit", async () => {
    // Built as text: JSON.stringify itself recurses and would overflow on the way.
    const fields = JSON.stringify(artifactFields()).slice(0, -1);
    const bodies = [
      deepArray(30_000),
      deepObject(10_000),
      `${fields},"artifactName":${deepArray(5_000)}}`,
      `{"id":${deepObject(5_000)},"fields":${deepArray(5_000)},"artifact_id":${deepArray(5_000)}}`,
    ];
    for (const body of bodies) {
      expect(body.length).toBeLessThan(64 * 1024);
      const before = fingerprint(t.db);
      const response = await send(method, url, body);
      expect(response.statusCode, body.slice(0, 20)).toBeLessThan(500);
      // A deep object under a key no schema knows may be dropped and the rest accepted (a DELETE
      // needs nothing more); anything refused changed nothing.
      if (body.startsWith("[")) expect(response.statusCode).toBeGreaterThanOrEqual(400);
      if (response.statusCode >= 400) expect(fingerprint(t.db)).toEqual(before);
    }
  });

  it("answers 4xx to malformed JSON, and prototype poisoning pollutes nothing", async () => {
    const before = fingerprint(t.db);
    for (const body of ["{", '{"a":}', "\u0000", "[1,]", '{"id":01}']) {
      const response = await send(method, url, body);
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body).toBeLessThan(500);
    }
    // A "__proto__" key is refused (REST) or read as a plain key that no schema knows (tRPC).
    for (const body of [
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ]) {
      const response = await send(method, url, body);
      expect(response.statusCode, body).toBeLessThan(500);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(fingerprint(t.db)).toEqual(before);
  });
});

describe("queries", () => {
  it("answers 4xx to deeply nested and oversized tRPC query input", async () => {
    const query = (path: string, input: string) =>
      t.app.inject({
        method: "GET",
        url: `/trpc/${path}?input=${encodeURIComponent(input)}`,
        headers: { cookie: user.cookie },
      });
    for (const input of [deepArray(3_000), JSON.stringify("z".repeat(6_000))]) {
      for (const path of ["artifacts.list", "artifacts.byId", "likes.status"]) {
        const response = await query(path, input);
        expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, path).toBeLessThan(500);
      }
    }
    // An object nested deep under a key no schema knows is dropped: a plain first page.
    const list = await query("artifacts.list", deepObject(1_500));
    expect(list.statusCode).toBe(200);
    const byId = await query("artifacts.byId", deepObject(1_500));
    expect(byId.statusCode).toBe(400);
  });

  it("answers 4xx to a batch of hundreds of calls with hostile input", async () => {
    const paths = Array.from({ length: 300 }, () => "artifacts.byId").join(",");
    const input = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [String(i), i % 2 ? { id: "1 OR 1=1" } : [[[]]]]),
    );
    const response = await t.app.inject({
      method: "GET",
      url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it("reads operator-looking keys as unknown parameters", async () => {
    const all = await t.app.inject({ method: "GET", url: "/artifacts" });
    const response = await t.app.inject({ method: "GET", url: "/artifacts?type[$ne]=Tools" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(all.json());
  });

  it("answers 4xx to absurd REST query strings", async () => {
    for (const query of [
      "limit=1e309",
      "page=-1",
      "pageSize=1.5",
      "email=a@b.org&email=c@d.org",
      `type=${"T".repeat(10_000)}`,
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/artifacts?${query}` });
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
    }
  });
});
