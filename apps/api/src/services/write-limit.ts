import { MESSAGES } from "@artifact-atlas/shared";
import type { Actor } from "./artifacts";
import { ServiceError } from "./errors";

/**
 * How many writes (artifact create/update/delete, like/unlike, profile changes) one user may make:
 * a token bucket per user that holds `perMinute` writes and refills at `perMinute` a minute. A
 * person clicking never meets it; a script hammering the API gets 429 with Retry-After
 * (docs/decisions/007-csp-and-write-limits.md). In memory: one process serves the community.
 */
export type WriteRateLimiter = ReturnType<typeof createWriteRateLimiter>;

/** Buckets are dropped once full again; past this many users a sweep runs before the next take. */
const SWEEP_ABOVE = 10_000;

export function createWriteRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<number, { tokens: number; at: number }>();

  function refilled(bucket: { tokens: number; at: number }, time: number): number {
    return Math.min(perMinute, bucket.tokens + ((time - bucket.at) * perMinute) / 60_000);
  }

  function sweep(time: number): void {
    for (const [userId, bucket] of buckets) {
      if (refilled(bucket, time) >= perMinute) buckets.delete(userId);
    }
  }

  return {
    perMinute,
    /** Takes one write from the user's bucket: 0 when allowed, else the seconds until one is free. */
    take(userId: number): number {
      const time = now();
      if (buckets.size > SWEEP_ABOVE) sweep(time);
      const bucket = buckets.get(userId);
      const tokens = bucket ? refilled(bucket, time) : perMinute;
      // A refused write takes nothing, so the bucket keeps filling from where it was.
      if (tokens < 1) return Math.max(1, Math.ceil(((1 - tokens) * 60) / perMinute - 1e-9));
      buckets.set(userId, { tokens: tokens - 1, at: time });
      return 0;
    },
  };
}

/** The one check before every write, used by tRPC's writeProcedure and by the REST write paths. */
export function assertWriteAllowed(limiter: WriteRateLimiter, actor: Pick<Actor, "id">): void {
  const waitSeconds = limiter.take(actor.id);
  if (waitSeconds > 0) {
    throw new ServiceError("TOO_MANY_REQUESTS", MESSAGES.tooManyAttempts(waitSeconds), waitSeconds);
  }
}
