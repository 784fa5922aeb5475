import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { deviceCookieName } from "../src/auth/known-devices";
import { createResetLinkByAdmin } from "../src/services/password-reset";
import {
  assertPasswordAttemptAllowed,
  AUTH_RULES,
  createAuthRateLimiters,
} from "../src/rate-limit";
import { ServiceError } from "../src/services/errors";
import { createTestApp, type TestApp } from "./support/app";
import { PASSWORD, post, signUp, trpcError } from "./support/auth";

/*
 * Locking an admin out (issue 28): five wrong passwords from each of two addresses used to lock
 * the account for everyone, the owner included, and the attacker could keep it locked. A browser
 * that signed in before is known to the account (a signed device cookie, OWASP's approach;
 * decision 100) and keeps its own allowance.
 */

const DEVICE = deviceCookieName(false);
const OWNER = "owner@example.com";
const ATTACKERS = ["203.0.113.1", "203.0.113.2"];

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
  await signUp(t.app, { email: OWNER });
});

afterEach(async () => {
  await t.close();
});

function login(password: string, ip: string, device?: string) {
  return post(
    t.app,
    "auth.login",
    { email: OWNER, password },
    {
      ip,
      ...(device ? { cookie: `${DEVICE}=${device}` } : {}),
    },
  );
}

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((each) => each.name === DEVICE);
  if (!cookie) throw new Error("no device cookie");
  return cookie.value;
}

function expectLockedOut(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers["retry-after"]);
  expect(trpcError(response).message).toBe(MESSAGES.tooManyAttempts(seconds));
}

/** Five wrong passwords from each attacker's address: the account's ten unknown-browser tries. */
async function lockTheAccount(): Promise<void> {
  for (const ip of ATTACKERS) {
    for (let i = 0; i < AUTH_RULES.perAccountFromAddress.limit; i += 1) {
      expect((await login(`Wrong${i}x`, ip)).statusCode).toBe(401);
    }
  }
  expectLockedOut(await login(PASSWORD, "198.51.100.50"));
}

describe("the owner's known browser", () => {
  it("gets a device cookie when it signs in: HttpOnly, SameSite=Lax, for a year", async () => {
    const response = await login(PASSWORD, "198.51.100.10");
    expect(response.statusCode).toBe(200);
    const header = response.headers["set-cookie"];
    const line = (Array.isArray(header) ? header : [String(header)]).find((each) =>
      each.startsWith(`${DEVICE}=`),
    );
    expect(line).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("still signs in after five wrong passwords from each of two addresses", async () => {
    const device = deviceCookieOf(await login(PASSWORD, "198.51.100.10"));
    await lockTheAccount();

    // From home, and even from one of the attackers' addresses (a shared network).
    expect((await login(PASSWORD, "198.51.100.10", device)).statusCode).toBe(200);
    expect((await login(PASSWORD, ATTACKERS[0]!, device)).statusCode).toBe(200);
    // A browser the account does not know is still held, and so is the attacker.
    expectLockedOut(await login(PASSWORD, "198.51.100.51"));
    expectLockedOut(await login("Guess123", ATTACKERS[1]!));
  });

  it("is not something an attacker can forge or borrow from another account", async () => {
    const device = deviceCookieOf(await login(PASSWORD, "198.51.100.10"));
    const other = await signUp(t.app, { email: "attacker@example.com" });
    const attackersOwn = deviceCookieOf(
      await post(t.app, "auth.login", { email: other.input.email, password: PASSWORD }),
    );
    await lockTheAccount();

    const [id, nonce] = device.split(".");
    for (const forged of [
      `${id}.${nonce}.${"A".repeat(43)}`,
      attackersOwn,
      `${attackersOwn.split(".")[0]}.${nonce}.${device.split(".")[2]}`,
      "1.2.3.4",
      "",
    ]) {
      expectLockedOut(await login(PASSWORD, "198.51.100.52", forged));
    }
  });

  it("has an allowance of its own: a stolen cookie buys five guesses, not the account", async () => {
    const device = deviceCookieOf(await login(PASSWORD, "198.51.100.10"));
    for (let i = 0; i < AUTH_RULES.perKnownDevice.limit; i += 1) {
      expect((await login(`Wrong${i}x`, "203.0.113.9", device)).statusCode).toBe(401);
    }
    expectLockedOut(await login(PASSWORD, "203.0.113.9", device));
    // The account itself lost nothing: an unknown browser elsewhere still signs in.
    expect((await login(PASSWORD, "198.51.100.53")).statusCode).toBe(200);
  });

  it("cannot be kept locked: hours of guesses from two addresses never refuse it", () => {
    let now = 0;
    const limiters = createAuthRateLimiters({ now: () => now });
    const attempt = (ip: string, device: string | null) => {
      try {
        assertPasswordAttemptAllowed(limiters, ip, OWNER, device);
        return "allowed";
      } catch (error) {
        if (error instanceof ServiceError && error.code === "TOO_MANY_REQUESTS") return "refused";
        throw error;
      }
    };
    const owner: string[] = [];
    const newBrowser: string[] = [];
    for (let second = 0; second < 4 * 60 * 60; second += 1) {
      now = second * 1000;
      for (const ip of ATTACKERS) attempt(ip, null);
      if (second % 600 === 300) {
        // The owner signs in from the known browser, and someone tries a browser never seen.
        owner.push(attempt("198.51.100.20", "1.known-browser"));
        newBrowser.push(attempt("198.51.100.21", null));
      }
    }
    expect(owner).toHaveLength(24);
    expect(owner.every((result) => result === "allowed")).toBe(true);
    // The price of the lock-out: a browser the account does not know waits with the attackers.
    expect(newBrowser.filter((result) => result === "refused").length).toBeGreaterThan(12);
    // And a known browser's attempts take nothing from the account's buckets.
    const fresh = createAuthRateLimiters();
    for (let i = 0; i < AUTH_RULES.perKnownDevice.limit; i += 1) {
      assertPasswordAttemptAllowed(fresh, "198.51.100.22", OWNER, "1.known-browser");
    }
    expect(fresh.perAccount.size).toBe(0);
    expect(fresh.perAddress.size).toBe(0);
  });
});

describe("an owner locked out on a new browser", () => {
  it("gets in with a reset link (pnpm users:reset-link), and that browser is known from then on", async () => {
    const before = deviceCookieOf(await login(PASSWORD, "198.51.100.10"));
    await lockTheAccount();
    // What the command prints, made as the command makes it (test/cli.test.ts runs the command).
    const ownerId = t.db.$client.prepare("select id from users where email = ?").pluck().get(OWNER);
    const made = createResetLinkByAdmin(t.app.deps, {
      actorId: null,
      userId: ownerId as number,
      requestId: null,
      source: "pnpm users:reset-link",
    });
    const token = new URL(made.link).hash.slice(1);
    const reset = await post(
      t.app,
      "auth.resetPassword",
      { token, password: "Fresh456" },
      { ip: "198.51.100.60" },
    );
    expect(reset.statusCode).toBe(200);
    const device = deviceCookieOf(reset);
    expect(
      (
        await post(
          t.app,
          "auth.login",
          { email: OWNER, password: "Fresh456" },
          { ip: "198.51.100.60", cookie: `${DEVICE}=${device}` },
        )
      ).statusCode,
    ).toBe(200);
    // The new password is the cookies' new key: one made before it names no known browser.
    expectLockedOut(
      await post(
        t.app,
        "auth.login",
        { email: OWNER, password: "Fresh456" },
        { ip: "198.51.100.61", cookie: `${DEVICE}=${before}` },
      ),
    );
  });
});
