import { randomBytes } from "node:crypto";
import { hash, verify, type Options } from "@node-rs/argon2";

/**
 * argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 passes, 1 lane
 * (https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id).
 * The parameters travel inside each PHC string, so raising them later leaves old hashes verifiable.
 */
export const PASSWORD_HASH_OPTIONS = {
  // Algorithm.Argon2id; the package's ambient const enum cannot be read under isolatedModules.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check and always fails: used when the email is unknown or the
 * account has no password, so the answer's timing does not reveal which emails have accounts.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}
