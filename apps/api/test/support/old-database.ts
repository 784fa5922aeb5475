import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { findMigrationsFolder } from "../../src/db/migrate";

/*
 * A database as an older version of Artifact Atlas left it, built from the committed migrations
 * 0000..N (no binary fixture): the migrations folder cut after N, applied with drizzle's migrator
 * as that version's start applied them.
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** Applies the committed migrations up to and including `lastIndex` to the database at `path`. */
export function migrateUpTo(path: string, lastIndex: number, workDir: string): void {
  const real = findMigrationsFolder();
  const folder = join(workDir, `migrations-0-${lastIndex}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(join(real, "meta/_journal.json"), "utf8")) as Journal;
  const entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    copyFileSync(join(real, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  const sqlite = new Database(path);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    migrate(drizzle(sqlite), { migrationsFolder: folder });
  } finally {
    sqlite.close();
  }
}

/** The index of the newest committed migration. */
/** The index of the migration named `tag` ("0031_artifact_images"). */
export function migrationIndex(tag: string): number {
  const journal = JSON.parse(
    readFileSync(join(findMigrationsFolder(), "meta/_journal.json"), "utf8"),
  ) as Journal;
  const entry = journal.entries.find((candidate) => candidate.tag === tag);
  if (!entry) throw new Error(`no migration ${tag}`);
  return entry.idx;
}

export function newestMigrationIndex(): number {
  const journal = JSON.parse(
    readFileSync(join(findMigrationsFolder(), "meta/_journal.json"), "utf8"),
  ) as Journal;
  return Math.max(...journal.entries.map((entry) => entry.idx));
}
