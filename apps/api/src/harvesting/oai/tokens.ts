import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/*
 * Resumption tokens (issue 34, decision 116): everything the next page needs, in the token itself,
 * signed with the key the migration stored in the database. Nothing is kept on the server, so a
 * token outlives a restart and any number of harvests cost no memory; the signature makes a forged
 * or altered one badResumptionToken, and the expiry bounds how long one is honoured.
 */

/** How long a token is honoured: a day is the protocol's custom; two leave a slow harvester room. */
export const TOKEN_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** A token of ours is about 200 characters; anything much longer is refused unread. */
export const TOKEN_MAX_LENGTH = 512;
/** The signature: the first 16 bytes of an HMAC-SHA-256. */
const SIGNATURE_BYTES = 16;

const listState = z.object({
  /** Which list it continues. */
  verb: z.enum(["ListRecords", "ListIdentifiers", "ListSets"]),
  prefix: z.string().max(64).nullable(),
  set: z.string().max(256).nullable(),
  from: z.number().int().nullable(),
  until: z.number().int().nullable(),
  /** The last record sent: (datestamp, id); for ListSets the number of sets sent. */
  afterDatestamp: z.number().int(),
  afterId: z.number().int(),
  /** Records sent before the next page. */
  cursor: z.number().int().nonnegative(),
  completeListSize: z.number().int().positive(),
  expiresAt: z.number().int(),
});
export type ListState = z.output<typeof listState>;

const encode = (bytes: Buffer) => bytes.toString("base64url");

function sign(key: Buffer, payload: string): Buffer {
  return createHmac("sha256", key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

export function issueToken(key: Buffer, state: ListState): string {
  const payload = encode(Buffer.from(JSON.stringify(state)));
  return `${payload}.${encode(sign(key, payload))}`;
}

/**
 * The state a token carries, or null when it is not one of ours, was altered, or has expired at
 * `now`: the caller answers badResumptionToken for every one of these alike.
 */
export function readToken(key: Buffer, token: string, now: number): ListState | null {
  if (token.length > TOKEN_MAX_LENGTH) return null;
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const state = listState.safeParse(parsed);
  if (!state.success || state.data.expiresAt <= now) return null;
  return state.data;
}
