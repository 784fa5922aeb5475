import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import { restorePendingBackup } from "./backups/restore";
import { makeBackup } from "./backups/make";
import { backupsFolderFor } from "./db/backup";
import {
  closeDatabase,
  createPrivateFolder,
  openDatabase,
  PRIVATE_FILE_MODE,
  type AppDatabase,
} from "./db/client";
import { inspectDatabase, migrateDatabase } from "./db/migrate";
import { seedDemoCollectionIfEmpty } from "./db/seed";
import { refreshParsedDates } from "./store/artifact-dates";
import type { Env } from "./env";

/**
 * A start that cannot go on, with a message an operator can act on. server.ts prints it and exits
 * 1 before anything listens: the server is either fully up or not up at all.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StartupError";
  }
}

const RESTORE_HINT =
  'Restore the latest backup with "pnpm db:restore <file>" (docs/operations.md), or move the file ' +
  "aside to start with an empty collection.";

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The folder must exist (it is created when missing) and take new files: SQLite writes the
 * -wal and -shm files beside the database, so a writable file in a read-only folder still fails.
 * A real write, because permission bits say nothing to root or on read-only mounts.
 */
function assertWritableFolder(folder: string): void {
  try {
    createPrivateFolder(folder);
    const probe = join(folder, `.atlas-write-check-${process.pid}`);
    const fd = openSync(probe, "w", PRIVATE_FILE_MODE);
    try {
      writeSync(fd, "ok");
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      rmSync(probe, { force: true });
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOTDIR" || code === "EEXIST") {
      throw new StartupError(
        `Cannot use the data folder ${folder}: part of that path is a file, not a folder. ` +
          "Set DATABASE_PATH to a file in a folder this process can write.",
        { cause: error },
      );
    }
    throw new StartupError(
      `The data folder ${folder} is not writable by this process (${code || reasonOf(error)}). ` +
        "The database and its -wal and -shm files live there: make the folder writable for the " +
        "user that runs the server, or set DATABASE_PATH to a file in a writable folder.",
      { cause: error },
    );
  }
}

function openFailure(path: string, error: unknown): StartupError {
  const code = codeOf(error);
  if (code === "SQLITE_NOTADB" || code.startsWith("SQLITE_CORRUPT")) {
    return new StartupError(
      `The file at ${path} is not a readable Artifact Atlas database (SQLite says: ` +
        `${reasonOf(error)}). ${RESTORE_HINT}`,
      { cause: error },
    );
  }
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_CANTOPEN")) {
    return new StartupError(
      `The database at ${path} cannot be opened for writing (${code}). Make the file and its ` +
        "folder writable for the user that runs the server.",
      { cause: error },
    );
  }
  return new StartupError(`The database at ${path} could not be opened: ${reasonOf(error)}`, {
    cause: error,
  });
}

/** What a start says on its way (a JSON line before the app's logger exists). */
export type StartupSay = (
  level: "info" | "warn" | "error",
  message: string,
  fields?: Record<string, unknown>,
) => void;

const quiet: StartupSay = () => undefined;

/** The backup a later start would suggest after this version migrated from `from` to `to`. */
function upgradeLabel(from: string, to: string): string {
  return `before-migrating-${from}-to-${to}`;
}

/**
 * Refuses, before anything opens it for writing, a database this version must not touch: damaged,
 * another program's, or written by a newer Atlas (migrations this code does not know).
 */
function inspectReadOnly(path: string): void {
  if (!existsSync(path) || statSync(path).size === 0) return;
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw openFailure(path, error);
  }
  try {
    // quick_check reads every page (without cross-checking indexes): milliseconds for a
    // community's collection, and a damaged file is refused now instead of one request at a time.
    const check = String(sqlite.pragma("quick_check", { simple: true }));
    if (check !== "ok") {
      throw new StartupError(
        `The database at ${path} is damaged (quick_check: ${check}). ${RESTORE_HINT}`,
      );
    }
    const found = inspectDatabase(sqlite);
    if (found.kind === "foreign") {
      throw new StartupError(
        `The file at ${path} is an SQLite database of some other program (tables: ` +
          `${found.tables.slice(0, 5).join(", ")}). Set DATABASE_PATH to Artifact Atlas's database.`,
      );
    }
    if (found.kind === "newer") {
      const before = readdirSafe(backupsFolderFor(path)).find((file) =>
        file.includes(`-${upgradeLabel(found.codeVersion, "")}`),
      );
      throw new StartupError(
        `The database at ${path} is at schema version ${found.version}, written by a newer ` +
          `version of Artifact Atlas (${found.unknown} migration(s) this one does not know); this ` +
          `version knows schema versions up to ${found.codeVersion}. It was not opened for ` +
          "writing. Run the newer version again, or go back to this one by restoring a backup " +
          "made by it" +
          (before ? ` (the one made before the upgrade: backups/${before})` : "") +
          ' with "pnpm db:restore <file>" (docs/operating-atlas.md, "Upgrade").',
      );
    }
  } catch (error) {
    throw error instanceof StartupError ? error : openFailure(path, error);
  } finally {
    sqlite.close();
  }
}

function readdirSafe(folder: string): string[] {
  try {
    return readdirSync(folder).sort().reverse();
  } catch {
    return [];
  }
}

/**
 * Checks, opens, verifies and migrates the database the server will serve; seeds a first start.
 * Before any migration it writes a verified backup named after the schema versions it goes from
 * and to; a migration that fails changes nothing (one transaction) and the start stops naming it.
 * A restore asked for on the Backups screen is done first, before the database is opened.
 */
export async function prepareDatabase(
  env: Pick<Env, "databasePath" | "seedDemoCollection"> & Partial<Pick<Env, "imagesDir">>,
  say: StartupSay = quiet,
): Promise<AppDatabase> {
  const inMemory = env.databasePath === ":memory:";
  const path = inMemory ? env.databasePath : resolve(env.databasePath);
  if (!inMemory) {
    assertWritableFolder(dirname(path));
    if (env.imagesDir)
      await restorePendingBackup({ databasePath: path, imagesDir: env.imagesDir }, say);
    inspectReadOnly(path);
  }

  let db: AppDatabase;
  try {
    db = openDatabase(path);
  } catch (error) {
    throw openFailure(path, error);
  }
  try {
    const found = inspectDatabase(db.$client);
    if (found.kind === "atlas" && found.pending > 0 && !inMemory) {
      const label = upgradeLabel(found.version, found.codeVersion);
      let backup: string;
      try {
        const made = await makeBackup(db, {
          databasePath: path,
          imagesDir: env.imagesDir ?? join(dirname(path), "images"),
          at: new Date(),
          reason: "upgrade",
          label,
        });
        backup = join(backupsFolderFor(path), `${made.name}.db`);
      } catch (error) {
        throw new StartupError(
          `The database at ${path} needs migrating from schema version ${found.version} to ` +
            `${found.codeVersion}, but the backup to make first failed, so nothing was migrated: ` +
            `${reasonOf(error)}. Free some disk space or fix the backups folder, then start again.`,
          { cause: error },
        );
      }
      say("info", "backup made before migrating", {
        backup,
        fromVersion: found.version,
        toVersion: found.codeVersion,
      });
      try {
        migrateDatabase(db);
      } catch (error) {
        throw new StartupError(
          `Migrating the database at ${path} from schema version ${found.version} to ` +
            `${found.codeVersion} failed, and it was left as it was: ${reasonOf(error)}. The backup ` +
            `made just before is ${backup}. Report the error; run the previous version of Atlas ` +
            "meanwhile.",
          { cause: error },
        );
      }
      say("info", "database migrated", {
        fromVersion: found.version,
        toVersion: found.codeVersion,
      });
    } else {
      migrateDatabase(db);
    }
    if (env.seedDemoCollection) seedDemoCollectionIfEmpty(db);
    refreshParsedDates(db);
    return db;
  } catch (error) {
    closeDatabase(db);
    throw error instanceof StartupError ? error : openFailure(path, error);
  }
}

/** A listen failure in words: usually the port is taken or needs privileges. */
export function listenFailure(env: Pick<Env, "host" | "port">, error: unknown): StartupError {
  const code = codeOf(error);
  const where = `${env.host}:${env.port}`;
  if (code === "EADDRINUSE") {
    return new StartupError(
      `Port ${env.port} on ${env.host} is already in use (another Artifact Atlas?). Stop it or set PORT.`,
      { cause: error },
    );
  }
  if (code === "EACCES") {
    return new StartupError(
      `Listening on ${where} needs privileges this process lacks; choose a PORT above 1023.`,
      { cause: error },
    );
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
    return new StartupError(`HOST ${env.host} is not an address of this machine.`, {
      cause: error,
    });
  }
  return new StartupError(`Could not listen on ${where}: ${reasonOf(error)}`, { cause: error });
}

/**
 * What the start says about outgoing mail: on (and through which server: host and port only,
 * never the login in SMTP_URL), or off and what that means for people who forget a password.
 */
export function mailStatus(env: Pick<Env, "mail">): { level: "info" | "warn"; message: string } {
  if (!env.mail) {
    return {
      level: "warn",
      message:
        "Mail is off (SMTP_URL and MAIL_FROM are not set): people who forget their password cannot " +
        "get a reset link by email, and the Reset your password screen tells them to ask an " +
        'administrator. See the README\'s "Mail" section to turn it on.',
    };
  }
  const url = new URL(env.mail.smtpUrl);
  const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
  return {
    level: "info",
    message: `Mail is on: sending as ${env.mail.from} through ${url.protocol}//${url.hostname}:${port}`,
  };
}
