import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { backupsFolderFor } from "../db/backup";
import type { AppDatabase } from "../db/client";
import { RestoreRefused } from "../db/backup";
import { makeBackup } from "./make";
import { requestRestore } from "./restore";
import type { BackupTargetSettings, Env } from "../env";
import { backupsToKeep } from "./rotation";
import {
  databaseFileOf,
  findBackup,
  imagesFolderOf,
  listBackups,
  removeBackup,
  saveRecord,
  type BackupReason,
  type BackupRecord,
} from "./records";
import { s3Target } from "./targets/s3";
import { sftpTarget } from "./targets/sftp";
import { sendErrorText, type BackupTarget } from "./targets/target";

/*
 * The server's backups (issue 35): made on BACKUP_SCHEDULE by the one scheduler (jobs.ts), on an
 * admin's "Back up now", and before a migration (startup.ts); each verified, with the whole images
 * tree beside it, kept by the rotation, and sent to BACKUP_TARGET, where a failed send is tried
 * again later and shown on the Backups screen, in /metrics and in the log.
 */

/** The wait before a failed send is tried again: 1, 2, 4 ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export type BackupHealth = "ok" | "late" | "off";

/** The outcome of the latest backup this server tried to make. */
export interface LastAttempt {
  at: number;
  ok: boolean;
  name?: string;
  error?: string;
}

export interface Backups {
  folder: string;
  /** The target in words, or null when BACKUP_TARGET is not set. */
  targetDescription: string | null;
  /** Makes a verified backup with its images, applies the rotation and sends what waits. */
  backUp(reason: BackupReason): Promise<BackupRecord>;
  /** Whether a backup is being made now. */
  busy(): boolean;
  /** One round of the scheduled job: a backup when one is due, then the sends that wait. */
  tick(): Promise<Record<string, number>>;
  /** Sends the backups that wait for it (new ones, failed ones whose retry time came). */
  sendWaiting(): Promise<number>;
  list(): BackupRecord[];
  /** When the next scheduled backup runs; null when the schedule is off. */
  nextRunAt(): number | null;
  /** "late" when the last good backup is older than twice the schedule's period. */
  health(): { state: BackupHealth; lastGoodAt: number | null };
  lastAttempt(): LastAttempt | null;
  /**
   * Checks a backup and asks for it to be restored: from now on writes are refused, and the server
   * stops (`restart`) for its supervisor to start it again on the restored database.
   */
  restore(name: string): void;
  /** Whether a restore was asked for: writes are refused until the server starts again. */
  restoring(): boolean;
  close(): Promise<void>;
}

export interface BackupsOptions {
  env: Pick<Env, "databasePath" | "imagesDir" | "backups">;
  db: AppDatabase;
  log: FastifyBaseLogger;
  now: () => number;
  /** The target to send to; made from env.backups.target when not given (tests give a smaller part size). */
  target?: BackupTarget | null;
  /** Stops the server for its supervisor to start it again (server.ts); nothing in tests. */
  restart?: () => void;
}

/** The BACKUP_TARGET's client; its key file is read here, once. */
export function createTarget(settings: BackupTargetSettings, folder: string): BackupTarget {
  if (settings.kind === "s3") return s3Target(settings, folder);
  return sftpTarget({ ...settings, privateKey: readFileSync(settings.privateKeyPath) });
}

/** Every file under `folder`, by its path relative to it (the images tree of a backup). */
function filesUnder(folder: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.set(relative(folder, path), statSync(path).size);
    }
  };
  walk(folder);
  return found;
}

export function createBackups(options: BackupsOptions): Backups {
  const { env, db, now } = options;
  const log = options.log.child({ component: "backups" });
  const folder = backupsFolderFor(env.databasePath);
  const { schedule, keep } = env.backups;
  const target =
    options.target !== undefined
      ? options.target
      : env.backups.target
        ? createTarget(env.backups.target, folder)
        : null;
  const startedAt = now();
  let making: Promise<BackupRecord> | null = null;
  let sending: Promise<number> | null = null;
  let last: LastAttempt | null = null;
  let lateSaid = false;
  let restoreAsked = false;
  let lastGoodAt = listBackups(folder).find((backup) => backup.check === "ok")?.createdAt ?? null;

  const newestScheduled = () =>
    listBackups(folder).find((backup) => backup.reason === "scheduled")?.createdAt ?? null;
  let nextRun = schedule ? schedule.nextAfter(newestScheduled() ?? startedAt) : null;

  function rotate(): number {
    const backups = listBackups(folder);
    const kept = backupsToKeep(backups, keep);
    let removed = 0;
    for (const backup of backups) {
      if (kept.has(backup.name)) continue;
      removeBackup(folder, backup.name);
      removed += 1;
    }
    if (removed > 0) log.info({ removed, kept: kept.size }, "old backups removed by the rotation");
    return removed;
  }

  async function make(reason: BackupReason): Promise<BackupRecord> {
    const at = now();
    try {
      const record = await makeBackup(db, {
        databasePath: env.databasePath,
        imagesDir: env.imagesDir,
        at: new Date(at),
        reason,
        target: target?.description ?? null,
      });
      const { name, imageFiles } = record;
      last = { at, ok: true, name };
      lastGoodAt = at;
      lateSaid = false;
      log.info(
        { backup: name, reason, bytes: record.bytes, imageFiles },
        "backup made and checked",
      );
      return record;
    } catch (error) {
      last = { at, ok: false, error: sendErrorText(error) };
      log.error({ err: error, reason }, "backup failed; nothing was kept of it");
      throw error;
    }
  }

  async function sendOne(record: BackupRecord, to: BackupTarget): Promise<void> {
    const images = imagesFolderOf(folder, record.name);
    const remoteImages = await to.listFiles("images/");
    for (const [path, bytes] of filesUnder(images)) {
      const key = `images/${path}`;
      // Images are named by their content: one already there costs nothing.
      if (remoteImages.get(key) === bytes) continue;
      await to.putFile(join(images, path), key);
    }
    await to.putFile(
      databaseFileOf(folder, record.name),
      `${record.name}.db`,
      record.sha256 ? { sha256: record.sha256 } : {},
    );
  }

  /** The target keeps what the folder keeps: backups and images no kept backup has go. */
  async function rotateTarget(to: BackupTarget): Promise<void> {
    const backups = listBackups(folder);
    const names = new Set(backups.map((backup) => `${backup.name}.db`));
    const wanted = new Set<string>();
    for (const backup of backups) {
      for (const path of filesUnder(imagesFolderOf(folder, backup.name)).keys()) {
        wanted.add(`images/${path}`);
      }
    }
    const remote = await to.listFiles("");
    const gone = [...remote.keys()].filter((key) =>
      key.startsWith("images/") ? !wanted.has(key) : key.endsWith(".db") && !names.has(key),
    );
    if (gone.length > 0) await to.remove(gone);
  }

  async function sendAll(): Promise<number> {
    if (!target) return 0;
    let sent = 0;
    for (const record of listBackups(folder)) {
      const state = record.send;
      if (record.reason === "shell" && !state) continue;
      if (state?.target === target.description && state.state === "sent") continue;
      if (
        state?.state === "failed" &&
        state.target === target.description &&
        (state.nextTryAt ?? 0) > now()
      ) {
        continue;
      }
      const attempts = state?.target === target.description ? state.attempts + 1 : 1;
      try {
        await sendOne(record, target);
        record.send = {
          target: target.description,
          state: "sent",
          attempts,
          lastTryAt: now(),
          sentAt: now(),
        };
        saveRecord(folder, record);
        log.info(
          { backup: record.name, target: target.description, attempts },
          "backup sent and checked",
        );
        sent += 1;
      } catch (error) {
        const lastError = sendErrorText(error);
        record.send = {
          target: target.description,
          state: "failed",
          attempts,
          lastTryAt: now(),
          nextTryAt: now() + retryDelayMs(attempts),
          lastError,
        };
        saveRecord(folder, record);
        log.warn(
          {
            backup: record.name,
            target: target.description,
            attempts,
            error: lastError,
            retryInSeconds: retryDelayMs(attempts) / 1000,
          },
          "sending a backup failed; it will be tried again",
        );
      }
    }
    try {
      await rotateTarget(target);
    } catch (error) {
      log.warn(
        { target: target.description, error: sendErrorText(error) },
        "removing old backups from the target failed",
      );
    }
    return sent;
  }

  const backups: Backups = {
    folder,
    targetDescription: target?.description ?? null,
    async backUp(reason) {
      if (making) throw new Error("A backup is being made already.");
      making = make(reason);
      try {
        const record = await making;
        rotate();
        void backups.sendWaiting();
        return record;
      } finally {
        making = null;
      }
    },
    busy: () => making !== null,
    async tick() {
      let made = 0;
      if (nextRun !== null && schedule && now() >= nextRun && !making) {
        // The next run is counted from now, so that a server that was down runs one backup, not many.
        nextRun = schedule.nextAfter(now());
        try {
          await backups.backUp("scheduled");
          made = 1;
        } catch {
          // Logged, shown in the health answer and /metrics; the next round tries again.
        }
      }
      const sent = await backups.sendWaiting();
      const health = backups.health();
      if (health.state === "late" && !lateSaid) {
        lateSaid = true;
        log.warn(
          {
            lastGoodAt: health.lastGoodAt && new Date(health.lastGoodAt).toISOString(),
            schedule: schedule?.expression,
          },
          "the last good backup is older than twice its schedule",
        );
      }
      return { made, sent };
    },
    sendWaiting() {
      sending ??= sendAll().finally(() => {
        sending = null;
      });
      return sending;
    },
    list: () => listBackups(folder),
    nextRunAt: () => nextRun,
    health() {
      if (!schedule) return { state: "off", lastGoodAt };
      const since = lastGoodAt ?? startedAt;
      const late = now() - since > 2 * schedule.periodMs(since);
      return { state: late ? "late" : "ok", lastGoodAt };
    },
    lastAttempt: () => last,
    restore(name) {
      if (making) throw new RestoreRefused("A backup is being made; restore once it is done.");
      requestRestore(env.databasePath, name);
      restoreAsked = true;
      log.warn({ backup: name }, "restore asked for: writes refused, the server restarts on it");
      // After the answer has left: the server finishes what is in flight and stops.
      setTimeout(() => options.restart?.(), 100).unref();
    },
    restoring: () => restoreAsked,
    async close() {
      await making?.catch(() => undefined);
      await sending?.catch(() => undefined);
      await target?.close();
    },
  };
  return backups;
}

export { findBackup };
