import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { backupsFolderFor, checkRestorable, RestoreRefused, restoreDatabase } from "../db/backup";
import { PRIVATE_FILE_MODE } from "../db/client";
import { restoreImages } from "../db/image-backup";
import { databaseFileOf, findBackup } from "./records";

/*
 * A restore asked for on the Backups screen (issue 35). The running server cannot swap the file
 * under its own connection, so it checks the backup, writes down which one (restore-pending.json
 * beside the database), stops taking writes and stops; its supervisor (npm start's, or systemd's
 * Restart=always) starts it again, and the start does what `pnpm db:restore` does before it opens
 * the database: checked, migrated, swapped in atomically, the replaced database kept. How it went
 * is kept in backups/last-restore.json for the screen.
 */

export interface LastRestore {
  at: number;
  backup: string;
  ok: boolean;
  message: string;
}

const pendingFileOf = (databasePath: string) => join(dirname(databasePath), "restore-pending.json");
const lastRestoreFileOf = (databasePath: string) =>
  join(backupsFolderFor(databasePath), "last-restore.json");

function writeJson(path: string, value: unknown): void {
  writeFileSync(`${path}.partial`, `${JSON.stringify(value)}\n`, { mode: PRIVATE_FILE_MODE });
  renameSync(`${path}.partial`, path);
}

/** Checks the backup and asks the next start to restore it. Throws RestoreRefused. */
export function requestRestore(databasePath: string, name: string): void {
  const folder = backupsFolderFor(databasePath);
  if (!findBackup(folder, name)) throw new RestoreRefused(`There is no backup named ${name}.`);
  checkRestorable(databaseFileOf(folder, name));
  writeJson(pendingFileOf(databasePath), { backup: name });
}

export function restoreIsPending(databasePath: string): boolean {
  return existsSync(pendingFileOf(databasePath));
}

export function lastRestore(databasePath: string): LastRestore | null {
  try {
    return JSON.parse(readFileSync(lastRestoreFileOf(databasePath), "utf8")) as LastRestore;
  } catch {
    return null;
  }
}

/**
 * At start, before the database is opened: the restore asked for, if any. A refused one leaves the
 * database as it was and is reported; the start goes on with it.
 */
export async function restorePendingBackup(
  env: { databasePath: string; imagesDir: string },
  say: (level: "info" | "error", message: string, fields?: Record<string, unknown>) => void,
): Promise<LastRestore | null> {
  const pending = pendingFileOf(env.databasePath);
  if (!existsSync(pending)) return null;
  let name = "";
  let outcome: LastRestore;
  try {
    name = String((JSON.parse(readFileSync(pending, "utf8")) as { backup?: unknown }).backup ?? "");
    const folder = backupsFolderFor(env.databasePath);
    if (!findBackup(folder, name)) throw new RestoreRefused(`There is no backup named ${name}.`);
    const file = databaseFileOf(folder, name);
    const result = await restoreDatabase(file, env.databasePath);
    const images = restoreImages(file, env.imagesDir);
    outcome = {
      at: Date.now(),
      backup: name,
      ok: true,
      message:
        `Restored ${result.artifacts} artifacts, ${result.users} accounts and ${images} image files; ` +
        `the database it replaced is kept at ${result.previous ?? "(none)"}. Everyone signs in again.`,
    };
    say("info", "backup restored", { backup: name, previous: result.previous, images });
  } catch (error) {
    outcome = {
      at: Date.now(),
      backup: name,
      ok: false,
      message: `Nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
    };
    say("error", "restoring a backup failed; the database was left as it was", {
      backup: name,
      error: outcome.message,
    });
  }
  writeJson(lastRestoreFileOf(env.databasePath), outcome);
  rmSync(pending, { force: true });
  return outcome;
}
