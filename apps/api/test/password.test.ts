import { describe, expect, it } from "vitest";
import {
  hashPassword,
  PASSWORD_HASH_OPTIONS,
  verifyDummyPassword,
  verifyPassword,
} from "../src/auth/password";

describe("password hashing", () => {
  it("uses argon2id at OWASP's recommended cost", async () => {
    expect(PASSWORD_HASH_OPTIONS).toEqual({
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await hashPassword("Secret123")).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
  });

  it("salts every hash", async () => {
    expect(await hashPassword("Secret123")).not.toBe(await hashPassword("Secret123"));
  });

  it("verifies the right password and only that one", async () => {
    const stored = await hashPassword("Secret123");
    expect(await verifyPassword(stored, "Secret123")).toBe(true);
    expect(await verifyPassword(stored, "secret123")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
  });

  it("treats a stored value that is not an argon2 hash as a mismatch", async () => {
    expect(await verifyPassword("not-a-hash", "Secret123")).toBe(false);
    expect(await verifyPassword("", "")).toBe(false);
  });

  it("fails the dummy check for every password", async () => {
    expect(await verifyDummyPassword("Secret123")).toBe(false);
    expect(await verifyDummyPassword("")).toBe(false);
  });
});
