import { isIPv6 } from "node:net";
import { MESSAGES, type SessionUser } from "@artifact-atlas/shared";
import { ServiceError } from "./services/errors";

/*
 * The rate limits: sign-in and sign-up attempts per client and per account, and writes per user
 * (docs/decisions/012-one-rate-limiter.md, 021-bounded-rate-limits.md). All are token buckets kept
 * in memory: one process serves the whole community, so no shared store is needed. deps.ts makes
 * the limiters.
 */

/** A bucket that holds `limit` requests and refills `limit` of them per `windowMs`, steadily. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Sign-in and sign-up attempts. An attempt from a browser the account does not know needs a
 * request from all three of the first buckets:
 * - perAddress: one client's attempts, whatever the accounts;
 * - perAccountFromAddress: one client's share of one account. It refills at half the account's
 *   rate, so no single client can keep an account's bucket empty and lock its owner out;
 * - perAccount: one account's attempts from every client together, against guesses spread out.
 * A browser that has signed in to the account before (auth/known-devices.ts) asks only
 * perKnownDevice, its own allowance: failures elsewhere never lock it out (decision 100).
 */
export const AUTH_RULES = {
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
  perAccountFromAddress: { limit: 5, windowMs: 15 * 60_000 },
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
  perKnownDevice: { limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Requests for a password reset link: per client (any addresses), and per account (the address
 * typed, whether or not it has an account, so that a refusal says nothing about which exist). Each
 * allowed request may send one mail: the per-account rule is what keeps someone's inbox quiet.
 */
export const RESET_RULES = {
  perAddress: { limit: 10, windowMs: 60 * 60_000 },
  perAccount: { limit: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Reports (issue 28): per account, and per client whatever the accounts, so that a handful of
 * fresh accounts cannot flood the queue or its curators' notifications.
 */
export const REPORT_RULES = {
  perAccount: { limit: 10, windowMs: 60 * 60_000 },
  perAddress: { limit: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Comments, replies, edits and suggestions (issue 33): per account, and per client whatever the
 * accounts, so that many cheap accounts behind one address post no more than one busy member.
 */
export const CONVERSATION_RULES = {
  perAccount: { limit: 20, windowMs: 10 * 60_000 },
  perAddress: { limit: 40, windowMs: 10 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * `limit` a minute: writes (artifacts, likes, profile) per user, WRITE_RATE_LIMIT_PER_MINUTE; the
 * budget of work (work-budget.ts) per client, WORK_BUDGET_MS_PER_MINUTE milliseconds.
 */
export function perMinute(limit: number): RateLimitRule {
  return { limit, windowMs: 60_000 };
}

/**
 * The most keys one limiter remembers. A key costs about 0.5 KB at most (an email of 254
 * characters and a client's address), so a full limiter holds about 5 MB.
 */
export const MAX_KEYS_PER_LIMITER = 10_000;

export interface RateLimiterOptions {
  now?: () => number;
  maxKeys?: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export type AuthRateLimiters = Record<keyof typeof AUTH_RULES, RateLimiter>;

export type ResetRateLimiters = Record<keyof typeof RESET_RULES, RateLimiter>;

export type ReportRateLimiters = Record<keyof typeof REPORT_RULES, RateLimiter>;

export type ConversationRateLimiters = Record<keyof typeof CONVERSATION_RULES, RateLimiter>;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * One token bucket per key: a burst of `rule.limit` at once is fine, a steady client is held to
 * the rule's rate, and there is no window edge at which the rate doubles.
 *
 * The map is kept in the order of the buckets' last take, oldest first, so both the clean-up and
 * the eviction only ever look at its front: no call walks the whole map.
 */
export function createRateLimiter(rule: RateLimitRule, options: RateLimiterOptions = {}) {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? MAX_KEYS_PER_LIMITER;
  const buckets = new Map<string | number, Bucket>();

  function tokensOf(key: string | number, time: number): number {
    const bucket = buckets.get(key);
    if (!bucket) return rule.limit;
    return Math.min(rule.limit, bucket.tokens + ((time - bucket.at) * rule.limit) / rule.windowMs);
  }

  function secondsToWait(tokens: number): number {
    if (tokens >= 1) return 0;
    const seconds = ((1 - tokens) * (rule.windowMs / 1000)) / rule.limit;
    return Math.max(1, Math.ceil(seconds - 1e-9));
  }

  /**
   * A bucket untouched for a whole window is full again, the same as no bucket: drop those at the
   * front. Each bucket is dropped once, so this costs a constant amount per take on average.
   */
  function dropRefilled(time: number): void {
    for (const [key, bucket] of buckets) {
      if (time - bucket.at < rule.windowMs) return;
      buckets.delete(key);
    }
  }

  /** Sets the key's bucket, last in the map's order of use. */
  function put(key: string | number, tokens: number, time: number): void {
    buckets.delete(key);
    if (buckets.size >= maxKeys) {
      // Full: the least recently used bucket goes, rather than the new key being refused.
      // Refusing would let anyone with enough addresses lock every newcomer out of signing in;
      // evicting gives back at most the requests of one forgotten bucket, and filling the map
      // to reach a chosen one takes as many allowed attempts as there are keys.
      const oldest = buckets.keys().next();
      if (!oldest.done) buckets.delete(oldest.value);
    }
    buckets.set(key, { tokens, at: time });
  }

  return {
    /** Seconds until the key's bucket has a request to give, 0 if it has one now. Changes nothing. */
    wait(key: string | number): number {
      return secondsToWait(tokensOf(key, now()));
    },

    /** Takes one from the key's bucket: 0 when allowed, else the seconds until one is free. */
    take(key: string | number): number {
      const time = now();
      dropRefilled(time);
      const tokens = tokensOf(key, time);
      // A refused request takes nothing, so the bucket keeps filling from where it was.
      if (tokens < 1) return secondsToWait(tokens);
      put(key, tokens - 1, time);
      return 0;
    },

    /**
     * Takes `amount` from the key's bucket whatever it holds: work already done (the budget of
     * work). What it took beyond the bucket is owed, so `wait` holds the key's next request until
     * the bucket has refilled past it: a call that cost 300 ms with 20 ms left is not followed by
     * another 12 ms later. The debt stops where the wait is one whole window, never more: a
     * harvester told "a minute" was told 61 s when the debt could reach a full bucket.
     */
    spend(key: string | number, amount: number): void {
      const time = now();
      dropRefilled(time);
      put(key, Math.max(1 - rule.limit, tokensOf(key, time) - amount), time);
    },

    /** Fills the key's bucket again. */
    reset(key: string | number): void {
      buckets.delete(key);
    },

    /** How many keys are remembered. */
    get size(): number {
      return buckets.size;
    },
  };
}

export function createAuthRateLimiters(options: RateLimiterOptions = {}): AuthRateLimiters {
  return {
    perAddress: createRateLimiter(AUTH_RULES.perAddress, options),
    perAccountFromAddress: createRateLimiter(AUTH_RULES.perAccountFromAddress, options),
    perAccount: createRateLimiter(AUTH_RULES.perAccount, options),
    perKnownDevice: createRateLimiter(AUTH_RULES.perKnownDevice, options),
  };
}

export function createResetRateLimiters(options: RateLimiterOptions = {}): ResetRateLimiters {
  return {
    perAddress: createRateLimiter(RESET_RULES.perAddress, options),
    perAccount: createRateLimiter(RESET_RULES.perAccount, options),
  };
}

export function createReportRateLimiters(options: RateLimiterOptions = {}): ReportRateLimiters {
  return {
    perAccount: createRateLimiter(REPORT_RULES.perAccount, options),
    perAddress: createRateLimiter(REPORT_RULES.perAddress, options),
  };
}

export function createConversationRateLimiters(
  options: RateLimiterOptions = {},
): ConversationRateLimiters {
  return {
    perAccount: createRateLimiter(CONVERSATION_RULES.perAccount, options),
    perAddress: createRateLimiter(CONVERSATION_RULES.perAddress, options),
  };
}

/**
 * The key a client's attempts count under. An IPv6 client is its /64: a home or a rented server
 * usually gets a whole /64 and may use any of its 2^64 addresses (RFC 7421). An IPv4-mapped IPv6
 * address (::ffff:192.0.2.1, how a dual-stack socket shows an IPv4 client) is that IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const isMappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIPv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address: zone dropped, "::" and a dotted tail expanded. */
function ipv6Groups(ip: string): number[] {
  let address = ip.split("%")[0] ?? ip;
  const lastColon = address.lastIndexOf(":");
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    const high = ((a << 8) | b).toString(16);
    const low = ((c << 8) | d).toString(16);
    address = `${address.slice(0, lastColon + 1)}${high}:${low}`;
  }
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const [head = "", rest] = address.split("::");
  const front = parse(head);
  if (rest === undefined) return front;
  const back = parse(rest);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Refuses with 429, the spec's message and Retry-After while there are seconds to wait. */
function refuseWhileWaiting(waitSeconds: number): void {
  if (waitSeconds > 0) {
    throw new ServiceError("TOO_MANY_REQUESTS", MESSAGES.tooManyAttempts(waitSeconds), waitSeconds);
  }
}

/** The client first: a client's key never holds a space, so no two pairs share a key. */
function accountFromClientKey(client: string, account: string): string {
  return `${client} ${account}`;
}

/**
 * Counts a sign-in or sign-up attempt for the client and the (normalized) account, and refuses it
 * while any of its buckets is empty. Every bucket is asked before any is taken from: a refused
 * attempt takes nothing and creates no bucket, so a blocked client can neither grow the maps nor
 * keep draining someone's account.
 */
export function assertAttemptAllowed(
  limiters: AuthRateLimiters,
  ip: string,
  account: string,
): void {
  const client = clientKey(ip);
  const buckets = [
    [limiters.perAddress, client],
    [limiters.perAccountFromAddress, accountFromClientKey(client, account)],
    [limiters.perAccount, account],
  ] as const;
  refuseWhileWaiting(Math.max(...buckets.map(([limiter, key]) => limiter.wait(key))));
  for (const [limiter, key] of buckets) limiter.take(key);
}

/**
 * Counts a request for a reset link against the client and the (normalized) address typed; refused
 * while either bucket is empty, taking from neither, as sign-in attempts are.
 */
export function assertResetRequestAllowed(
  limiters: ResetRateLimiters,
  ip: string,
  account: string,
): void {
  const buckets = [
    [limiters.perAddress, clientKey(ip)],
    [limiters.perAccount, account],
  ] as const;
  refuseWhileWaiting(Math.max(...buckets.map(([limiter, key]) => limiter.wait(key))));
  for (const [limiter, key] of buckets) limiter.take(key);
}

/**
 * Counts a report, or a comment or suggestion (issue 33), against its account and its client;
 * refused while either bucket is empty.
 */
export function assertAccountAndClientAllowed(
  limiters: ReportRateLimiters | ConversationRateLimiters,
  ip: string,
  accountId: number,
): void {
  const buckets = [
    [limiters.perAccount, accountId],
    [limiters.perAddress, clientKey(ip)],
  ] as const;
  refuseWhileWaiting(Math.max(...buckets.map(([limiter, key]) => limiter.wait(key))));
  for (const [limiter, key] of buckets) limiter.take(key);
}

/**
 * Counts a password attempt on an account: from a browser the account knows (`device`, from
 * auth/known-devices.ts) against that browser's allowance alone, from any other as
 * assertAttemptAllowed counts it.
 */
export function assertPasswordAttemptAllowed(
  limiters: AuthRateLimiters,
  ip: string,
  account: string,
  device: string | null,
): void {
  if (device === null) {
    assertAttemptAllowed(limiters, ip, account);
    return;
  }
  refuseWhileWaiting(limiters.perKnownDevice.take(device));
}

/**
 * After a successful sign-in or sign-up, the failed attempts are forgiven: a known browser's own,
 * or else the account's. A known browser's success leaves the account's lock-out of unknown
 * browsers as it is: someone guessing elsewhere gets no fresh guesses from the owner's sign-in.
 */
export function forgiveAttempts(
  limiters: AuthRateLimiters,
  ip: string,
  account: string,
  device: string | null = null,
): void {
  if (device !== null) {
    limiters.perKnownDevice.reset(device);
    return;
  }
  limiters.perAccountFromAddress.reset(accountFromClientKey(clientKey(ip), account));
  limiters.perAccount.reset(account);
}

/** The one check before every write, used by tRPC's writeProcedure and by the REST write paths. */
export function assertWriteAllowed(limiter: RateLimiter, actor: Pick<SessionUser, "id">): void {
  refuseWhileWaiting(limiter.take(actor.id));
}
