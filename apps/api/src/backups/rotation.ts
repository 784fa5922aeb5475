import type { BackupRecord } from "./records";

/*
 * Which backups to keep (BACKUP_KEEP, "7 daily, 4 weekly, 12 monthly" by default): for each
 * period, the newest backup of each of the last N days, weeks or months that have one, in the
 * server's local time; a backup kept by any period stays (restic's forget --keep-daily ...). The
 * newest backup, and the newest one made before a migration, are always kept.
 */

export interface KeepPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export const DEFAULT_KEEP_POLICY: KeepPolicy = { daily: 7, weekly: 4, monthly: 12 };

/** "7 daily, 4 weekly, 12 monthly" (any order, any may be left out and counts 0); or what is wrong. */
export function parseKeepPolicy(text: string): KeepPolicy | string {
  const policy: KeepPolicy = { daily: 0, weekly: 0, monthly: 0 };
  for (const part of text
    .split(",")
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,4})\s+(daily|weekly|monthly)$/.exec(part);
    if (!match) return `"${part}" is not like "7 daily", "4 weekly" or "12 monthly"`;
    policy[match[2] as keyof KeepPolicy] = Number(match[1]);
  }
  if (policy.daily + policy.weekly + policy.monthly === 0) return "keeps no backup at all";
  return policy;
}

function dayKey(at: Date): string {
  return `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
}

/** The ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
function weekKey(at: Date): string {
  const thursday = new Date(at.getFullYear(), at.getMonth(), at.getDate());
  thursday.setDate(thursday.getDate() + 3 - ((thursday.getDay() + 6) % 7));
  const firstThursday = new Date(thursday.getFullYear(), 0, 4);
  const week = 1 + Math.round((thursday.getTime() - firstThursday.getTime()) / 604_800_000);
  return `${thursday.getFullYear()}-W${week}`;
}

function monthKey(at: Date): string {
  return `${at.getFullYear()}-${at.getMonth()}`;
}

/** The names of the backups to keep; every other one may go. `backups` newest first. */
export function backupsToKeep(backups: readonly BackupRecord[], policy: KeepPolicy): Set<string> {
  const keep = new Set<string>();
  if (backups[0]) keep.add(backups[0].name);
  const newestUpgrade = backups.find((backup) => backup.reason === "upgrade");
  if (newestUpgrade) keep.add(newestUpgrade.name);
  const periods: [number, (at: Date) => string][] = [
    [policy.daily, dayKey],
    [policy.weekly, weekKey],
    [policy.monthly, monthKey],
  ];
  for (const [count, keyOf] of periods) {
    const seen = new Set<string>();
    for (const backup of backups) {
      if (seen.size >= count) break;
      const key = keyOf(new Date(backup.createdAt));
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(backup.name);
    }
  }
  return keep;
}
