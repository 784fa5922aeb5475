import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formerMemberId } from "../../src/services/former-member";
import { createTestApp, TEST_ORIGIN, trpc, type TestApp } from "../support/app";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The Admin screen's one-time reset link (issue 20, decision 070), attacked: a link is an account
 * handed over, so members, curators, other sites and forged ids must get none and leave no trace,
 * and an admin's flood is bounded by the write budget.
 */

const WRITE_BUDGET = 5;

let t: TestApp;
let admin: SignedInUser;
let curator: SignedInUser;
let member: SignedInUser;
let victim: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: "admin" });
  curator = await createUserWithSession(t, { role: "curator" });
  member = await createUserWithSession(t);
  victim = await createUserWithSession(t, { role: "admin" });
});

afterAll(async () => {
  await t.close();
});

const count = (sql: string) => t.db.$client.prepare(sql).pluck().get() as number;
const links = () => count("select count(*) from password_reset_tokens");
const entries = () => count("select count(*) from audit_log");

function viaTrpc(input: unknown, cookie?: string) {
  return trpc(t.app, "mutation", "admin.createResetLink", input, cookie);
}

describe("who asks", () => {
  it("members and curators get 403 on both doors, for anyone, themselves included", async () => {
    for (const asker of [member, curator]) {
      for (const target of [victim, member, curator, asker]) {
        expect((await viaTrpc({ userId: target.id }, asker.cookie)).status).toBe(403);
        const response = await rest(t.app, "POST", `/admin/users/${target.id}/reset-link`, {
          cookie: asker.cookie,
        });
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain("reset-password");
      }
    }
    expect(links()).toBe(0);
    expect(entries()).toBe(0);
  });

  it("the signed-out get 401, and a cookie that names no session is signed out", async () => {
    for (const cookie of [undefined, "atlas_session=forged", `atlas_session=${"A".repeat(43)}`]) {
      expect((await viaTrpc({ userId: victim.id }, cookie)).status).toBe(401);
      const response = await rest(t.app, "POST", `/admin/users/${victim.id}/reset-link`, {
        ...(cookie ? { cookie } : {}),
      });
      expect(response.statusCode).toBe(401);
    }
    expect(links()).toBe(0);
  });

  it("another site cannot make one with an admin's cookie, nor read one", async () => {
    const evil = "https://evil.example";
    const forgedRest = await rest(t.app, "POST", `/admin/users/${victim.id}/reset-link`, {
      cookie: admin.cookie,
      origin: evil,
    });
    expect(forgedRest.statusCode).toBe(403);
    expect(forgedRest.headers["access-control-allow-origin"]).toBeUndefined();
    const forgedTrpc = await t.app.inject({
      method: "POST",
      url: "/trpc/admin.createResetLink",
      headers: { cookie: admin.cookie, origin: evil, "content-type": "application/json" },
      payload: JSON.stringify({ userId: victim.id }),
    });
    expect(forgedTrpc.statusCode).toBe(403);
    const formPost = await t.app.inject({
      method: "POST",
      url: "/trpc/admin.createResetLink",
      headers: {
        cookie: admin.cookie,
        origin: TEST_ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `userId=${victim.id}`,
    });
    expect(formPost.statusCode).toBe(403);
    expect(links()).toBe(0);
    expect(entries()).toBe(0);
  });
});

describe("forged ids", () => {
  it("ids that name no account, or the former members' account, get 4xx and no link", async () => {
    const formerId = t.db.transaction((tx) => formerMemberId(tx));
    for (const id of [
      "0",
      "-1",
      "abc",
      "1e3",
      "1.5",
      "99999999999999999999",
      "9999999",
      formerId,
    ]) {
      const response = await rest(t.app, "POST", `/admin/users/${id}/reset-link`, {
        cookie: admin.cookie,
      });
      expect(response.statusCode, String(id)).toBe(404);
    }
    for (const userId of [0, -1, "7", 1.5, null, 2 ** 64, formerId, 9_999_999]) {
      const result = await viaTrpc({ userId }, admin.cookie);
      expect(result.status, String(userId)).toBeGreaterThanOrEqual(400);
      expect(result.status, String(userId)).toBeLessThan(500);
    }
    expect(links()).toBe(0);
    expect(entries()).toBe(0);
  });

  it("extra fields cannot choose who is named as the actor", async () => {
    const made = await viaTrpc(
      { userId: victim.id, actorId: member.id, requestId: "forged" },
      admin.cookie,
    );
    // Unknown keys are dropped by the schema; the session says who acted.
    expect(made.status).toBe(200);
    const row = t.db.$client
      .prepare("select actor_id as actorId, request_id as requestId from audit_log")
      .get() as { actorId: number; requestId: string };
    expect(row.actorId).toBe(admin.id);
    expect(row.requestId).not.toBe("forged");
  });
});

describe("a flood", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: String(WRITE_BUDGET) });
  });
  afterAll(async () => {
    await limited.close();
  });

  it(`stops at the write budget (${WRITE_BUDGET} a minute, both doors together), keeping one live link`, async () => {
    const flooder = await createUserWithSession(limited, { role: "admin" });
    const target = await createUserWithSession(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      if (i % 2 === 0) {
        statuses.push(
          (
            await trpc(
              limited.app,
              "mutation",
              "admin.createResetLink",
              { userId: target.id },
              flooder.cookie,
            )
          ).status,
        );
      } else {
        const response = await rest(limited.app, "POST", `/admin/users/${target.id}/reset-link`, {
          cookie: flooder.cookie,
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
          expect(response.json()).toEqual({ error: expect.any(String) });
        }
      }
    }
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(WRITE_BUDGET);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - WRITE_BUDGET);
    // Each link ended the one before: the account has one that works.
    const live = limited.db.$client
      .prepare("select count(*) from password_reset_tokens where user_id = ? and used_at is null")
      .pluck()
      .get(target.id);
    expect(live).toBe(1);
    const logged = limited.db.$client
      .prepare("select count(*) from audit_log where actor_id = ?")
      .pluck()
      .get(flooder.id);
    expect(logged).toBe(WRITE_BUDGET);
  });
});
