import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * Opens (creating if needed) the SQLite file with the pragmas every connection needs.
 * synchronous=FULL: a community's only copy lives here, and an acknowledged write must survive
 * a power cut; it costs well under a millisecond per commit (docs/decisions/002-sqlite-durability.md).
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): AppDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
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
