import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_RULES } from "../../src/rate-limit";
import { MAX_SESSIONS_PER_ACCOUNT } from "../../src/auth/session";
import { sessions, users } from "../../src/db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";
import { newAccount } from "../support/auth";
import { healthyThroughout } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * The doors of Your account, attacked over real HTTP by someone holding a session (their own, or
 * one stolen from the victim): guessing the password through account.changePassword and
 * account.delete, ending other people's sessions through account.signOutSession, piling up
 * sessions for account.sessions, and hammering account.settings and account.signOutOtherSessions.
 */

const CONCURRENCY = 8;

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await t.close();
});

async function call(
  method: "GET" | "POST",
  path: string,
  options: { input?: unknown; cookie?: string; client?: string } = {},
) {
  const query =
    method === "GET" && options.input !== undefined
      ? `?input=${encodeURIComponent(JSON.stringify(options.input))}`
      : "";
  const response = await fetch(`${base}/trpc/${path}${query}`, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
      "x-forwarded-for": options.client ?? "192.0.2.1",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(method === "POST" ? { body: JSON.stringify(options.input ?? {}) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, setCookie: response.headers.getSetCookie() };
}

async function flood(count: number, send: (index: number) => Promise<number>) {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const status = await send(next++);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

let clientCounter = 0;
async function signUp() {
  const input = newAccount();
  clientCounter += 1;
  const answer = await call("POST", "auth.signup", {
    input,
    client: `198.51.100.${clientCounter}`,
  });
  const cookie = answer.setCookie
    .map((c) => c.split(";")[0] as string)
    .find((c) => c.startsWith("atlas_session=") && c.length > 15);
  if (answer.status !== 200 || !cookie) throw new Error(`signup failed: ${answer.text}`);
  return { ...input, cookie };
}

describe("password guessing through Your account", () => {
  it("account.changePassword from one client stops after the sign-in limits", async () => {
    const victim = await signUp();
    const attack = flood(200, (i) =>
      call("POST", "account.changePassword", {
        cookie: victim.cookie,
        input: { currentPassword: `Guess${i}Aa`, newPassword: "Taken123" },
      }).then((answer) => answer.status),
    );
    await healthyThroughout(base, attack);
    const statuses = await attack;
    expect(statuses.get(403)).toBe(AUTH_RULES.perAccountFromAddress.limit);
    expect(statuses.get(429)).toBe(200 - AUTH_RULES.perAccountFromAddress.limit);
    const login = await call("POST", "auth.login", {
      input: { email: victim.email, password: victim.password },
      client: "203.0.113.9",
    });
    expect(login.status).toBe(200);
  });

  it("account.delete from many clients stops after the account's limit, and the account stays", async () => {
    const victim = await signUp();
    const attack = flood(300, (i) =>
      call("POST", "account.delete", {
        cookie: victim.cookie,
        client: `10.1.${i >> 8}.${i & 255}`,
        input: { artifacts: "delete", password: `Guess${i}Aa` },
      }).then((answer) => answer.status),
    );
    await healthyThroughout(base, attack);
    const statuses = await attack;
    expect(statuses.get(403)).toBe(AUTH_RULES.perAccount.limit);
    expect(statuses.get(429)).toBe(300 - AUTH_RULES.perAccount.limit);
    expect(t.db.select().from(users).where(eq(users.email, victim.email)).get()).toBeDefined();
  });
});

describe("sessions", () => {
  it("account.signOutSession with made-up and foreign handles ends nothing", async () => {
    const victim = await signUp();
    const attacker = await signUp();
    const attack = flood(300, (i) =>
      call("POST", "account.signOutSession", {
        cookie: attacker.cookie,
        input: {
          handle: Buffer.alloc(16, i % 256)
            .toString("base64url")
            .slice(0, 22),
        },
      }).then((answer) => answer.status),
    );
    await healthyThroughout(base, attack);
    expect([...(await attack).entries()]).toEqual([[404, 300]]);
    const me = await call("GET", "auth.me", { cookie: victim.cookie });
    expect(me.text).toContain(victim.email);
  });

  it("piled-up sign-ins leave account.sessions one short list", async () => {
    const member = await signUp();
    const [{ id } = { id: 0 }] = t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, member.email))
      .all();
    // As a script signing in in a loop would, without the sign-in limits in the way.
    await Promise.all(
      Array.from({ length: 500 }, (_, i) => t.app.deps.sessions.create(id, `agent ${i}`)),
    );
    const stored = t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .all();
    expect(stored).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
    const fresh = await call("POST", "auth.login", {
      input: { email: member.email, password: member.password },
      client: "203.0.113.50",
    });
    const cookie = fresh.setCookie.map((c) => c.split(";")[0] as string).find((c) => c.length > 15);
    const attack = flood(300, (i) =>
      (i % 2
        ? call("GET", "account.sessions", { cookie })
        : call("GET", "account.settings", { cookie })
      ).then((answer) => {
        expect(answer.text.length).toBeLessThan(10_000);
        return answer.status;
      }),
    );
    await healthyThroughout(base, attack);
    expect([...(await attack).entries()]).toEqual([[200, 300]]);
    const everywhereElse = await flood(100, () =>
      call("POST", "account.signOutOtherSessions", { cookie }).then((answer) => answer.status),
    );
    expect([...everywhereElse.entries()]).toEqual([[200, 100]]);
    expect(
      t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id)).all(),
    ).toHaveLength(1);
  });

  it("refuses every account door without a session", async () => {
    for (const [method, path] of [
      ["GET", "account.settings"],
      ["GET", "account.sessions"],
      ["POST", "account.signOutOtherSessions"],
      ["POST", "account.signOutSession"],
      ["POST", "account.changePassword"],
      ["POST", "account.delete"],
    ] as const) {
      expect((await call(method, path)).status, path).toBe(401);
    }
  });
});
