import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import type { AppDatabase } from "./client";

/** `<dir of the database>/backups/artifact-atlas-YYYY-MM-DDTHH-MM-SS.db` (UTC). */
export function backupPathFor(databasePath: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, "-");
  return join(dirname(databasePath), "backups", `artifact-atlas-${stamp}.db`);
}

/** Runs SQLite's integrity check on a database file opened read-only; true when it says "ok". */
export function isIntact(path: string): boolean {
  const copy = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return copy.pragma("integrity_check", { simple: true }) === "ok";
  } finally {
    copy.close();
  }
}

/**
 * An online, consistent copy of the live database (SQLite's backup API: never copy the file of a
 * database in use, STACK_NOTES.md), verified before it gets its final name. Answers its path.
 */
export async function backupDatabase(
  db: AppDatabase,
  databasePath: string,
  at: Date = new Date(),
): Promise<string> {
  const target = backupPathFor(databasePath, at);
  if (existsSync(target)) throw new Error(`A backup named ${target} already exists.`);
  mkdirSync(dirname(target), { recursive: true });

  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    await db.$client.backup(partial);
    // The copy inherits WAL mode; a rollback-journal copy is one self-contained file to move around.
    const copy = new Database(partial, { fileMustExist: true });
    copy.pragma("journal_mode = DELETE");
    copy.close();
    if (!isIntact(partial)) throw new Error("The backup failed its integrity check.");
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return target;
}
