import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import {
  assertAttemptAllowed,
  AUTH_RULES,
  clientKey,
  createAuthRateLimiters,
  createRateLimiter,
} from "../src/rate-limit";
import { ServiceError } from "../src/services/errors";
import { users } from "../src/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { newAccount, PASSWORD, post, signUp, trpcError } from "./support/auth";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

const WINDOW_SECONDS = AUTH_RULES.perAddress.windowMs / 1000;

/** Asserts a 429 with the spec's wording, and a Retry-After header with the same wait. */
function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  const error = trpcError(response);
  expect(error.data.code).toBe("TOO_MANY_REQUESTS");
  const seconds = Number(response.headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(error.message).toBe(MESSAGES.tooManyAttempts(seconds));
  expect(response.cookies.filter((c) => c.name === "atlas_session")).toEqual([]);
}

function login(email: string, password: string, ip: string) {
  return post(t.app, "auth.login", { email, password }, { ip });
}

describe("sign-in attempts per address", () => {
  it(`refuses attempt ${AUTH_RULES.perAddress.limit + 1} from one address, whatever the accounts`, async () => {
    const { input } = await signUp(t.app);
    const ip = "198.51.100.7";
    for (let i = 0; i < AUTH_RULES.perAddress.limit; i += 1) {
      const response = await login(`stranger${i}@example.com`, PASSWORD, ip);
      expect(response.statusCode).toBe(401);
    }

    // Even the right password waits now: the address is out of attempts.
    expectRefused(await login(input.email, PASSWORD, ip));
    // Another address is not affected.
    expect((await login(input.email, PASSWORD, "198.51.100.8")).statusCode).toBe(200);
  });

  it("counts signups too, and refuses them without creating an account", async () => {
    const ip = "198.51.100.9";
    for (let i = 0; i < AUTH_RULES.perAddress.limit; i += 1) {
      await login(`stranger${i}@example.com`, PASSWORD, ip);
    }

    expectRefused(await post(t.app, "auth.signup", newAccount(), { ip }));
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });
});

describe("sign-in attempts per account", () => {
  it(`refuses attempt ${AUTH_RULES.perAccount.limit + 1} on one account from any address`, async () => {
    const { input } = await signUp(t.app, { email: "target@example.com" });
    for (let i = 0; i < AUTH_RULES.perAccount.limit; i += 1) {
      const response = await login(input.email, "Wrong123", `203.0.113.${i + 1}`);
      expect(response.statusCode).toBe(401);
    }

    // Spreading guesses over many addresses does not help; the email's case does not either.
    expectRefused(await login("TARGET@example.com", PASSWORD, "203.0.113.200"));
    // Other accounts from the same address are not affected.
    const other = await signUp(t.app);
    expect((await login(other.input.email, PASSWORD, "203.0.113.200")).statusCode).toBe(200);
  });

  it("forgives earlier failures after a successful login", async () => {
    const { input } = await signUp(t.app);
    let address = 0;
    const nextIp = () => `203.0.113.${(address += 1)}`;
    for (let i = 0; i < AUTH_RULES.perAccount.limit - 1; i += 1) {
      expect((await login(input.email, "Wrong123", nextIp())).statusCode).toBe(401);
    }
    expect((await login(input.email, PASSWORD, nextIp())).statusCode).toBe(200);

    for (let i = 0; i < AUTH_RULES.perAccount.limit; i += 1) {
      expect((await login(input.email, "Wrong123", nextIp())).statusCode).toBe(401);
    }
    expectRefused(await login(input.email, PASSWORD, nextIp()));
  });
});

describe("the attempt buckets", () => {
  it("allow an address 20 attempts at once, then one every 45 seconds (15 minutes / 20)", () => {
    let now = 1_000_000;
    const perAddress = createRateLimiter(AUTH_RULES.perAddress, { now: () => now });
    for (let i = 0; i < 20; i += 1) expect(perAddress.take("198.51.100.7")).toBe(0);
    expect(perAddress.take("198.51.100.7")).toBe(45);
    now += 44_000;
    expect(perAddress.take("198.51.100.7")).toBe(1);
    now += 1_000;
    expect(perAddress.take("198.51.100.7")).toBe(0);
    expect(perAddress.take("198.51.100.7")).toBe(45);
    expect(perAddress.take("198.51.100.8")).toBe(0);
  });

  it("allow an account 10 attempts, then one every 90 seconds, all of them again after a reset", () => {
    let now = 0;
    const perAccount = createRateLimiter(AUTH_RULES.perAccount, { now: () => now });
    for (let i = 0; i < 10; i += 1) expect(perAccount.take("target@example.com")).toBe(0);
    expect(perAccount.take("target@example.com")).toBe(90);
    now += 30_000;
    expect(perAccount.take("target@example.com")).toBe(60);
    perAccount.reset("target@example.com");
    for (let i = 0; i < 10; i += 1) expect(perAccount.take("target@example.com")).toBe(0);
    expect(perAccount.take("target@example.com")).toBe(90);
  });
});

describe("a client hammering one account", () => {
  it("cannot keep its owner from signing in from another address", async () => {
    const { input } = await signUp(t.app, { email: "victim@example.com" });
    const attacker = "203.0.113.66";
    const statuses: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      statuses.push((await login(input.email, `Guess${i}x`, attacker)).statusCode);
    }

    // The attacker's share of the account is spent after a few guesses; the rest take nothing.
    const share = AUTH_RULES.perAccountFromAddress.limit;
    expect(statuses.slice(0, share)).toEqual(new Array(share).fill(401));
    expect(statuses.slice(share)).toEqual(new Array(300 - share).fill(429));
    expect(t.app.deps.authRateLimiters.perAccount.size).toBe(1);
    expect(t.app.deps.authRateLimiters.perAccountFromAddress.size).toBe(1);

    const victim = await login(input.email, PASSWORD, "198.51.100.20");
    expect(victim.statusCode).toBe(200);
    // And the attacker is still held.
    expectRefused(await login(input.email, PASSWORD, attacker));
  });

  it("cannot keep the account's bucket empty for hours, however steadily it tries", () => {
    let now = 0;
    const limiters = createAuthRateLimiters({ now: () => now });
    const attempt = (ip: string) => {
      try {
        assertAttemptAllowed(limiters, ip, "victim@example.com");
        return "allowed";
      } catch (error) {
        if (error instanceof ServiceError && error.code === "TOO_MANY_REQUESTS") return "refused";
        throw error;
      }
    };

    const victimAttempts: string[] = [];
    let attackerAllowed = 0;
    for (let second = 0; second < 4 * 60 * 60; second += 1) {
      now = second * 1000;
      if (attempt("203.0.113.66") === "allowed") attackerAllowed += 1;
      // The owner tries (and, in this worst case, fails) every ten minutes from elsewhere.
      if (second % 600 === 300) victimAttempts.push(attempt("198.51.100.20"));
    }

    expect(victimAttempts).toHaveLength(24);
    expect(victimAttempts.every((result) => result === "allowed")).toBe(true);
    // One guess every 180 s after the first five: 15 minutes / 5.
    expect(attackerAllowed).toBe(5 + Math.floor((4 * 60 * 60 - 1) / 180));
  });
});

describe("refused attempts", () => {
  it("create no bucket: one blocked address asking for ten thousand accounts adds nothing", () => {
    const limiters = createAuthRateLimiters();
    const ip = "203.0.113.77";
    let refused = 0;
    for (let i = 0; i < 10_000 + AUTH_RULES.perAddress.limit; i += 1) {
      try {
        assertAttemptAllowed(limiters, ip, `stranger${i}@example.com`);
      } catch (error) {
        expect(error).toMatchObject({ code: "TOO_MANY_REQUESTS" });
        refused += 1;
      }
    }

    expect(refused).toBe(10_000);
    expect(limiters.perAddress.size).toBe(1);
    expect(limiters.perAccountFromAddress.size).toBe(AUTH_RULES.perAddress.limit);
    expect(limiters.perAccount.size).toBe(AUTH_RULES.perAddress.limit);
  });

  it("take nothing from the account, whichever bucket refused them", () => {
    const limiters = createAuthRateLimiters({ now: () => 0 });
    const target = "target@example.com";
    const share = AUTH_RULES.perAccountFromAddress.limit;
    // One client spends its share of the account, then is refused by its share.
    for (let i = 0; i < share; i += 1) assertAttemptAllowed(limiters, "203.0.113.78", target);
    for (let i = 0; i < 50; i += 1) {
      expect(() => assertAttemptAllowed(limiters, "203.0.113.78", target)).toThrow(ServiceError);
    }
    // Another spends its own attempts on other accounts, then is refused by its address.
    for (let i = 0; i < AUTH_RULES.perAddress.limit; i += 1) {
      assertAttemptAllowed(limiters, "203.0.113.79", `stranger${i}@example.com`);
    }
    for (let i = 0; i < 50; i += 1) {
      expect(() => assertAttemptAllowed(limiters, "203.0.113.79", target)).toThrow(ServiceError);
    }

    // The account lost only the first client's share.
    for (let i = 0; i < AUTH_RULES.perAccount.limit - share; i += 1) {
      assertAttemptAllowed(limiters, `198.51.100.${i + 1}`, target);
    }
    expect(() => assertAttemptAllowed(limiters, "198.51.100.99", target)).toThrow(
      MESSAGES.tooManyAttempts(90),
    );
  });
});

describe("a limiter's memory", () => {
  const rule = { limit: 2, windowMs: 60_000 };

  it("wait() tells the wait and changes nothing", () => {
    const limiter = createRateLimiter(rule, { now: () => 0 });
    expect(limiter.wait("a")).toBe(0);
    expect(limiter.size).toBe(0);
    limiter.take("a");
    limiter.take("a");
    expect(limiter.wait("a")).toBe(30);
    expect(limiter.wait("a")).toBe(30);
    expect(limiter.size).toBe(1);
  });

  it("forgets a bucket once it has been untouched for a whole window (full again)", () => {
    let now = 0;
    const limiter = createRateLimiter(rule, { now: () => now });
    limiter.take("a");
    limiter.take("b");
    now = 30_000;
    limiter.take("c");
    expect(limiter.size).toBe(3);

    now = 60_000;
    limiter.take("d");
    expect(limiter.size).toBe(2);
    now = 90_000;
    limiter.take("d");
    expect(limiter.size).toBe(1);
    // A forgotten key starts with a full bucket, as it would have had anyway.
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(30);
  });

  it("holds at most maxKeys buckets, and makes room by forgetting the least recently used", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 }, { now: () => 0, maxKeys: 3 });
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("b")).toBe(0);
    expect(limiter.take("c")).toBe(0);
    // A refused take neither adds a key nor counts as use.
    expect(limiter.take("a")).toBe(60);
    expect(limiter.take("d")).toBe(0);
    expect(limiter.size).toBe(3);
    // "a" was used longest ago, so it went; "b" and "c" are still held.
    expect(limiter.take("b")).toBe(60);
    expect(limiter.take("c")).toBe(60);
    expect(limiter.take("a")).toBe(0);
    expect(limiter.size).toBe(3);
    expect(limiter.take("b")).toBe(0);
  });
});

describe("clients by address", () => {
  it.each([
    ["198.51.100.7", "198.51.100.7"],
    ["::ffff:198.51.100.7", "198.51.100.7"],
    ["::ffff:c633:6407", "198.51.100.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::198.51.100.7", "64:ff9b:0:0::/64"],
  ])("counts %s as %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it("counts every address of one IPv6 /64 as one client", async () => {
    for (let i = 0; i < AUTH_RULES.perAddress.limit; i += 1) {
      const response = await login(`stranger${i}@example.com`, PASSWORD, `2001:db8:1:2::${i + 1}`);
      expect(response.statusCode).toBe(401);
    }

    expectRefused(await login("someone@example.com", PASSWORD, "2001:db8:1:2:ab:cd:ef:1"));
    // The next /64 is another client.
    expect((await login("someone@example.com", PASSWORD, "2001:db8:1:3::1")).statusCode).toBe(401);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", async () => {
    for (let i = 0; i < AUTH_RULES.perAddress.limit; i += 1) {
      expect((await login(`stranger${i}@example.com`, PASSWORD, "198.51.100.70")).statusCode).toBe(
        401,
      );
    }

    expectRefused(await login("someone@example.com", PASSWORD, "::ffff:198.51.100.70"));
  });
});
