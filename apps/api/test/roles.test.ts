import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { loadEnv } from "../src/env";
import { setRole } from "../src/services/roles";
import { createTestApp, type TestApp } from "./support/app";
import { me } from "./support/auth";
import { runCli, startServer, stopServer, request, signUpOn } from "./support/server";
import { createUserWithSession } from "./support/users";

function auditRows(t: TestApp) {
  return t.db.$client
    .prepare("select actor_id, action, subject_user_id, details from audit_log order by id")
    .all() as {
    actor_id: number | null;
    action: string;
    subject_user_id: number;
    details: string;
  }[];
}

describe("roles in the database", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  test("a new account is a member, and the session shows a new role at the next request", async () => {
    const user = await createUserWithSession(t);
    expect((await me(t.app, user.cookie))?.role).toBe("member");

    setRole(t.db, { actorId: null, userId: user.id, role: "curator", source: "test" });

    expect((await me(t.app, user.cookie))?.role).toBe("curator");
  });

  test("every change is in the audit log with who, from and to", async () => {
    const admin = await createUserWithSession(t, { role: "admin" });
    const member = await createUserWithSession(t);

    setRole(t.db, { actorId: admin.id, userId: member.id, role: "curator", requestId: "req-1" });

    expect(auditRows(t)).toEqual([
      {
        actor_id: admin.id,
        action: "role.change",
        subject_user_id: member.id,
        details: JSON.stringify({ from: "member", to: "curator" }),
      },
    ]);
  });

  test("the last admin cannot stop being one; with two, either can", async () => {
    const first = await createUserWithSession(t, { role: "admin" });

    expect(() => setRole(t.db, { actorId: first.id, userId: first.id, role: "member" })).toThrow(
      MESSAGES.lastAdmin,
    );
    expect((await me(t.app, first.cookie))?.role).toBe("admin");
    expect(auditRows(t)).toEqual([]);

    const second = await createUserWithSession(t, { role: "admin" });
    setRole(t.db, { actorId: first.id, userId: first.id, role: "curator" });
    expect((await me(t.app, first.cookie))?.role).toBe("curator");
    expect(() => setRole(t.db, { actorId: second.id, userId: second.id, role: "member" })).toThrow(
      MESSAGES.lastAdmin,
    );
  });

  test("the audit log refuses updates and deletes, even from the server's own connection", async () => {
    const member = await createUserWithSession(t);
    setRole(t.db, { actorId: null, userId: member.id, role: "curator" });

    expect(() => t.db.$client.prepare("update audit_log set action = 'role.change'").run()).toThrow(
      "The audit log is append-only.",
    );
    expect(() => t.db.$client.prepare("delete from audit_log").run()).toThrow(
      "The audit log is append-only.",
    );
    expect(auditRows(t)).toHaveLength(1);
  });

  test("an unknown role is refused by the database itself", async () => {
    const member = await createUserWithSession(t);
    expect(() =>
      t.db.$client.prepare("update users set role = 'owner' where id = ?").run(member.id),
    ).toThrow(/CHECK constraint failed/);
  });
});

describe("ADMIN_EMAILS", () => {
  test("is a comma-separated list of emails, stored lower-case; anything else is refused by name", () => {
    expect(loadEnv({ ADMIN_EMAILS: " Ada@Example.com, ,bob@example.org" }).adminEmails).toEqual([
      "ada@example.com",
      "bob@example.org",
    ]);
    expect(() => loadEnv({ ADMIN_EMAILS: "ada@example.com,not-an-email" })).toThrow(
      '"not-an-email" is not an email address',
    );
  });
});

// Each test starts real servers (and the CLI), a few seconds each on a busy machine.
describe("pnpm users:role and ADMIN_EMAILS on a real server", { timeout: 60_000 }, () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "atlas-roles-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test("the CLI changes a role while the server runs, and the next request sees it", async () => {
    const databasePath = join(dir, "atlas.db");
    const server = await startServer({ databasePath });
    try {
      const cookie = await signUpOn(server.url, "Curator@Example.com");
      const env = { DATABASE_PATH: databasePath };

      const given = await runCli(["role", "curator@example.com", "curator"], env);
      expect(given).toMatchObject({
        code: 0,
        stdout: "curator@example.com is now curator (was member).\n",
      });
      const after = await request(server.url, "GET", "/trpc/auth.me", { cookie });
      expect(after.body).toMatchObject({ result: { data: { role: "curator" } } });

      expect(await runCli(["role", "curator@example.com", "owner"], env)).toMatchObject({
        code: 1,
        stderr: '"owner" is not a role: use member, curator, admin.\n',
      });
      expect(await runCli(["role", "nobody@example.com", "admin"], env)).toMatchObject({
        code: 1,
        stderr: "There is no account with the email nobody@example.com.\n",
      });
    } finally {
      await stopServer(server);
    }
  });

  test("ADMIN_EMAILS makes those accounts admins at start and names the ones without an account", async () => {
    const databasePath = join(dir, "atlas.db");
    const first = await startServer({ databasePath });
    try {
      await signUpOn(first.url, "ada@example.com");
    } finally {
      await stopServer(first);
    }

    const second = await startServer({
      databasePath,
      env: { ADMIN_EMAILS: "ADA@example.com,later@example.com" },
    });
    // Listening comes before the pipe's lines reach this process: read them once it has exited.
    await stopServer(second);
    expect(second.stdout.join("\n")).toContain('"email":"later@example.com"');
    const db = new Database(databasePath, { readonly: true });
    try {
      expect(db.prepare("select email, role from users").all()).toEqual([
        { email: "ada@example.com", role: "admin" },
      ]);
      expect(db.prepare("select actor_id, action, details from audit_log").all()).toEqual([
        {
          actor_id: null,
          action: "role.change",
          details: JSON.stringify({ from: "member", to: "admin", source: "ADMIN_EMAILS" }),
        },
      ]);
    } finally {
      db.close();
    }
  });
});
