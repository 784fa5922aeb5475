import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "../../src/db/client";
import { findMigrationsFolder, migrateDatabase } from "../../src/db/migrate";
import { createArtifactStore } from "../../src/store/artifact-store";
import { listPage } from "../support/find";

/*
 * Migrations 0012 and 0013 change the artifacts table of a live database: every row, like and
 * session must survive them (a table rebuild would have cascaded them away; 17-BASE warning).
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before `firstTag`. */
function migrationsBefore(firstTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "atlas-migrations-"));
  dirs.push(dir);
  cpSync(findMigrationsFolder(), dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === firstTag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migrations 0012 and 0013 on an existing database", () => {
  it("keep every artifact, like and session, all published and found by search", () => {
    const dir = mkdtempSync(join(tmpdir(), "atlas-db-"));
    dirs.push(dir);
    const db = openDatabase(join(dir, "atlas.db"));
    try {
      migrateDatabase(db, migrationsBefore("0012_artifact_status_and_trash"));
      const sqlite = db.$client;
      sqlite
        .prepare("insert into users (id, email, name) values (1, 'a@example.com', 'Ada Archivist')")
        .run();
      sqlite
        .prepare("insert into sessions (id, user_id, expires_at) values ('s1', 1, ?)")
        .run(Date.now() + 60_000);
      const insert = sqlite.prepare(
        `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
           historical_context, created_at, discovered_at, discovered_by, present_location, username)
         values (1, ?, 'https://example.org/a.jpg', 'Tools', 'ctx', '1 AD', '1900', 'x', 'y', 'Ada')`,
      );
      for (const name of ["Bronze lamp", "Bronze mirror", "Clay jar"]) insert.run(name);
      sqlite.prepare("insert into likes (artifact_id, user_id) values (1, 1)").run();

      migrateDatabase(db);

      const counts = sqlite
        .prepare(
          `select (select count(*) from artifacts) as artifacts, (select count(*) from likes) as likes,
             (select count(*) from sessions) as sessions,
             (select count(*) from artifacts where status = 'published' and deleted_at is null) as public`,
        )
        .get();
      expect(counts).toEqual({ artifacts: 3, likes: 1, sessions: 1, public: 3 });
      expect(sqlite.prepare("select like_count from artifacts where id = 1").pluck().get()).toBe(1);
      const store = createArtifactStore(db, {
        readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
      });
      expect(store.find.collectionSize()).toBe(3);
      expect(listPage(store, { search: "bronze", sort: "default", page: 1 }).total).toBe(2);
      expect(listPage(store, { search: "ja", sort: "default", page: 1 }).total).toBe(1);
    } finally {
      closeDatabase(db);
    }
  });
});
