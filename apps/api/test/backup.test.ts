import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, test } from "vitest";
import { backupDatabase, isIntact } from "../src/db/backup";
import { seedDemoCollection } from "../src/db/seed";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession } from "./support/users";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

const TABLES = ["users", "sessions", "artifacts", "likes", "__drizzle_migrations"];

function rows(db: Database.Database, table: string): unknown[] {
  return db.prepare(`select * from ${table} order by rowid`).all();
}

test("writes a verified, self-contained copy with the same rows under backups/", async () => {
  seedDemoCollection(t.db);
  const user = await createUserWithSession(t);
  const artifact = await addArtifact(t, user);
  await trpc(t.app, "mutation", "likes.like", { id: artifact.id }, user.cookie);

  const path = await backupDatabase(t.db, t.env.databasePath, new Date("2026-03-04T05:06:07.890Z"));
  const backups = join(dirname(t.env.databasePath), "backups");
  expect(path).toBe(join(backups, "artifact-atlas-2026-03-04T05-06-07.db"));
  // One file: no WAL or shared-memory companions, no half-written leftovers.
  expect(readdirSync(backups)).toEqual(["artifact-atlas-2026-03-04T05-06-07.db"]);
  expect(isIntact(path)).toBe(true);

  const copy = new Database(path, { readonly: true, fileMustExist: true });
  try {
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    for (const table of TABLES) {
      const live = rows(t.db.$client, table);
      expect(live.length, table).toBeGreaterThan(0);
      expect(rows(copy, table), table).toEqual(live);
    }
  } finally {
    copy.close();
  }
  expect(readdirSync(backups)).toHaveLength(1);
});

test("the live database stays usable during and after a backup", async () => {
  seedDemoCollection(t.db);
  const user = await createUserWithSession(t);
  const backup = backupDatabase(t.db, t.env.databasePath, new Date("2026-03-04T05:06:08Z"));
  const created = await addArtifact(t, user);
  const path = await backup;
  expect(isIntact(path)).toBe(true);
  const byId = await trpc(t.app, "query", "artifacts.byId", { id: created.id });
  expect(byId.status).toBe(200);
});

test("refuses to overwrite an existing backup", async () => {
  const at = new Date("2026-03-04T05:06:09Z");
  const path = await backupDatabase(t.db, t.env.databasePath, at);
  await expect(backupDatabase(t.db, t.env.databasePath, at)).rejects.toThrow(/already exists/);
  expect(existsSync(path)).toBe(true);
  expect(isIntact(path)).toBe(true);
});
