import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, type SessionUser } from "@artifact-atlas/shared";
import { sessions, users } from "../src/db/schema";
import { createTestApp, sessionCookieFrom, trpc, type TestApp } from "./support/app";
import { me, newAccount, PASSWORD, post, signUp, trpcError } from "./support/auth";

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

function userCount(): number {
  return t.db.select({ id: users.id }).from(users).all().length;
}

describe("auth.signup", () => {
  it("creates the account, starts a session and returns the session user", async () => {
    const input = newAccount({
      userName: "Ada Lovelace",
      photoUrl: "https://example.com/ada.png",
    });
    const result = await trpc(t.app, "mutation", "auth.signup", input);

    expect(result.status).toBe(200);
    const user = result.data as SessionUser;
    expect(user).toEqual({
      id: expect.any(Number),
      email: input.email,
      name: "Ada Lovelace",
      photoUrl: "https://example.com/ada.png",
      role: "member",
    });
    const cookie = sessionCookieFrom(result.response);
    expect(cookie).toBeDefined();
    expect(await me(t.app, cookie)).toEqual(user);
  });

  it("stores the email lower-case and the password only as an argon2id hash", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "auth.signup",
      newAccount({ email: "  Ada.Lovelace@Example.COM " }),
    );

    expect(result.status).toBe(200);
    expect((result.data as SessionUser).email).toBe("ada.lovelace@example.com");
    const row = t.db.select().from(users).get();
    expect(row?.email).toBe("ada.lovelace@example.com");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it("stores no photo when the optional photo URL is left blank", async () => {
    const { user } = await signUp(t.app, { photoUrl: "" });
    expect(user.photoUrl).toBeNull();
    const withoutField = await signUp(t.app, { photoUrl: undefined });
    expect(withoutField.user.photoUrl).toBeNull();
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ["a short user name", { userName: "Ada" }, "userName", MESSAGES.userNameTooShort],
    ["a padded short user name", { userName: "  Ada   " }, "userName", MESSAGES.userNameTooShort],
    ["a missing user name", { userName: undefined }, "userName", MESSAGES.userNameTooShort],
    ["an invalid email", { email: "not-an-email" }, "email", MESSAGES.invalidEmail],
    ["a missing email", { email: undefined }, "email", MESSAGES.invalidEmail],
    [
      "a javascript: photo URL",
      { photoUrl: "javascript:alert(1)" },
      "photoUrl",
      MESSAGES.invalidUrl,
    ],
    [
      "a data: photo URL",
      { photoUrl: "data:image/png;base64,AAAA" },
      "photoUrl",
      MESSAGES.invalidUrl,
    ],
    [
      "a password failing three rules",
      { password: "abc" },
      "password",
      "Password must include at least one uppercase letter, Password must include at least one number, Password must be at least 6 characters long",
    ],
    [
      "a password failing every rule",
      { password: "" },
      "password",
      [
        MESSAGES.passwordUppercase,
        MESSAGES.passwordLowercase,
        MESSAGES.passwordNumber,
        MESSAGES.passwordLength,
      ].join(", "),
    ],
    [
      "a password without lowercase letters and digits",
      { password: "ABCDEFGH" },
      "password",
      `${MESSAGES.passwordLowercase}, ${MESSAGES.passwordNumber}`,
    ],
  ];

  it.each(invalid)("refuses %s with the exact message", async (_case, change, field, message) => {
    const result = await trpc(t.app, "mutation", "auth.signup", newAccount(change));

    expect(result.status).toBe(400);
    const error = trpcError(result.response);
    expect(error.data.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(message);
    expect(error.data.zodError?.fieldErrors[field]).toEqual([message]);
    expect(sessionCookieFrom(result.response)).toBeUndefined();
    expect(userCount()).toBe(0);
  });

  it("reports every invalid field at once", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "auth.signup",
      newAccount({ userName: "Al", email: "nope", password: "Secret" }),
    );

    expect(result.status).toBe(400);
    expect(trpcError(result.response).data.zodError?.fieldErrors).toEqual({
      userName: [MESSAGES.userNameTooShort],
      email: [MESSAGES.invalidEmail],
      password: [MESSAGES.passwordNumber],
    });
  });

  it("refuses an email that is already registered, whatever its case", async () => {
    await signUp(t.app, { email: "ada@example.com" });

    const again = await trpc(
      t.app,
      "mutation",
      "auth.signup",
      newAccount({ email: "ADA@Example.com" }),
    );

    expect(again.status).toBe(409);
    const error = trpcError(again.response);
    expect(error.data.code).toBe("CONFLICT");
    expect(error.message).toBe(MESSAGES.emailAlreadyRegistered);
    expect(sessionCookieFrom(again.response)).toBeUndefined();
    expect(userCount()).toBe(1);
  });

  it("lets exactly one of two simultaneous signups for one email succeed", async () => {
    const [first, second] = await Promise.all([
      trpc(t.app, "mutation", "auth.signup", newAccount({ email: "race@example.com" })),
      trpc(t.app, "mutation", "auth.signup", newAccount({ email: "Race@example.com" })),
    ]);

    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(trpcError(loser.response).message).toBe(MESSAGES.emailAlreadyRegistered);
    expect(userCount()).toBe(1);
  });
});

describe("auth.login", () => {
  it("signs in with the right password, whatever the email's case", async () => {
    const { input, user } = await signUp(t.app, { email: "grace@example.com" });

    const result = await trpc(t.app, "mutation", "auth.login", {
      email: " GRACE@example.com ",
      password: input.password,
    });

    expect(result.status).toBe(200);
    expect(result.data).toEqual(user);
    expect(await me(t.app, sessionCookieFrom(result.response))).toEqual(user);
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const { input, user } = await signUp(t.app);
    const sessionsBefore = t.db.select().from(sessions).all().length;

    const wrongPassword = await trpc(t.app, "mutation", "auth.login", {
      email: input.email,
      password: "Wrong123",
    });
    const unknownEmail = await trpc(t.app, "mutation", "auth.login", {
      email: "nobody@example.com",
      password: PASSWORD,
    });

    for (const result of [wrongPassword, unknownEmail]) {
      expect(result.status).toBe(401);
      const error = trpcError(result.response);
      expect(error.data.code).toBe("UNAUTHORIZED");
      expect(error.message).toBe(MESSAGES.wrongCredentials);
      expect(sessionCookieFrom(result.response)).toBeUndefined();
    }
    expect(wrongPassword.response.body).toBe(unknownEmail.response.body);
    expect(t.db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(
      sessionsBefore,
    );
  });

  it("refuses an account that has no password with the same message", async () => {
    t.db.insert(users).values({ email: "google-only@example.com", name: "Google User" }).run();

    const result = await trpc(t.app, "mutation", "auth.login", {
      email: "google-only@example.com",
      password: PASSWORD,
    });

    expect(result.status).toBe(401);
    expect(trpcError(result.response).message).toBe(MESSAGES.wrongCredentials);
  });

  it("asks for the password when it is missing", async () => {
    const result = await trpc(t.app, "mutation", "auth.login", {
      email: "grace@example.com",
      password: "",
    });

    expect(result.status).toBe(400);
    expect(trpcError(result.response).message).toBe(MESSAGES.passwordRequired);
  });

  it("takes about as long for an unknown email as for a wrong password", async () => {
    const { input } = await signUp(t.app);
    const wrong: number[] = [];
    const unknown: number[] = [];
    async function timed(email: string, ip: string): Promise<number> {
      const start = performance.now();
      const response = await post(t.app, "auth.login", { email, password: "Wrong123" }, { ip });
      expect(response.statusCode).toBe(401);
      return performance.now() - start;
    }
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await timed(input.email, `192.0.2.${i + 1}`));
      unknown.push(await timed(`ghost${i}@example.com`, `192.0.2.${i + 101}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;

    // Without the dummy verification an unknown email answers in about a millisecond.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
  });

  it("never sends a password hash to the client", async () => {
    const signup = await trpc(t.app, "mutation", "auth.signup", newAccount());
    const { email } = signup.data as SessionUser;
    const login = await trpc(t.app, "mutation", "auth.login", { email, password: PASSWORD });
    const current = await trpc(
      t.app,
      "query",
      "auth.me",
      undefined,
      sessionCookieFrom(login.response),
    );

    for (const result of [signup, login, current]) {
      expect(result.status).toBe(200);
      expect(Object.keys(result.data as object).sort()).toEqual([
        "email",
        "id",
        "name",
        "photoUrl",
        "role",
      ]);
      expect(result.response.body).not.toContain("argon2");
    }
  });
});

describe("auth.me", () => {
  it("is null for a visitor without a session", async () => {
    expect(await me(t.app)).toBeNull();
  });

  it("is null for a cookie that names no session, and clears that cookie", async () => {
    const result = await trpc(t.app, "query", "auth.me", undefined, "atlas_session=forged-token");

    expect(result.status).toBe(200);
    expect(result.data).toBeNull();
    const cleared = result.response.cookies.find((c) => c.name === "atlas_session");
    expect(cleared?.value).toBe("");
    expect(cleared?.maxAge).toBe(0);
  });

  it("is the signed-in user for a valid session", async () => {
    const { user, cookie } = await signUp(t.app, { userName: "Marie Curie" });
    expect(await me(t.app, cookie)).toEqual({ ...user, name: "Marie Curie" });
  });
});
