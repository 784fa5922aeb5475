import { statSync } from "node:fs";
import { backupDatabase, backupsFolderFor } from "../db/backup";
import type { AppDatabase } from "../db/client";
import { backupImages } from "../db/image-backup";
import { inspectDatabase } from "../db/migrate";
import { saveRecord, sha256Of, type BackupReason, type BackupRecord } from "./records";

export interface MakeBackupOptions {
  databasePath: string;
  imagesDir: string;
  at: Date;
  reason: BackupReason;
  /** Says why in the file's name: "before-migrating-0014-to-0029". */
  label?: string;
  /** The target it waits to be sent to; null when there is none. */
  target?: string | null;
}

/**
 * The one way a backup is made (scheduled, Back up now, before a migration, pnpm db:backup): the
 * database copied online and checked, then the images tree linked beside it, then its record.
 */
export async function makeBackup(
  db: AppDatabase,
  options: MakeBackupOptions,
): Promise<BackupRecord> {
  const path = await backupDatabase(db, options.databasePath, options.at, options.label);
  const folder = backupsFolderFor(options.databasePath);
  const imageFiles = backupImages(options.imagesDir, path);
  const found = inspectDatabase(db.$client);
  const record: BackupRecord = {
    name: path.slice(folder.length + 1, -".db".length),
    createdAt: options.at.getTime(),
    reason: options.reason,
    schema: found.kind === "atlas" ? found.version : null,
    bytes: statSync(path).size,
    sha256: await sha256Of(path),
    check: "ok",
    imageFiles,
    send: options.target ? { target: options.target, state: "waiting", attempts: 0 } : null,
  };
  saveRecord(folder, record);
  return record;
}
