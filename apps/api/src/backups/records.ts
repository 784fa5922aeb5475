import { createHash } from "node:crypto";
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { BACKUP_NAME_PATTERN } from "@artifact-atlas/shared";
import { PRIVATE_FILE_MODE } from "../db/client";

/*
 * What is known of each backup, kept beside it as `<name>.json` (not in the database: a restore
 * would bring back stale records). The backups folder is the one source of truth: a `.db` file
 * without a record (made before issue 35) is listed with what its file tells.
 */

/** Why a backup was made. */
export type BackupReason = "scheduled" | "manual" | "upgrade" | "shell";

/** Where a backup stands with BACKUP_TARGET. */
export interface SendState {
  /** The target in words (s3://bucket/prefix, sftp://host/path), never a secret. */
  target: string;
  state: "waiting" | "sent" | "failed";
  attempts: number;
  lastTryAt?: number;
  /** When a failed send is tried again. */
  nextTryAt?: number;
  sentAt?: number;
  lastError?: string;
}

export interface BackupRecord {
  /** The file's name without `.db`: artifact-atlas-2026-11-28T03-00-00 */
  name: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  reason: BackupReason;
  /** The schema version it holds ("0029"); null when unknown. */
  schema: string | null;
  /** The database file's size. */
  bytes: number;
  /** SHA-256 of the database file, hex; null when unknown. */
  sha256: string | null;
  /** SQLite's integrity check when it was made: "ok" (a failed copy is never kept), or unknown. */
  check: "ok" | "unknown";
  /** Files of IMAGES_DIR beside it (hard links). */
  imageFiles: number;
  send: SendState | null;
}

/** A backup's name as made by backupPathFor; anything else (a path, "..") is not a backup. */
const BACKUP_NAME = BACKUP_NAME_PATTERN;

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name) && !name.endsWith("-before-restore");
}

/** The time in a backup's name (UTC). */
export function timeOfName(name: string): number {
  const stamp = BACKUP_NAME.exec(name)?.[1] ?? "";
  const [date, time = ""] = stamp.split("T");
  return Date.parse(`${date}T${time.replace(/-/g, ":")}Z`);
}

export const databaseFileOf = (folder: string, name: string) => join(folder, `${name}.db`);
export const imagesFolderOf = (folder: string, name: string) => join(folder, `${name}-images`);
const recordFileOf = (folder: string, name: string) => join(folder, `${name}.json`);

/** Writes a record whole or not at all. */
export function saveRecord(folder: string, record: BackupRecord): void {
  const file = recordFileOf(folder, record.name);
  const partial = `${file}.partial`;
  writeFileSync(partial, `${JSON.stringify(record, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  renameSync(partial, file);
}

function readRecord(folder: string, name: string): BackupRecord {
  const file = recordFileOf(folder, name);
  if (existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, "utf8")) as BackupRecord;
    } catch {
      // A record damaged by hand: the file still tells what matters.
    }
  }
  return {
    name,
    createdAt: timeOfName(name),
    reason: "shell",
    schema: null,
    bytes: statSync(databaseFileOf(folder, name)).size,
    sha256: null,
    check: "unknown",
    imageFiles: 0,
    send: null,
  };
}

/** Every backup in the folder, newest first. */
export function listBackups(folder: string): BackupRecord[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith(".db") && isBackupName(file.slice(0, -3)))
    .map((file) => readRecord(folder, file.slice(0, -3)))
    .sort((a, b) => b.createdAt - a.createdAt || b.name.localeCompare(a.name));
}

/** One backup's record; null when there is no such backup. */
export function findBackup(folder: string, name: string): BackupRecord | null {
  if (!isBackupName(name) || !existsSync(databaseFileOf(folder, name))) return null;
  return readRecord(folder, name);
}

/** Removes a backup: its database, its images (links: the live images stay) and its record. */
export function removeBackup(folder: string, name: string): void {
  if (!isBackupName(name)) return;
  rmSync(imagesFolderOf(folder, name), { recursive: true, force: true });
  rmSync(databaseFileOf(folder, name), { force: true });
  rmSync(recordFileOf(folder, name), { force: true });
}

/** SHA-256 of a file, read in chunks so that a large backup does not hold the event loop. */
export async function sha256Of(path: string, start = 0): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path, { start })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
