import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIMITS, MESSAGES, type SessionUser } from "@artifact-atlas/shared";
import { users } from "../src/db/schema";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { me, signUp, trpcError } from "./support/auth";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

const PHOTO = "https://example.com/photos/ada.jpg";

function update(input: unknown, cookie?: string) {
  return trpc(t.app, "mutation", "users.updateProfile", input, cookie);
}

describe("users.updateProfile", () => {
  it("requires a signed-in user", async () => {
    const result = await update({ displayName: "Nobody Here" });

    expect(result.status).toBe(401);
    const error = trpcError(result.response);
    expect(error.data.code).toBe("UNAUTHORIZED");
    expect(error.message).toBe(MESSAGES.signInRequired);
  });

  it("changes the name and the photo, and the session shows them at once", async () => {
    const { user, cookie } = await signUp(t.app, { userName: "Ada Byron" });

    const result = await update({ displayName: "  Ada Lovelace ", photoUrl: PHOTO }, cookie);

    const expected: SessionUser = { ...user, name: "Ada Lovelace", photoUrl: PHOTO };
    expect(result.status).toBe(200);
    expect(result.data).toEqual(expected);
    expect(await me(t.app, cookie)).toEqual(expected);
  });

  it("keeps the current name when the name is blank or left out", async () => {
    const { cookie } = await signUp(t.app, { userName: "Ada Lovelace" });

    for (const input of [{ displayName: "" }, { displayName: "   " }, {}]) {
      const result = await update({ ...input, photoUrl: PHOTO }, cookie);
      expect(result.status).toBe(200);
      expect((result.data as SessionUser).name).toBe("Ada Lovelace");
    }
  });

  it("removes the photo when the photo URL is blank, and keeps it when left out", async () => {
    const { cookie } = await signUp(t.app, { photoUrl: PHOTO });

    const kept = await update({ displayName: "Ada Lovelace" }, cookie);
    expect((kept.data as SessionUser).photoUrl).toBe(PHOTO);

    const removed = await update({ displayName: "Ada Lovelace", photoUrl: "" }, cookie);
    expect(removed.status).toBe(200);
    expect((removed.data as SessionUser).photoUrl).toBeNull();
    expect((await me(t.app, cookie))?.photoUrl).toBeNull();
  });

  it("returns the unchanged user for an empty update", async () => {
    const { user, cookie } = await signUp(t.app, { photoUrl: PHOTO });

    const result = await update({}, cookie);

    expect(result.status).toBe(200);
    expect(result.data).toEqual(user);
  });

  it.each([
    ["javascript:alert(document.cookie)"],
    ["data:image/svg+xml,<svg onload=alert(1)>"],
    ["ftp://example.com/ada.jpg"],
    ["not a url"],
  ])("refuses the photo URL %s and changes nothing", async (photoUrl) => {
    const { user, cookie } = await signUp(t.app, { photoUrl: PHOTO });

    const result = await update({ displayName: "Mallory Jones", photoUrl }, cookie);

    expect(result.status).toBe(400);
    expect(trpcError(result.response).message).toBe(MESSAGES.invalidUrl);
    expect(await me(t.app, cookie)).toEqual(user);
  });

  it("refuses a name longer than the limit", async () => {
    const { cookie } = await signUp(t.app);

    const result = await update({ displayName: "x".repeat(LIMITS.userName + 1) }, cookie);

    expect(result.status).toBe(400);
    expect(trpcError(result.response).message).toBe(MESSAGES.userNameTooLong);
  });

  it("changes only the signed-in user's own profile", async () => {
    const alice = await signUp(t.app, { userName: "Alice Smith" });
    const bob = await signUp(t.app, { userName: "Bob Jones" });

    // An id in the input is not part of the contract and cannot redirect the change.
    await update({ id: alice.user.id, displayName: "Bob Renamed" }, bob.cookie);

    const row = (id: number) =>
      t.db.select({ name: users.name }).from(users).where(eq(users.id, id)).get();
    expect(row(alice.user.id)?.name).toBe("Alice Smith");
    expect(row(bob.user.id)?.name).toBe("Bob Renamed");
  });
});
