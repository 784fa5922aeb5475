import { MESSAGES, type SessionUser } from "@artifact-atlas/shared";
import { ServiceError } from "./services/errors";

/*
 * The rate limits: sign-in and sign-up attempts per address and per account, and writes per user
 * (docs/decisions/012-one-rate-limiter.md). All are token buckets kept in memory: one process
 * serves the whole community, so no shared store is needed. deps.ts makes the limiters.
 */

/** A bucket that holds `limit` requests and refills `limit` of them per `windowMs`, steadily. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Sign-in and sign-up attempts: the address and the account each have their own bucket. */
export const AUTH_RULES = {
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Writes (artifacts, likes, profile) per user: WRITE_RATE_LIMIT_PER_MINUTE of them a minute. */
export function writeRule(perMinute: number): RateLimitRule {
  return { limit: perMinute, windowMs: 60_000 };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export type AuthRateLimiters = Record<keyof typeof AUTH_RULES, RateLimiter>;

/** Buckets are dropped once full again; past this many keys a sweep runs before the next take. */
const SWEEP_ABOVE = 10_000;

/**
 * One token bucket per key: a burst of `rule.limit` at once is fine, a steady client is held to
 * the rule's rate, and there is no window edge at which the rate doubles.
 */
export function createRateLimiter(rule: RateLimitRule, now: () => number = Date.now) {
  const buckets = new Map<string | number, { tokens: number; at: number }>();

  function refilled(bucket: { tokens: number; at: number }, time: number): number {
    return Math.min(rule.limit, bucket.tokens + ((time - bucket.at) * rule.limit) / rule.windowMs);
  }

  function sweep(time: number): void {
    for (const [key, bucket] of buckets) {
      if (refilled(bucket, time) >= rule.limit) buckets.delete(key);
    }
  }

  return {
    /** Takes one from the key's bucket: 0 when allowed, else the seconds until one is free. */
    take(key: string | number): number {
      const time = now();
      if (buckets.size > SWEEP_ABOVE) sweep(time);
      const bucket = buckets.get(key);
      const tokens = bucket ? refilled(bucket, time) : rule.limit;
      // A refused request takes nothing, so the bucket keeps filling from where it was.
      if (tokens < 1) {
        const seconds = ((1 - tokens) * (rule.windowMs / 1000)) / rule.limit;
        return Math.max(1, Math.ceil(seconds - 1e-9));
      }
      buckets.set(key, { tokens: tokens - 1, at: time });
      return 0;
    },
    /** Fills the key's bucket again. */
    reset(key: string | number): void {
      buckets.delete(key);
    },
  };
}

/** Refuses with 429, the spec's message and Retry-After while there are seconds to wait. */
function refuseWhileWaiting(waitSeconds: number): void {
  if (waitSeconds > 0) {
    throw new ServiceError("TOO_MANY_REQUESTS", MESSAGES.tooManyAttempts(waitSeconds), waitSeconds);
  }
}

/**
 * Counts a sign-in or sign-up attempt for the address and the (normalized) account, and refuses it
 * once either is out of attempts.
 */
export function assertAttemptAllowed(
  limiters: AuthRateLimiters,
  ip: string,
  account: string,
): void {
  refuseWhileWaiting(Math.max(limiters.perAddress.take(ip), limiters.perAccount.take(account)));
}

/** The one check before every write, used by tRPC's writeProcedure and by the REST write paths. */
export function assertWriteAllowed(limiter: RateLimiter, actor: Pick<SessionUser, "id">): void {
  refuseWhileWaiting(limiter.take(actor.id));
}
