import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { sessions } from "../src/db/schema";
import { createTestApp, sessionCookieFrom, trpc, type TestApp } from "./support/app";
import { me, PASSWORD, post, signUp, trpcError } from "./support/auth";

const DAY_SECONDS = 24 * 60 * 60;
const LIFETIME_SECONDS = 30 * DAY_SECONDS;

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});

afterEach(async () => {
  await t.close();
});

function setCookieHeader(response: LightMyRequestResponse, name = "atlas_session"): string {
  const header = response.headers["set-cookie"];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const session = all.filter((value) => value.startsWith(`${name}=`));
  expect(session).toHaveLength(1);
  return session[0]!;
}

function tokenOf(cookie: string, name = "atlas_session"): string {
  return cookie.slice(`${name}=`.length);
}

function sessionRows(userId: number) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId)).all();
}

async function login(email: string, cookie?: string) {
  const result = await trpc(t.app, "mutation", "auth.login", { email, password: PASSWORD }, cookie);
  expect(result.status).toBe(200);
  const newCookie = sessionCookieFrom(result.response);
  expect(newCookie).toBeDefined();
  return { result, cookie: newCookie! };
}

describe("auth.logout", () => {
  it("ends the session on the server, so the old cookie no longer works", async () => {
    const { user, cookie } = await signUp(t.app);
    expect(sessionRows(user.id)).toHaveLength(1);

    const result = await trpc(t.app, "mutation", "auth.logout", undefined, cookie);

    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    expect(setCookieHeader(result.response)).toMatch(/^atlas_session=; Max-Age=0; Path=\//);
    expect(sessionRows(user.id)).toHaveLength(0);
    // A copy of the cookie taken before logout is useless afterwards.
    expect(await me(t.app, cookie)).toBeNull();
    const stolen = await trpc(
      t.app,
      "mutation",
      "users.updateProfile",
      { displayName: "Someone Else" },
      cookie,
    );
    expect(stolen.status).toBe(401);
    expect(trpcError(stolen.response).message).toBe(MESSAGES.signInRequired);
  });

  it("answers ok with a blank cookie when nobody is signed in", async () => {
    const result = await trpc(t.app, "mutation", "auth.logout");

    expect(result.status).toBe(200);
    expect(result.data).toEqual({ ok: true });
    expect(setCookieHeader(result.response)).toMatch(/^atlas_session=; Max-Age=0;/);
  });

  it("ends only this browser's session, not the user's other devices", async () => {
    const { input, user, cookie: laptop } = await signUp(t.app);
    const { cookie: phone } = await login(input.email);

    await trpc(t.app, "mutation", "auth.logout", undefined, laptop);

    expect(await me(t.app, laptop)).toBeNull();
    expect(await me(t.app, phone)).toEqual(user);
  });
});

describe("session identifiers", () => {
  it("gives every login a brand-new session", async () => {
    const { input, cookie: fromSignup } = await signUp(t.app);

    const first = await login(input.email);
    const second = await login(input.email);

    const tokens = new Set(
      [fromSignup, first.cookie, second.cookie].map((cookie) => tokenOf(cookie)),
    );
    expect(tokens.size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("replaces the session a browser already held when someone signs in there (no fixation)", async () => {
    const planter = await signUp(t.app);
    const victim = await signUp(t.app);

    // The browser carries a session someone else knows; signing in must not keep using it.
    const { result, cookie } = await login(victim.input.email, planter.cookie);

    expect(tokenOf(cookie)).not.toBe(tokenOf(planter.cookie));
    expect(result.data).toEqual(victim.user);
    expect(await me(t.app, cookie)).toEqual(victim.user);
    expect(await me(t.app, planter.cookie)).toBeNull();
  });

  it("stores only a hash of the token, so a copy of the database opens no session", async () => {
    const { user, cookie } = await signUp(t.app);
    const token = tokenOf(cookie);

    const [row] = sessionRows(user.id);
    expect(row?.id).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row?.id).not.toBe(token);
    expect(await me(t.app, `atlas_session=${row?.id}`)).toBeNull();
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and lasts 30 days, without Secure over http", async () => {
    const result = await trpc(t.app, "mutation", "auth.signup", {
      userName: "Ada Lovelace",
      email: "ada@example.com",
      password: PASSWORD,
    });

    const header = setCookieHeader(result.response);
    expect(header).toContain("; HttpOnly");
    expect(header).toContain("; SameSite=Lax");
    expect(header).toContain("; Path=/");
    expect(header).not.toMatch(/;\s*Secure/i);
    expect(header).toContain(`; Max-Age=${LIFETIME_SECONDS}`);
  });
});

describe("session cookie on https", () => {
  const HTTPS_ORIGIN = "https://atlas.example";
  const HOST_COOKIE = "__Host-atlas_session";
  let secure: TestApp;

  beforeEach(async () => {
    secure = await createTestApp({ PUBLIC_ORIGIN: HTTPS_ORIGIN });
  });

  afterEach(async () => {
    await secure.close();
  });

  function send(path: string, input: unknown, cookie?: string) {
    return post(secure.app, path, input, {
      headers: { origin: HTTPS_ORIGIN, "content-type": "application/json" },
      ...(cookie ? { cookie } : {}),
    });
  }

  it("is __Host-atlas_session: Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", async () => {
    const response = await send("auth.signup", {
      userName: "Ada Lovelace",
      email: "ada@example.com",
      password: PASSWORD,
    });

    expect(response.statusCode).toBe(200);
    const header = setCookieHeader(response, HOST_COOKIE);
    expect(header).toMatch(
      new RegExp(
        `^${HOST_COOKIE}=[A-Za-z0-9_-]{43}; Max-Age=${LIFETIME_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
    expect(header).not.toMatch(/domain=/i);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([HOST_COOKIE]);
  });

  it("is read under that name only, and cleared under it at sign-out", async () => {
    const signup = await send("auth.signup", {
      userName: "Ada Lovelace",
      email: "ada@example.com",
      password: PASSWORD,
    });
    const token = tokenOf(setCookieHeader(signup, HOST_COOKIE).split(";")[0]!, HOST_COOKIE);
    const cookie = `${HOST_COOKIE}=${token}`;
    expect(await me(secure.app, cookie)).toMatchObject({ email: "ada@example.com" });
    // Without the prefix the same token is a cookie any subdomain could have set: not read.
    expect(await me(secure.app, `atlas_session=${token}`)).toBeNull();

    const logout = await send("auth.logout", {}, cookie);

    expect(logout.statusCode).toBe(200);
    expect(setCookieHeader(logout, HOST_COOKIE)).toBe(
      `${HOST_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(await me(secure.app, cookie)).toBeNull();
  });

  it.each(["bogus first", "bogus last"])(
    "keeps a person signed in when a bogus duplicate comes with the real one (%s)",
    async (order) => {
      const signup = await send("auth.signup", {
        userName: "Ada Lovelace",
        email: "ada@example.com",
        password: PASSWORD,
      });
      const real = setCookieHeader(signup, HOST_COOKIE).split(";")[0]!;
      const bogus = `${HOST_COOKIE}=planted-by-someone-else`;
      const cookie = order === "bogus first" ? `${bogus}; ${real}` : `${real}; ${bogus}`;

      const result = await secure.app.inject({
        method: "GET",
        url: "/trpc/auth.me",
        headers: { cookie },
      });

      expect(result.json()).toMatchObject({ result: { data: { email: "ada@example.com" } } });
      expect(result.headers["set-cookie"]).toBeUndefined();
    },
  );
});

describe("a duplicate session cookie", () => {
  it.each(["bogus first", "bogus last"])(
    "does not sign the person out (%s), and the session keeps working for writes",
    async (order) => {
      const { user, cookie: real } = await signUp(t.app);
      const bogus = "atlas_session=planted-by-someone-else";
      const cookie = order === "bogus first" ? `${bogus}; other=1; ${real}` : `${real}; ${bogus}`;

      const result = await trpc(t.app, "query", "auth.me", undefined, cookie);

      expect(result.data).toEqual(user);
      expect(result.response.headers["set-cookie"]).toBeUndefined();
      const write = await trpc(
        t.app,
        "mutation",
        "users.updateProfile",
        { displayName: "Still Signed In" },
        cookie,
      );
      expect(write.status).toBe(200);
      expect(await me(t.app, real)).toEqual({ ...user, name: "Still Signed In" });
    },
  );

  it("signs out and clears the cookie when no value names a session", async () => {
    const { user, cookie: real } = await signUp(t.app);
    await trpc(t.app, "mutation", "auth.logout", undefined, real);
    const cookie = `atlas_session=planted-by-someone-else; ${real}`;

    const result = await trpc(t.app, "query", "auth.me", undefined, cookie);

    expect(result.data).toBeNull();
    expect(setCookieHeader(result.response)).toMatch(/^atlas_session=; Max-Age=0;/);
    expect(sessionRows(user.id)).toHaveLength(0);
  });

  it("stays cheap and signed out for a header stuffed with bogus copies", async () => {
    const cookie = Array.from({ length: 500 }, (_, i) => `atlas_session=bogus-${i}`).join("; ");

    const result = await trpc(t.app, "query", "auth.me", undefined, cookie);

    expect(result.status).toBe(200);
    expect(result.data).toBeNull();
    expect(setCookieHeader(result.response)).toMatch(/^atlas_session=; Max-Age=0;/);
  });
});

describe("session expiry", () => {
  function setExpiry(userId: number, expiresAt: number) {
    t.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, userId)).run();
  }
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it("signs the visitor out once the session has expired, and clears the cookie", async () => {
    const { user, cookie } = await signUp(t.app);
    setExpiry(user.id, nowSeconds() - 1);

    const result = await trpc(t.app, "query", "auth.me", undefined, cookie);

    expect(result.data).toBeNull();
    expect(setCookieHeader(result.response)).toMatch(/^atlas_session=; Max-Age=0;/);
    expect(sessionRows(user.id)).toHaveLength(0);
  });

  it("slides a session that is close to expiry: renewed in the database and the cookie", async () => {
    const { user, cookie } = await signUp(t.app);
    setExpiry(user.id, nowSeconds() + DAY_SECONDS);

    const result = await trpc(t.app, "query", "auth.me", undefined, cookie);

    expect(result.data).toEqual(user);
    const renewed = setCookieHeader(result.response);
    expect(renewed.startsWith(`${cookie};`)).toBe(true);
    expect(renewed).toContain(`; Max-Age=${LIFETIME_SECONDS}`);
    const [row] = sessionRows(user.id);
    expect(row?.expiresAt).toBeGreaterThan(nowSeconds() + 29 * DAY_SECONDS);
  });

  it("sends no cookie on requests while the session is far from expiry", async () => {
    const { cookie } = await signUp(t.app);

    const result = await trpc(t.app, "query", "auth.me", undefined, cookie);

    expect(result.data).not.toBeNull();
    expect(result.response.headers["set-cookie"]).toBeUndefined();
  });
});
