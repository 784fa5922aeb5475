import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { AppDatabase } from "./client";

/** apps/api/drizzle, seen from src/db/ when run from source and from dist/ when bundled. */
export function findMigrationsFolder(): string {
  for (const relative of ["../../drizzle", "../drizzle"]) {
    const folder = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${folder}/meta/_journal.json`)) return folder;
  }
  throw new Error("The database migrations folder (apps/api/drizzle) is missing.");
}

/** Applies the pending migrations; drizzle runs them all in one transaction, so a failure changes nothing. */
export function migrateDatabase(db: AppDatabase, migrationsFolder = findMigrationsFolder()): void {
  migrate(db, { migrationsFolder });
}

/** The tables every version of Artifact Atlas has had since its first migration. */
const OUR_TABLES = ["users", "sessions", "artifacts", "likes", "__drizzle_migrations"];

/**
 * What a database file holds, judged by its tables and its migrations journal:
 * - empty: a new file (the server migrates it);
 * - atlas: ours, `pending` migrations behind this version (0 when current);
 * - newer: ours, with migrations this version does not know (written by a later version);
 * - foreign: tables, but not ours (DATABASE_PATH points at some other program's database).
 */
export type DatabaseKind =
  | { kind: "empty" }
  | { kind: "atlas"; pending: number; version: string; codeVersion: string }
  | { kind: "newer"; unknown: number; version: string; codeVersion: string }
  | { kind: "foreign"; tables: string[] };

/**
 * A schema version in words: the number of the newest migration applied ("0029" after
 * 0029_automatic_hides_backfill), "none" before the first. Backups made before an upgrade are
 * named after the versions they go from and to.
 */
export function schemaVersionName(migrationsApplied: number): string {
  return migrationsApplied === 0 ? "none" : String(migrationsApplied - 1).padStart(4, "0");
}

/** The schema version this code migrates to. */
export function codeSchemaVersion(migrationsFolder = findMigrationsFolder()): string {
  return schemaVersionName(readMigrationFiles({ migrationsFolder }).length);
}

export function inspectDatabase(
  sqlite: Database.Database,
  migrationsFolder = findMigrationsFolder(),
): DatabaseKind {
  const tables = (
    sqlite
      .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[]
  ).map((row) => row.name);
  if (tables.length === 0) return { kind: "empty" };
  if (!OUR_TABLES.every((table) => tables.includes(table))) return { kind: "foreign", tables };

  // drizzle applies every migration newer than the newest one recorded (by its journal time).
  const known = readMigrationFiles({ migrationsFolder }).map((meta) => meta.folderMillis);
  const applied = (
    sqlite.prepare("select created_at from __drizzle_migrations").all() as {
      created_at: number | string;
    }[]
  ).map((row) => Number(row.created_at));
  const unknown = applied.filter((when) => !known.includes(when)).length;
  const version = schemaVersionName(applied.length);
  const codeVersion = schemaVersionName(known.length);
  if (unknown > 0) return { kind: "newer", unknown, version, codeVersion };
  const newest = Math.max(0, ...applied);
  const pending = known.filter((when) => when > newest).length;
  return { kind: "atlas", pending, version, codeVersion };
}
