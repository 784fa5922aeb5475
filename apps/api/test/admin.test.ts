import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MESSAGES,
  type AdminUser,
  type AuditLogEntry,
  type CursorPage,
} from "@artifact-atlas/shared";
import { users } from "../src/db/schema";
import { appendAudit } from "../src/services/audit";
import { formerMemberId } from "../src/services/former-member";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { me } from "./support/auth";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let admin: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: "admin", name: "Ada Admin" });
});
afterEach(async () => {
  await t.close();
});

async function usersPage(input: unknown, cookie = admin.cookie) {
  const result = await trpc(t.app, "query", "admin.users", input, cookie);
  return { ...result, page: result.data as CursorPage<AdminUser> };
}

async function auditPage(input: unknown, cookie = admin.cookie) {
  const result = await trpc(t.app, "query", "admin.audit", input, cookie);
  return { ...result, page: result.data as CursorPage<AuditLogEntry> };
}

describe("who may use the Admin screen", () => {
  test("members and curators are refused (403), the signed-out asked to sign in (401)", async () => {
    const member = await createUserWithSession(t);
    const curator = await createUserWithSession(t, { role: "curator" });
    for (const cookie of [member.cookie, curator.cookie]) {
      for (const [kind, path, input] of [
        ["query", "admin.users", {}],
        ["query", "admin.audit", {}],
        ["mutation", "admin.setRole", { userId: member.id, role: "admin" }],
      ] as const) {
        const result = await trpc(t.app, kind, path, input, cookie);
        expect(result.status, path).toBe(403);
        expect(result.error?.message).toBe(MESSAGES.notAllowed);
      }
    }
    const anonymous = await trpc(t.app, "query", "admin.users", {});
    expect(anonymous.status).toBe(401);
    // Nobody was promoted by the refused calls.
    expect((await me(t.app, member.cookie))?.role).toBe("member");
  });

  test("a role taken away applies at the next request", async () => {
    const second = await createUserWithSession(t, { role: "admin" });
    expect((await usersPage({}, second.cookie)).status).toBe(200);
    const demoted = await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: second.id, role: "member" },
      admin.cookie,
    );
    expect(demoted.status).toBe(200);
    expect((await usersPage({}, second.cookie)).status).toBe(403);
  });
});

describe("accounts", () => {
  test("newest first, with role, joined date and number of artifacts", async () => {
    const maker = await createUserWithSession(t, { name: "Maker Mina" });
    await addArtifact(t, maker);
    await addArtifact(t, maker);
    const { status, page } = await usersPage({});
    expect(status).toBe(200);
    expect(page.items.map((user) => user.id)).toEqual([maker.id, admin.id]);
    expect(page.items[0]).toMatchObject({
      name: "Maker Mina",
      email: maker.email,
      role: "member",
      artifactCount: 2,
    });
    expect(page.items[1]).toMatchObject({ role: "admin", artifactCount: 0 });
    expect(Date.parse(page.items[0]!.joinedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(page.nextCursor).toBeNull();
  });

  test("search by part of the name or the email, case-insensitive; % and _ are literal", async () => {
    const grace = await createUserWithSession(t, {
      name: "Grace Hopper",
      email: "cobol@navy.example",
    });
    const percent = await createUserWithSession(t, { name: "Fifty% Off", email: "x@y.example" });
    await createUserWithSession(t, { name: "Someone Else", email: "else@example.com" });

    const ids = async (search: string) =>
      (await usersPage({ search })).page.items.map((user) => user.id);
    expect(await ids("hopper")).toEqual([grace.id]);
    expect(await ids("NAVY")).toEqual([grace.id]);
    expect(await ids("%")).toEqual([percent.id]);
    expect(await ids("_")).toEqual([]);
    expect(await ids("nobody-has-this")).toEqual([]);
  });

  test("by role, and a page at a time without gaps or repeats", async () => {
    const created: number[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await createUserWithSession(t)).id);
    const curator = await createUserWithSession(t, { role: "curator" });

    expect((await usersPage({ role: "curator" })).page.items.map((u) => u.id)).toEqual([
      curator.id,
    ]);

    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const { page }: { page: CursorPage<AdminUser> } = await usersPage({ cursor, limit: 2 });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((user) => user.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([curator.id, ...created.reverse(), admin.id]);
  });

  test("an admin grants and revokes curator and admin; each change is in the audit log", async () => {
    const member = await createUserWithSession(t, { name: "Mo Member" });
    const granted = await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: member.id, role: "curator" },
      admin.cookie,
    );
    expect(granted.status).toBe(200);
    expect(granted.data).toEqual({ from: "member", to: "curator" });
    expect((await me(t.app, member.cookie))?.role).toBe("curator");

    await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: member.id, role: "admin" },
      admin.cookie,
    );
    await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: member.id, role: "member" },
      admin.cookie,
    );
    expect((await me(t.app, member.cookie))?.role).toBe("member");

    const { page } = await auditPage({ action: "role.change" });
    expect(page.items.map((entry) => entry.details)).toEqual([
      { from: "admin", to: "member" },
      { from: "curator", to: "admin" },
      { from: "member", to: "curator" },
    ]);
    expect(page.items[2]).toMatchObject({
      actorId: admin.id,
      actorName: "Ada Admin",
      subjectUserId: member.id,
      subjectName: "Mo Member",
    });
    // The entry names the request that made it, as its answer's X-Request-Id did.
    expect(page.items[2]!.requestId).toBe(granted.response.headers["x-request-id"]);
  });

  test("the last admin cannot remove themselves: 409 with the message, nothing changes", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: admin.id, role: "curator" },
      admin.cookie,
    );
    expect(result.status).toBe(409);
    expect(result.error?.message).toBe(MESSAGES.lastAdmin);
    expect((await me(t.app, admin.cookie))?.role).toBe("admin");
    expect((await auditPage({})).page.items).toEqual([]);
  });

  test("the account that keeps former members' artifacts gets no role", async () => {
    const shared = formerMemberId(t.db);
    const result = await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: shared, role: "admin" },
      admin.cookie,
    );
    expect(result.status).toBe(409);
    expect(result.error?.message).toBe(MESSAGES.formerMemberRole);
    const role = t.db.$client.prepare("select role from users where id = ?").get(shared);
    expect(role).toEqual({ role: "member" });
  });

  test("an unknown account is 404; a bad role is 400", async () => {
    const unknown = await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: 999_999, role: "curator" },
      admin.cookie,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe(MESSAGES.accountNotFound);
    const bad = await trpc(
      t.app,
      "mutation",
      "admin.setRole",
      { userId: admin.id, role: "emperor" },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
  });
});

describe("the audit log", () => {
  test("newest first, filtered by actor, action and artifact, with current names", async () => {
    const curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
    const owner = await createUserWithSession(t, { name: "Olive Owner" });
    const vase = await addArtifact(t, owner, { artifactName: "Blue Vase" });
    const bowl = await addArtifact(t, owner, { artifactName: "Red Bowl" });
    appendAudit(t.db, { actorId: curator.id, action: "artifact.approve", artifactId: vase.id });
    appendAudit(t.db, { actorId: curator.id, action: "artifact.hide", artifactId: bowl.id });
    appendAudit(t.db, {
      actorId: admin.id,
      action: "artifact.reject",
      artifactId: vase.id,
      requestId: "req-abc",
      details: { reason: "duplicate" },
    });
    appendAudit(t.db, { actorId: null, action: "artifact.purge", artifactId: 424242 });

    const all = (await auditPage({})).page.items;
    expect(all.map((entry) => entry.action)).toEqual([
      "artifact.purge",
      "artifact.reject",
      "artifact.hide",
      "artifact.approve",
    ]);
    expect(all[0]).toMatchObject({ actorId: null, actorName: null, artifactName: null });
    expect(all[1]).toMatchObject({
      actorName: "Ada Admin",
      artifactName: "Blue Vase",
      requestId: "req-abc",
      details: { reason: "duplicate" },
    });

    const actions = async (input: object) =>
      (await auditPage(input)).page.items.map((entry) => entry.action);
    expect(await actions({ actorId: curator.id })).toEqual(["artifact.hide", "artifact.approve"]);
    expect(await actions({ action: "artifact.hide" })).toEqual(["artifact.hide"]);
    expect(await actions({ artifactId: vase.id })).toEqual(["artifact.reject", "artifact.approve"]);
    expect(await actions({ actorId: curator.id, artifactId: vase.id })).toEqual([
      "artifact.approve",
    ]);
    expect(await actions({ actorId: 987_654 })).toEqual([]);

    // Paged along the id, without repeats.
    const first = (await auditPage({ limit: 3 })).page;
    expect(first.items).toHaveLength(3);
    const second = (await auditPage({ limit: 3, cursor: first.nextCursor })).page;
    expect(second.items.map((entry) => entry.action)).toEqual(["artifact.approve"]);
    expect(second.nextCursor).toBeNull();
  });

  test("an account that is gone shows no name (the entry stays)", async () => {
    const gone = await createUserWithSession(t, { role: "curator", name: "Gone Gus" });
    appendAudit(t.db, { actorId: gone.id, action: "artifact.approve" });
    t.db.$client.prepare("delete from users where id = ?").run(gone.id);
    const [entry] = (await auditPage({})).page.items;
    expect(entry).toMatchObject({ actorId: gone.id, actorName: null });
  });

  test("filters outside the lists are 400, never 500", async () => {
    for (const input of [
      { action: "artifact.explode" },
      { actorId: -1 },
      { artifactId: "abc" },
      { limit: 51 },
      { limit: 0 },
      { cursor: 1.5 },
    ]) {
      expect((await auditPage(input)).status, JSON.stringify(input)).toBe(400);
    }
  });
});

describe("the REST doors", () => {
  test("GET /admin/users, PUT /admin/users/{id}/role, GET /admin/audit", async () => {
    const member = await createUserWithSession(t, { name: "Rest Rita" });
    await createUserWithSession(t);

    const list = await rest(t.app, "GET", "/admin/users?search=rita", { cookie: admin.cookie });
    expect(list.statusCode).toBe(200);
    expect((list.json() as CursorPage<AdminUser>).items.map((u) => u.id)).toEqual([member.id]);

    const paged = await rest(t.app, "GET", "/admin/users?limit=1", { cookie: admin.cookie });
    const next = (paged.json() as CursorPage<AdminUser>).nextCursor;
    expect(paged.headers.link).toBe(`</admin/users?limit=1&cursor=${next}>; rel="next"`);

    const put = await rest(t.app, "PUT", `/admin/users/${member.id}/role`, {
      cookie: admin.cookie,
      body: { role: "curator" },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ id: member.id, from: "member", to: "curator" });

    const audit = await rest(t.app, "GET", `/admin/audit?action=role.change&actorId=${admin.id}`, {
      cookie: admin.cookie,
    });
    expect(audit.statusCode).toBe(200);
    const [entry] = (audit.json() as CursorPage<AuditLogEntry>).items;
    expect(entry).toMatchObject({
      subjectUserId: member.id,
      requestId: put.headers["x-request-id"],
    });

    const last = await rest(t.app, "PUT", `/admin/users/${admin.id}/role`, {
      cookie: admin.cookie,
      body: { role: "member" },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: MESSAGES.lastAdmin });
  });

  test("the role column keeps only known roles, whatever reaches the database", () => {
    expect(() =>
      t.db.$client.prepare("update users set role = 'emperor' where id = ?").run(admin.id),
    ).toThrow();
    expect(t.db.select({ role: users.role }).from(users).all()).toEqual([{ role: "admin" }]);
  });
});

describe("/admin/audit and /notifications are also pages", () => {
  const INDEX_HTML = "<!doctype html><html><body><div id=root></div></body></html>";
  const NAVIGATION_ACCEPT = "text/html,application/xhtml+xml,*/*;q=0.8";

  test("a browser navigation gets the web app's page; any other request JSON", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "atlas-web-dist-"));
    writeFileSync(join(webDist, "index.html"), INDEX_HTML);
    const withWeb = await createTestApp({ WEB_DIST_PATH: webDist });
    try {
      const someone = await createUserWithSession(withWeb, { role: "admin" });
      for (const path of ["/admin/audit", "/notifications"]) {
        // The page loads for anyone; the screen and the API decide what it shows.
        const page = await rest(withWeb.app, "GET", path, {
          headers: { accept: NAVIGATION_ACCEPT },
        });
        expect(page.statusCode, path).toBe(200);
        expect(page.body, path).toBe(INDEX_HTML);
        expect(page.headers.vary, path).toContain("Accept");

        const data = await rest(withWeb.app, "GET", path, { cookie: someone.cookie });
        expect(data.statusCode, path).toBe(200);
        expect(data.json(), path).toHaveProperty("items");
        expect((await rest(withWeb.app, "GET", path)).statusCode, path).toBe(401);
      }
    } finally {
      await withWeb.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
