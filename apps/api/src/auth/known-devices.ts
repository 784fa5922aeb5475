import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "../db/client";
import { users } from "../db/schema";
import type { CookieToSet } from "./session";

/*
 * Known browsers (OWASP's "device cookies", docs/decisions/100): a browser that signed in with an
 * account's password gets a cookie naming the account, signed by the server. Its later password
 * attempts on that account count against an allowance of its own (rate-limit.ts), never against
 * the account's, so failures from anywhere else cannot lock the owner's known browser out, and
 * the account's lock-out only holds browsers the server has not seen the owner use.
 *
 * The signing key is the account's password hash, which only the server holds: no secret to keep
 * beside the database, and a new password ends every device cookie of the account, as it ends its
 * other sessions.
 */

const DEVICE_COOKIE = "atlas_device";
/** A browser stays known for a year after its last sign-in. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** On https with the __Host- prefix, as the session cookie (auth/session.ts). */
export function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

function signature(userId: number, nonce: string, passwordHash: string): Buffer {
  return createHmac("sha256", passwordHash).update(`${userId}.${nonce}`).digest();
}

/**
 * The device cookie for a browser that has just proved the account's password: the account's id,
 * a random nonce that names this browser, and their signature. Null for an account without one.
 */
export function deviceCookieFor(
  db: AppDatabase,
  userId: number,
  secure: boolean,
): CookieToSet | null {
  const passwordHash = db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .get()?.passwordHash;
  if (!passwordHash) return null;
  const nonce = randomBytes(16).toString("base64url");
  const mac = signature(userId, nonce, passwordHash).toString("base64url");
  return {
    name: deviceCookieName(secure),
    value: `${userId}.${nonce}.${mac}`,
    attributes: {
      httpOnly: true,
      secure,
      sameSite: "lax",
      path: "/",
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    },
  };
}

/**
 * The browser a device cookie names, when the server signed it for this account (and its current
 * password): the key its attempts count under. Null for no cookie, another account's, a forged
 * or an outdated one: that browser is not known.
 */
export function knownDevice(
  cookie: string | undefined,
  account: { id: number; passwordHash: string | null },
): string | null {
  if (!cookie || !account.passwordHash) return null;
  const [id, nonce, mac, ...rest] = cookie.split(".");
  if (rest.length > 0 || id !== String(account.id) || !nonce || !mac) return null;
  const expected = signature(account.id, nonce, account.passwordHash);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return `${account.id}.${nonce}`;
}
