import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  rmSync,
} from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { createPrivateDatabaseFile, createPrivateFolder, type AppDatabase } from "./client";
import { inspectDatabase, migrateDatabase } from "./migrate";
import * as schema from "./schema";

/** Where a database's backups are kept: `backups/` beside it. */
export function backupsFolderFor(databasePath: string): string {
  return join(dirname(databasePath), "backups");
}

/**
 * `<dir of the database>/backups/artifact-atlas-YYYY-MM-DDTHH-MM-SS[-label].db` (UTC); the label
 * says why it was made when that is not a routine backup ("before-migrating-0014-to-0029").
 */
export function backupPathFor(databasePath: string, at: Date, label?: string): string {
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, "-");
  const name = label ? `artifact-atlas-${stamp}-${label}.db` : `artifact-atlas-${stamp}.db`;
  return join(backupsFolderFor(databasePath), name);
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
  label?: string,
): Promise<string> {
  const target = backupPathFor(databasePath, at, label);
  if (existsSync(target)) throw new Error(`A backup named ${target} already exists.`);
  createPrivateFolder(dirname(target));

  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    createPrivateDatabaseFile(partial);
    await db.$client.backup(partial);
    // Off the event loop: checking a large copy takes seconds that the reads must not wait for.
    const check = await finishCopyInWorker(partial);
    if (check !== "ok") throw new Error(`The backup failed its integrity check: ${check}`);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return target;
}

/**
 * In a worker thread: the copy leaves WAL mode (a rollback-journal copy is one self-contained file
 * to move around), then SQLite's integrity check reads it whole. Answers the check's result.
 */
function finishCopyInWorker(path: string): Promise<string> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const Database = require(workerData.driver);
    const copy = new Database(workerData.path, { fileMustExist: true });
    try {
      copy.pragma("journal_mode = DELETE");
      parentPort.postMessage(String(copy.pragma("integrity_check", { simple: true })));
    } finally {
      copy.close();
    }`;
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolveCheck, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { path, driver } });
    worker.once("message", (check: string) => resolveCheck(check));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`The backup's check stopped (exit code ${code}).`));
    });
  });
}

/** A restore that was refused before anything changed, with the reason for the operator. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export interface RestoreResult {
  /** The database now in place. */
  target: string;
  /** Where the database it replaced was kept; null when there was none. */
  previous: string | null;
  artifacts: number;
  users: number;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** Flushes a file (or a folder's entries, for a rename) to the disk. */
function fsyncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Refuses anything but an intact Artifact Atlas database of this version or an older one. */
export function checkRestorable(source: string): void {
  if (!existsSync(source)) throw new RestoreRefused(`There is no file at ${source}.`);
  let copy: Database.Database;
  try {
    copy = new Database(source, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new RestoreRefused(`${source} cannot be opened: ${(error as Error).message}`);
  }
  try {
    const check = String(copy.pragma("integrity_check", { simple: true }));
    if (check !== "ok") throw new RestoreRefused(`${source} failed its integrity check: ${check}`);
    const found = inspectDatabase(copy);
    if (found.kind === "empty" || found.kind === "foreign") {
      throw new RestoreRefused(
        `${source} is not an Artifact Atlas database (it lacks the users, artifacts, likes and ` +
          "migrations tables).",
      );
    }
    if (found.kind === "newer") {
      throw new RestoreRefused(
        `${source} was made by a newer version of Artifact Atlas; restore it with that version.`,
      );
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(
      `${source} is not a readable SQLite database: ${(error as Error).message}`,
    );
  } finally {
    copy.close();
  }
}

/**
 * Fails when any other connection has the live database open: leaving WAL mode needs every other
 * connection gone, and a running server keeps one open (https://sqlite.org/wal.html). It also folds
 * the WAL into the file, so the database kept aside is complete on its own. A target too damaged to
 * open is what a restore is for: it goes on.
 */
function takeOverTarget(target: string): void {
  let live: Database.Database | undefined;
  try {
    live = new Database(target, { fileMustExist: true });
    live.pragma("busy_timeout = 0");
    live.pragma("journal_mode = DELETE");
  } catch (error) {
    const code = codeOf(error);
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
      throw new RestoreRefused(
        `The database at ${target} is in use. Stop the server (Ctrl-C or SIGTERM) and run the ` +
          "restore again.",
      );
    }
    if (code !== "SQLITE_NOTADB" && !code.startsWith("SQLITE_CORRUPT")) throw error;
  } finally {
    live?.close();
  }
}

/**
 * Puts a backup back in place of the live database (the server must be stopped):
 * checks the backup, copies it beside the target with SQLite's backup API, migrates the copy to
 * this version, ends every session in it, checks it again, flushes it to disk, keeps the database it
 * replaces under backups/, removes the old -wal/-shm files and renames the copy into place. Until
 * the rename nothing of the live database has changed; the rename is atomic.
 */
export async function restoreDatabase(
  sourcePath: string,
  databasePath: string,
  at: Date = new Date(),
): Promise<RestoreResult> {
  const source = resolve(sourcePath);
  const target = resolve(databasePath);
  if (source === target) throw new RestoreRefused("The backup and the live database are one file.");
  checkRestorable(source);

  const hadTarget = existsSync(target);
  createPrivateFolder(dirname(target));
  if (hadTarget) takeOverTarget(target);

  const partial = join(dirname(target), `.${basename(target)}.restore-${process.pid}.partial`);
  rmSync(partial, { force: true });
  let counts: { artifacts: number; users: number };
  try {
    createPrivateDatabaseFile(partial);
    const from = new Database(source, { readonly: true, fileMustExist: true });
    try {
      await from.backup(partial);
    } finally {
      from.close();
    }
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma("journal_mode = DELETE");
      copy.pragma("foreign_keys = ON");
      migrateDatabase(drizzle(copy, { schema }) as AppDatabase);
      // Sessions ended after the backup was made would live again: everyone signs in anew.
      copy.prepare("delete from sessions").run();
      const check = String(copy.pragma("integrity_check", { simple: true }));
      if (check !== "ok") throw new Error(`The restored copy failed its integrity check: ${check}`);
      counts = copy
        .prepare(
          "select (select count(*) from artifacts) as artifacts, (select count(*) from users) as users",
        )
        .get() as { artifacts: number; users: number };
    } finally {
      copy.close();
    }
    fsyncPath(partial);

    let previous: string | null = null;
    if (hadTarget) {
      previous = backupPathFor(target, at).replace(/\.db$/, "-before-restore.db");
      createPrivateFolder(dirname(previous));
      rmSync(previous, { force: true });
      try {
        linkSync(target, previous);
      } catch {
        copyFileSync(target, previous);
      }
    }
    // A WAL left beside the new file would be replayed into it: gone before the rename.
    for (const suffix of ["-wal", "-shm", "-journal"])
      rmSync(`${target}${suffix}`, { force: true });
    renameSync(partial, target);
    fsyncPath(dirname(target));
    return { target, previous, ...counts };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
