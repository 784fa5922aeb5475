import { CronExpressionParser } from "cron-parser";

/*
 * When scheduled backups run (BACKUP_SCHEDULE): a cron expression in the server's local time
 * (five fields, "0 3 * * *" by default: daily at 03:00), or off. DST and month lengths are
 * cron-parser's business.
 */

export interface BackupSchedule {
  /** The expression as configured, for the log and the screen. */
  expression: string;
  /** The first run strictly after `after` (ms since the epoch). */
  nextAfter(after: number): number;
  /** The usual time between two runs, measured from `at`: "late" is twice this. */
  periodMs(at: number): number;
}

export const DEFAULT_BACKUP_SCHEDULE = "0 3 * * *";

/** A schedule, or a message saying what is wrong with the expression. */
export function parseBackupSchedule(expression: string): BackupSchedule | string {
  const trimmed = expression.trim();
  if (trimmed.split(/\s+/).length !== 5 && !trimmed.startsWith("@")) {
    return `"${trimmed}" is not a cron expression of five fields such as "0 3 * * *" (daily at 03:00), nor "off"`;
  }
  try {
    CronExpressionParser.parse(trimmed, { strict: false });
  } catch (error) {
    return `"${trimmed}" is not a cron expression: ${(error as Error).message}`;
  }
  const nextAfter = (after: number) =>
    CronExpressionParser.parse(trimmed, { currentDate: new Date(after) })
      .next()
      .getTime();
  return {
    expression: trimmed,
    nextAfter,
    periodMs(at) {
      const first = nextAfter(at);
      return nextAfter(first) - first;
    },
  };
}
