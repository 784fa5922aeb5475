import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, type AdminResetLink, type AuditLogEntry } from "@artifact-atlas/shared";
import { RESET_LINK_LIFETIME_MS } from "../src/services/password-reset";
import { createTestApp, sessionCookieFrom, TEST_ORIGIN, trpc, type TestApp } from "./support/app";
import { me, post, trpcError } from "./support/auth";
import { rest } from "./support/rest";
import { resetLinkIn, startSmtpServer, tokenOf, type TestSmtpServer } from "./support/smtp";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * The Admin screen's one-time reset link (issue 20, decision 070): with mail off and with it on,
 * through tRPC and REST.
 */

const NEW_PASSWORD = "Handed789";
let clock = Date.parse("2026-11-26T12:00:00Z");

async function makeLink(t: TestApp, admin: SignedInUser, userId: number) {
  const result = await trpc(t.app, "mutation", "admin.createResetLink", { userId }, admin.cookie);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as AdminResetLink;
}

async function choosePassword(t: TestApp, link: string) {
  return post(t.app, "auth.resetPassword", { token: tokenOf(link), password: NEW_PASSWORD });
}

function auditOf(t: TestApp): AuditLogEntry[] {
  return t.db.$client
    .prepare(
      "select action, actor_id as actorId, subject_user_id as subjectUserId, details from audit_log",
    )
    .all() as AuditLogEntry[];
}

describe("with mail off", () => {
  let t: TestApp;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    admin = await createUserWithSession(t, { role: "admin" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("works once, signs the person in and ends their other sessions", async () => {
    const person = await createUserWithSession(t);
    const phone = await t.app.deps.sessions.create(person.id);
    const made = await makeLink(t, admin, person.id);
    expect(made.userId).toBe(person.id);
    expect(made.link).toMatch(new RegExp(`^${TEST_ORIGIN}/reset-password#[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(made.expiresAt)).toBe(clock + RESET_LINK_LIFETIME_MS);

    const reset = await choosePassword(t, made.link);
    expect(reset.statusCode).toBe(200);
    const cookie = sessionCookieFrom(reset);
    expect((await me(t.app, cookie))?.id).toBe(person.id);
    expect(await me(t.app, person.cookie)).toBeNull();
    expect(await me(t.app, `${phone.name}=${phone.value}`)).toBeNull();
    const signIn = await post(t.app, "auth.login", { email: person.email, password: NEW_PASSWORD });
    expect(signIn.statusCode).toBe(200);

    const again = await choosePassword(t, made.link);
    expect(again.statusCode).toBe(400);
    expect(trpcError(again).message).toBe(MESSAGES.resetLinkUsed);
  });

  it("works only within 30 minutes", async () => {
    const person = await createUserWithSession(t);
    const made = await makeLink(t, admin, person.id);
    const start = clock;
    try {
      clock = start + RESET_LINK_LIFETIME_MS + 1;
      const late = await choosePassword(t, made.link);
      expect(late.statusCode).toBe(400);
      expect(trpcError(late).message).toBe(MESSAGES.resetLinkExpired);
    } finally {
      clock = start;
    }
    expect(await me(t.app, person.cookie)).not.toBeNull();
  });

  it("ends the account's earlier unused links: only the newest works", async () => {
    const person = await createUserWithSession(t);
    const first = await makeLink(t, admin, person.id);
    const second = await makeLink(t, admin, person.id);
    expect(second.link).not.toBe(first.link);
    const stale = await choosePassword(t, first.link);
    expect(stale.statusCode).toBe(400);
    expect(trpcError(stale).message).toBe(MESSAGES.resetLinkInvalid);
    expect((await choosePassword(t, second.link)).statusCode).toBe(200);
  });

  it("is recorded in the audit log with the admin and the account, never the link", async () => {
    const person = await createUserWithSession(t);
    const made = await makeLink(t, admin, person.id);
    const entry = auditOf(t).at(-1);
    expect(entry).toMatchObject({
      action: "account.reset_link",
      actorId: admin.id,
      subjectUserId: person.id,
    });
    const everything = JSON.stringify(t.db.$client.prepare("select * from audit_log").all());
    expect(everything).not.toContain(tokenOf(made.link));
    // Nor is the token stored anywhere as it is: only its hash.
    const tokens = JSON.stringify(
      t.db.$client.prepare("select * from password_reset_tokens").all(),
    );
    expect(tokens).not.toContain(tokenOf(made.link));

    const listed = await rest(t.app, "GET", "/admin/audit?action=account.reset_link", {
      cookie: admin.cookie,
    });
    const items = (listed.json() as { items: AuditLogEntry[] }).items;
    expect(items[0]).toMatchObject({
      actorName: admin.name,
      subjectUserId: person.id,
      subjectName: person.name,
    });
  });

  it("is not for the admin's own account", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "admin.createResetLink",
      { userId: admin.id },
      admin.cookie,
    );
    expect(result.status).toBe(403);
    expect(result.error?.message).toBe(MESSAGES.resetLinkOwnAccount);
    const viaRest = await rest(t.app, "POST", `/admin/users/${admin.id}/reset-link`, {
      cookie: admin.cookie,
    });
    expect(viaRest.statusCode).toBe(403);
  });

  it("may be made for another admin, and says who did it", async () => {
    const other = await createUserWithSession(t, { role: "admin" });
    const made = await makeLink(t, admin, other.id);
    expect((await choosePassword(t, made.link)).statusCode).toBe(200);
    expect(auditOf(t).filter((e) => e.subjectUserId === other.id)).toHaveLength(1);
  });

  it("answers 404 for an account that does not exist", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "admin.createResetLink",
      { userId: 9_999_999 },
      admin.cookie,
    );
    expect(result.status).toBe(404);
    expect(result.error?.message).toBe(MESSAGES.accountNotFound);
  });

  it("is made over REST too, with 201 and the same shape", async () => {
    const person = await createUserWithSession(t);
    const response = await rest(t.app, "POST", `/admin/users/${person.id}/reset-link`, {
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const made = response.json() as AdminResetLink;
    expect(made.userId).toBe(person.id);
    expect((await choosePassword(t, made.link)).statusCode).toBe(200);
  });

  it("only admins may make one: members and curators 403, the signed-out 401", async () => {
    const person = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    const curator = await createUserWithSession(t, { role: "curator" });
    const before = auditOf(t).length;
    for (const [cookie, status] of [
      [member.cookie, 403],
      [curator.cookie, 403],
      [undefined, 401],
    ] as const) {
      const viaTrpc = await trpc(
        t.app,
        "mutation",
        "admin.createResetLink",
        { userId: person.id },
        cookie,
      );
      expect(viaTrpc.status).toBe(status);
      const viaRest = await rest(t.app, "POST", `/admin/users/${person.id}/reset-link`, {
        ...(cookie ? { cookie } : {}),
      });
      expect(viaRest.statusCode).toBe(status);
      expect(viaRest.body).not.toContain("reset-password#");
    }
    expect(auditOf(t)).toHaveLength(before);
    const stored = t.db.$client
      .prepare("select count(*) from password_reset_tokens where user_id = ?")
      .pluck()
      .get(person.id);
    expect(stored).toBe(0);
  });
});

describe("with mail on", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: "Artifact Atlas <atlas@example.org>" },
      { mailRetryDelaysMs: [20] },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("is made as well, and ends the link mailed before it", async () => {
    const admin = await createUserWithSession(t, { role: "admin" });
    const person = await createUserWithSession(t);
    const asked = await post(t.app, "auth.requestPasswordReset", { email: person.email });
    expect(asked.statusCode).toBe(200);
    const mailed = resetLinkIn(await smtp.waitFor((m) => m.to.includes(person.email)));

    const made = await makeLink(t, admin, person.id);
    expect((await choosePassword(t, mailed)).statusCode).toBe(400);
    expect((await choosePassword(t, made.link)).statusCode).toBe(200);
  });

  it("tells the account's holder by mail, without the link (decision 088)", async () => {
    const admin = await createUserWithSession(t, { role: "admin" });
    const person = await createUserWithSession(t);
    // The earlier tests' mails are all out.
    await t.app.deps.outbox?.idle();
    const mailsBefore = smtp.received.length;

    const made = await makeLink(t, admin, person.id);
    const notice = await smtp.waitFor(
      (m) => m.to.includes(person.email) && m.subject.includes("administrator"),
    );
    expect(notice.subject).toBe(
      "An administrator made a password reset link for your Artifact Atlas account",
    );
    expect(notice.text).toContain(
      'If you did not, choose a new password now with "Forgot password?"',
    );
    expect(notice.text).not.toContain(tokenOf(made.link));
    expect(notice.text).not.toContain("/reset-password");
    await t.app.deps.outbox?.idle();
    // One mail, to the account's holder only: none to the admin.
    expect(smtp.received.slice(mailsBefore).map((m) => m.to)).toEqual([[person.email]]);
  });
});
