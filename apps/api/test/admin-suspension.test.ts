import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MESSAGES,
  type AdminUser,
  type AuditLogEntry,
  type CursorPage,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { me, signUp } from "./support/auth";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Issue 29: admins suspend an account, with a reason, in the audit log; it cannot sign in or
 * write, and its public work stays. Issue 28: the audit log filters by a person's name or email.
 */

let t: TestApp;
let admin: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: "admin", name: "Ada Admin" });
});
afterEach(async () => {
  await t.close();
});

async function accountOf(id: number): Promise<AdminUser | undefined> {
  const result = await trpc(t.app, "query", "admin.users", {}, admin.cookie);
  return (result.data as CursorPage<AdminUser>).items.find((item) => item.id === id);
}

async function auditPage(input: unknown) {
  const result = await trpc(t.app, "query", "admin.audit", input, admin.cookie);
  expect(result.status, result.response.body).toBe(200);
  return (result.data as CursorPage<AuditLogEntry>).items;
}

describe("a suspended account", () => {
  test("cannot sign in or write; its work stays public; a lifted suspension lets it back in", async () => {
    const { input, user, cookie } = await signUp(t.app, { userName: "Spam Sender" });
    const member = { ...user, cookie };
    const work = await addArtifact(t, member, { artifactName: "Spam Sender's Coin" });

    const suspended = await trpc(
      t.app,
      "mutation",
      "admin.suspend",
      { userId: user.id, reason: "Mass reports from throwaway accounts." },
      admin.cookie,
    );
    expect(suspended.status, suspended.response.body).toBe(200);
    expect(await accountOf(user.id)).toMatchObject({
      suspendedAt: expect.any(String),
      suspendedReason: "Mass reports from throwaway accounts.",
    });
    // Its session ended; a write with the old cookie is a stranger's.
    expect(await me(t.app, cookie)).toBeNull();
    const write = await trpc(t.app, "mutation", "likes.like", { id: work.id }, cookie);
    expect(write.status).toBe(401);
    const login = await trpc(t.app, "mutation", "auth.login", {
      email: input.email,
      password: input.password,
    });
    expect(login.status).toBe(403);
    expect(login.error?.message).toBe(MESSAGES.accountSuspended);
    expect(login.response.cookies.filter((c) => c.value !== "")).toEqual([]);
    // A wrong password learns nothing about the suspension.
    const guess = await trpc(t.app, "mutation", "auth.login", {
      email: input.email,
      password: "Wrong123",
    });
    expect(guess.error?.message).toBe(MESSAGES.wrongCredentials);
    const page = await trpc(t.app, "query", "artifacts.publicById", { id: work.id });
    expect(page.status).toBe(200);

    const lifted = await rest(t.app, "DELETE", `/admin/users/${user.id}/suspension`, {
      cookie: admin.cookie,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const back = await trpc(t.app, "mutation", "auth.login", {
      email: input.email,
      password: input.password,
    });
    expect(back.status).toBe(200);
    const audit = await auditPage({ action: "account.suspend" });
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        subjectUserId: user.id,
        details: { reason: "Mass reports from throwaway accounts." },
      },
    ]);
    expect(await auditPage({ action: "account.unsuspend" })).toHaveLength(1);
  });

  test("is refused for oneself, for an admin, without a reason, and to anyone but an admin", async () => {
    const otherAdmin = await createUserWithSession(t, { role: "admin" });
    const curator = await createUserWithSession(t, { role: "curator" });
    const member = await createUserWithSession(t);
    const suspend = (userId: number, cookie = admin.cookie, reason = "Because.") =>
      trpc(t.app, "mutation", "admin.suspend", { userId, reason }, cookie);

    const self = await suspend(admin.id);
    expect([self.status, self.error?.message]).toEqual([403, MESSAGES.suspendOwnAccount]);
    const peer = await suspend(otherAdmin.id);
    expect([peer.status, peer.error?.message]).toEqual([409, MESSAGES.suspendAdmin]);
    expect((await suspend(member.id, admin.cookie, "   ")).status).toBe(400);
    expect((await suspend(member.id, curator.cookie)).status).toBe(403);
    expect((await suspend(999_999)).status).toBe(404);
    const notSuspended = await trpc(
      t.app,
      "mutation",
      "admin.unsuspend",
      { userId: member.id },
      admin.cookie,
    );
    expect(notSuspended.status).toBe(409);
    const viaRest = await rest(t.app, "POST", `/admin/users/${member.id}/suspension`, {
      cookie: curator.cookie,
      body: { reason: "Because." },
    });
    expect(viaRest.statusCode).toBe(403);
    expect(await me(t.app, member.cookie)).not.toBeNull();
    expect(await auditPage({ action: "account.suspend" })).toEqual([]);
  });
});

describe("the audit log, by a person", () => {
  test("finds what accounts did whose name or email contains the words, and nothing of others'", async () => {
    const curator = await createUserWithSession(t, {
      role: "curator",
      name: "Hypatia Curator",
      email: "hypatia@alexandria.example",
    });
    const member = await createUserWithSession(t, { name: "Theon Member" });
    await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: member.id, role: "curator" },
      admin.cookie,
    );
    await trpc(
      t.app,
      "mutation",
      "admin.suspend",
      { userId: curator.id, reason: "Test." },
      admin.cookie,
    );
    const byName = await auditPage({ person: "ada" });
    expect(byName.map((entry) => entry.action)).toEqual(["account.suspend", "role.change"]);
    expect(byName.every((entry) => entry.actorId === admin.id)).toBe(true);
    expect(await auditPage({ person: "ALEXANDRIA" })).toEqual([]);
    expect(await auditPage({ person: "nobody-by-that-name" })).toEqual([]);
    expect((await auditPage({ person: "%" })).length).toBe(0);
    const viaRest = await rest(t.app, "GET", "/admin/audit?person=Ada%20Adm", {
      cookie: admin.cookie,
    });
    expect((viaRest.json() as CursorPage<AuditLogEntry>).items).toHaveLength(2);
  });
});
