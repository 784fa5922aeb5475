import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/*
 * The database holds emails, password hashes and session tokens: only the account that runs the
 * server may read it. Its folder and the backups folder are created 0700 and the files 0600,
 * whatever the process's umask (docs/decisions/024-private-data-files.md).
 */
const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folders of `path` that are missing, private. An existing folder keeps its mode. */
export function createPrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Creates `path` as an empty, private file unless it exists, for SQLite to open: SQLite would create
 * it readable by everyone, and gives the -wal, -shm and -journal files the mode of the database
 * file. When it cannot be created, SQLite's own open right after says why.
 */
export function createPrivateDatabaseFile(path: string): void {
  try {
    closeSync(openSync(path, "wx", PRIVATE_FILE_MODE));
  } catch {
    // EEXIST keeps the file as it is; any other failure is reported by SQLite's open.
  }
}

/**
 * Opens (creating if needed) the SQLite file with the pragmas every connection needs.
 * synchronous=FULL: a community's only copy lives here, and an acknowledged write must survive
 * a power cut; it costs well under a millisecond per commit (docs/decisions/002-sqlite-durability.md).
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): AppDatabase {
  if (path !== ":memory:") {
    createPrivateFolder(dirname(path));
    createPrivateDatabaseFile(path);
  }
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? BUSY_TIMEOUT_MS)}`);
  return drizzle(sqlite, { schema });
}

/**
 * How long a write waits for another connection's write lock (a backup, an operator's sqlite3
 * shell) before giving up. Waiting blocks this process: better-sqlite3 is synchronous.
 */
export const BUSY_TIMEOUT_MS = 5000;

export interface OpenDatabaseOptions {
  /** Tests shorten the wait to see what happens after it. */
  busyTimeoutMs?: number;
}

/**
 * The database stayed locked by another connection for longer than the busy timeout: a reason
 * to answer 503 and "try again", not a bug to answer 500. Drizzle wraps the driver's error.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"))
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

export function closeDatabase(db: AppDatabase): void {
  if (db.$client.open) db.$client.close();
}
