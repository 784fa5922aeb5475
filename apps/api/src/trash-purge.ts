import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase } from "./db/client";
import { purgeExpiredTrash } from "./services/trash";

/** What the purge needs of time: given, so that tests run it on a clock they control. */
export interface PurgeClock {
  now(): number;
  every(ms: number, run: () => void): { stop(): void };
}

export const systemClock: PurgeClock = {
  now: () => Date.now(),
  every(ms, run) {
    const timer = setInterval(run, ms);
    // The purge alone must not keep the process alive.
    timer.unref();
    return { stop: () => clearInterval(timer) };
  },
};

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges the trash now and every hour (issue 17: "at start and every hour"). A failure is logged
 * and the next hour tries again; it never stops the server.
 */
export function startTrashPurge(
  db: AppDatabase,
  log: Pick<FastifyBaseLogger, "info" | "error">,
  clock: PurgeClock = systemClock,
): { stop(): void } {
  const run = () => {
    try {
      const { purged } = purgeExpiredTrash(db, clock.now());
      if (purged > 0) log.info({ purged }, "purged artifacts older than the trash keeps");
    } catch (error) {
      log.error({ err: error }, "purging the trash failed; the next run tries again");
    }
  };
  run();
  return clock.every(PURGE_INTERVAL_MS, run);
}
