import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_RULES } from "../../src/rate-limit";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { healthyThroughout } from "./support";

vi.setConfig({ testTimeout: 90_000 });

/*
 * A sign-in flood from one address: thousands of attempts, each for another email. Before the fix
 * every refused attempt still made a bucket for its account, so the limiter's map grew by one
 * entry per request and every check swept the whole map: a public read took 2.6 s while it ran.
 * The app runs in this process so that the test can read the limiters' sizes; the attack goes
 * over real HTTP to 127.0.0.1.
 */

const ATTEMPTS = 3_000;
const CONCURRENCY = 20;

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await t.close();
});

async function attempt(index: number): Promise<number> {
  const response = await fetch(`${base}/trpc/auth.login`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email: `flood${index}@example.com`, password: "Guess123" }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** ATTEMPTS sign-in attempts, CONCURRENCY at a time; answers how many got each status. */
async function flood(): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < ATTEMPTS) {
      const status = await attempt(next++);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

/** While `attack` runs, the public list of artifacts answers 200 within a second, again and again. */
async function publicReadsThroughout(attack: Promise<unknown>): Promise<number> {
  let done = false;
  let reads = 0;
  const reading = (async () => {
    while (!done) {
      const started = Date.now();
      const response = await fetch(`${base}/artifacts`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    await attack;
  } finally {
    done = true;
  }
  await reading;
  return reads;
}

describe("a sign-in flood from one address", () => {
  it("is refused after the address's attempts, grows no map, and leaves reads answering", async () => {
    const attack = flood();
    const [reads, checks] = await Promise.all([
      publicReadsThroughout(attack),
      healthyThroughout(base, attack),
    ]);
    const statuses = await attack;

    expect(statuses.get(401)).toBe(AUTH_RULES.perAddress.limit);
    expect(statuses.get(429)).toBe(ATTEMPTS - AUTH_RULES.perAddress.limit);
    expect(reads).toBeGreaterThan(0);
    expect(checks).toBeGreaterThan(0);
    // Only the attempts that were let through left a bucket behind.
    const limiters = t.app.deps.authRateLimiters;
    expect(limiters.perAddress.size).toBe(1);
    expect(limiters.perAccountFromAddress.size).toBe(AUTH_RULES.perAddress.limit);
    expect(limiters.perAccount.size).toBe(AUTH_RULES.perAddress.limit);
  });
});
