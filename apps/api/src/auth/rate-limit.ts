/**
 * Fixed-window attempt counters kept in memory: one process serves the whole community, so no
 * shared store is needed. Keys are "ip:<address>" and "account:<email>"; both must have room.
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export const AUTH_RULES = {
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;

export function createAuthRateLimiter(rules = AUTH_RULES, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function take(key: string, rule: RateLimitRule): number {
    const time = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + rule.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count > rule.limit ? Math.ceil((window.resetAt - time) / 1000) : 0;
  }

  function sweep(): void {
    const time = now();
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  }

  return {
    /**
     * Counts one attempt for the address and the account. Returns 0 when allowed, otherwise the
     * seconds to wait.
     */
    attempt(ip: string, account: string): number {
      if (windows.size > 100_000) sweep();
      const ipWait = take(`ip:${ip}`, rules.perAddress);
      const accountWait = take(`account:${account.toLowerCase()}`, rules.perAccount);
      return Math.max(ipWait, accountWait);
    },
    /** A successful sign-in clears the account's failures, so a typo earlier costs nothing later. */
    reset(account: string): void {
      windows.delete(`account:${account.toLowerCase()}`);
    },
  };
}
