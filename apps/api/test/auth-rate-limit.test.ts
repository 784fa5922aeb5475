import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { AUTH_RULES, createRateLimiter } from "../src/rate-limit";
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
    const perAddress = createRateLimiter(AUTH_RULES.perAddress, () => now);
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
    const perAccount = createRateLimiter(AUTH_RULES.perAccount, () => now);
    for (let i = 0; i < 10; i += 1) expect(perAccount.take("target@example.com")).toBe(0);
    expect(perAccount.take("target@example.com")).toBe(90);
    now += 30_000;
    expect(perAccount.take("target@example.com")).toBe(60);
    perAccount.reset("target@example.com");
    for (let i = 0; i < 10; i += 1) expect(perAccount.take("target@example.com")).toBe(0);
    expect(perAccount.take("target@example.com")).toBe(90);
  });
});
