import { backupNameInput } from "@artifact-atlas/shared";
import { lastRestore } from "../../backups/restore";
import { RestoreRefused } from "../../db/backup";
import { assertWriteAllowed } from "../../rate-limit";
import { ServiceError } from "../../services/errors";
import { adminProcedure, router } from "../init";

/** The most backups one answer lists; the rotation keeps about two dozen. */
const MAX_LISTED = 100;

/** The Admin screen's Backups tab (issue 35): admins only. */
export const backupsRouter = router({
  overview: adminProcedure.query(({ ctx }) => {
    const { backups, env, now } = ctx.deps;
    return {
      now: now(),
      schedule: env.backups.schedule?.expression ?? null,
      keep: env.backups.keep,
      nextRunAt: backups.nextRunAt(),
      target: backups.targetDescription,
      health: backups.health(),
      lastAttempt: backups.lastAttempt(),
      lastRestore: lastRestore(env.databasePath),
      busy: backups.busy(),
      backups: backups
        .list()
        .slice(0, MAX_LISTED)
        .map(({ sha256: _sha256, ...backup }) => backup),
    };
  }),

  backUpNow: adminProcedure.mutation(async ({ ctx }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    if (ctx.deps.backups.busy()) {
      throw new ServiceError("CONFLICT", "A backup is being made already.");
    }
    const record = await ctx.deps.backups.backUp("manual");
    return { name: record.name };
  }),

  restore: adminProcedure.input(backupNameInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    try {
      ctx.deps.backups.restore(input.name);
    } catch (error) {
      if (error instanceof RestoreRefused) {
        throw new ServiceError("BAD_REQUEST", error.message);
      }
      throw error;
    }
    return { restarting: true };
  }),
});
