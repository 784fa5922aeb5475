import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The Backups tab's doors (issue 35), attacked: a backup holds every account's password hash and
 * every hidden artifact, and a restore throws away what changed since. Members, curators and the
 * signed-out try each door; an admin's cookie is ridden from another site; names are bent into
 * paths to read other files of the server. Each is refused and nothing is made, sent or restored.
 */

let t: TestApp;
let admin: SignedInUser;
let curator: SignedInUser;
let member: SignedInUser;
let backup: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: "admin" });
  curator = await createUserWithSession(t, { role: "curator" });
  member = await createUserWithSession(t);
  const made = await trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie);
  backup = (made.data as { name: string }).name;
  // A file beside the backups that is not one.
  writeFileSync(join(t.app.deps.backups.folder, "notes.db"), "not a backup");
});

afterAll(async () => {
  await t.close();
});

const pendingRestore = () => join(dirname(t.env.databasePath), "restore-pending.json");
const backupCount = () => t.app.deps.backups.list().length;

type Door = (cookie: string | undefined) => Promise<number>;

const DOORS: Record<string, Door> = {
  "tRPC backups.overview": async (cookie) =>
    (await trpc(t.app, "query", "backups.overview", undefined, cookie)).status,
  "tRPC backups.backUpNow": async (cookie) =>
    (await trpc(t.app, "mutation", "backups.backUpNow", undefined, cookie)).status,
  "tRPC backups.restore": async (cookie) =>
    (await trpc(t.app, "mutation", "backups.restore", { name: backup }, cookie)).status,
  "GET /admin/backups/{name}/download": async (cookie) =>
    (
      await rest(t.app, "GET", `/admin/backups/${backup}/download`, {
        ...(cookie ? { cookie } : {}),
      })
    ).statusCode,
};

describe("who knocks", () => {
  it.each(Object.keys(DOORS))("%s: member 403, curator 403, signed out 401", async (door) => {
    const call = DOORS[door]!;
    expect(await call(member.cookie)).toBe(403);
    expect(await call(curator.cookie)).toBe(403);
    expect(await call(undefined)).toBe(401);
    expect(backupCount()).toBe(1);
    expect(existsSync(pendingRestore())).toBe(false);
  });

  it("a download refused gives none of the file", async () => {
    const response = await rest(t.app, "GET", `/admin/backups/${backup}/download`, {
      cookie: member.cookie,
    });
    expect(response.statusCode).toBe(403);
    expect(response.rawPayload.includes("SQLite format 3")).toBe(false);
  });
});

describe("another site riding on an admin's cookie", () => {
  it("cannot make a backup or restore one", async () => {
    for (const path of ["backups.backUpNow", "backups.restore"]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/trpc/${path}`,
        headers: {
          cookie: admin.cookie,
          origin: "https://evil.example",
          "content-type": "application/json",
        },
        payload: JSON.stringify({ name: backup }),
      });
      expect(response.statusCode, path).toBe(403);
    }
    expect(backupCount()).toBe(1);
    expect(existsSync(pendingRestore())).toBe(false);
  });

  it("a form post (no JSON, no Origin) cannot ask for a restore either", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/backups.restore",
      headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: `name=${backup}`,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(existsSync(pendingRestore())).toBe(false);
  });
});

describe("names bent into paths, as an admin", () => {
  const HOSTILE_NAMES = [
    "..%2F..%2Ftest.db",
    "..%2Ftest",
    "%2e%2e",
    "notes",
    "last-restore",
    `${backup}%2F..%2F..%2Ftest`,
    `${backup}-before-restore`,
    `${backup}%00`,
    `${backup}.db`,
    "artifact-atlas-2026-01-01T00-00-00",
    `artifact-atlas-2026-01-01T00-00-00-${"a".repeat(500)}`,
    "%ED%A0%80",
  ];

  // 414: longer than a path parameter may be (Fastify's maxParamLength).
  it.each(HOSTILE_NAMES)("download of %s: 400, 404 or 414, no file", async (name) => {
    const response = await rest(t.app, "GET", `/admin/backups/${name}/download`, {
      cookie: admin.cookie,
    });
    expect([400, 404, 414]).toContain(response.statusCode);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.rawPayload.includes("SQLite format 3")).toBe(false);
  });

  it.each(HOSTILE_NAMES.map(decodeURIComponentSafe))(
    "restore of %j: 400, nothing asked for",
    async (name) => {
      const response = await trpc(t.app, "mutation", "backups.restore", { name }, admin.cookie);
      expect(response.status).toBe(400);
      expect(existsSync(pendingRestore())).toBe(false);
    },
  );

  it("a restore input that is not a name at all is refused", async () => {
    for (const input of [{}, { name: 42 }, { name: ["a"] }, { name: { $ne: "" } }]) {
      const response = await trpc(t.app, "mutation", "backups.restore", input, admin.cookie);
      expect(response.status, JSON.stringify(input)).toBe(400);
    }
    expect(existsSync(pendingRestore())).toBe(false);
  });
});

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
