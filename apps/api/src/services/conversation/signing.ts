import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client";
import { signingKeys } from "../../db/schema";

/*
 * Tokens the server signs (issue 33: a digest's unsubscribe links, which work without signing
 * in): the payload in the clear, and an HMAC-SHA256 of it under a random key kept in the database,
 * made on first use. The key travels with the database's backups, so an old mail's link keeps
 * working after a restore; it never leaves the server.
 */

const KEY_BYTES = 32;

function keyFor(db: Pick<AppDatabase, "insert" | "select">, name: string): Buffer {
  db.insert(signingKeys)
    .values({ name, key: randomBytes(KEY_BYTES) })
    .onConflictDoNothing()
    .run();
  const row = db
    .select({ key: signingKeys.key })
    .from(signingKeys)
    .where(eq(signingKeys.name, name))
    .get();
  if (!row) throw new Error(`the signing key ${name} could not be made`);
  return row.key;
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

/** `payload` (URL-safe text) and its signature, as one URL-safe token. */
export function signToken(
  db: Pick<AppDatabase, "insert" | "select">,
  name: string,
  payload: string,
): string {
  const key = keyFor(db, name);
  return `${Buffer.from(payload).toString("base64url")}.${mac(key, payload).toString("base64url")}`;
}

/** The payload of a token signed with the key `name`; null when it is not one. */
export function verifyToken(
  db: Pick<AppDatabase, "insert" | "select">,
  name: string,
  token: string,
): string | null {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return null;
  const payload = Buffer.from(encoded, "base64url").toString();
  const expected = mac(keyFor(db, name), payload);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
}
