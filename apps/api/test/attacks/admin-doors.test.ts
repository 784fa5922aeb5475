import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { notify } from "../../src/services/notifications";
import { createTestApp, TEST_ORIGIN, trpc, type TestApp } from "../support/app";
import { me } from "../support/auth";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The Admin screen's and the bell's doors (issue 17), attacked: members and curators trying an
 * admin's calls, the signed-out trying anything, hostile page sizes and filters, and other sites
 * riding on an admin's or a member's cookie. Each must be refused with a 4xx and change nothing.
 */

let t: TestApp;
let admin: SignedInUser;
let curator: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: "admin" });
  curator = await createUserWithSession(t, { role: "curator" });
  member = await createUserWithSession(t);
  notify(t.db, { userId: member.id, kind: "report_resolved" });
});

afterAll(async () => {
  await t.close();
});

const roles = () =>
  t.db.$client.prepare("select id, role from users order by id").all() as {
    id: number;
    role: string;
  }[];
const auditCount = () =>
  (t.db.$client.prepare("select count(*) as n from audit_log").get() as { n: number }).n;
const unread = (userId: number) =>
  (
    t.db.$client
      .prepare("select count(*) as n from notifications where user_id = ? and read_at is null")
      .get(userId) as { n: number }
  ).n;

type Door = (cookie: string | undefined) => Promise<{ status: number }>;

const ADMIN_DOORS: Record<string, Door> = {
  "tRPC admin.users": (cookie) => trpc(t.app, "query", "admin.users", {}, cookie),
  "tRPC admin.audit": (cookie) => trpc(t.app, "query", "admin.audit", {}, cookie),
  "tRPC admin.setRole": (cookie) =>
    trpc(t.app, "mutation", "admin.setRole", { userId: member.id, role: "admin" }, cookie),
  "GET /admin/users": async (cookie) => {
    const response = await rest(t.app, "GET", "/admin/users", cookie ? { cookie } : {});
    return { status: response.statusCode };
  },
  "GET /admin/audit": async (cookie) => {
    const response = await rest(t.app, "GET", "/admin/audit", cookie ? { cookie } : {});
    return { status: response.statusCode };
  },
  "PUT /admin/users/{id}/role": async (cookie) => {
    const response = await rest(t.app, "PUT", `/admin/users/${member.id}/role`, {
      ...(cookie ? { cookie } : {}),
      body: { role: "admin" },
    });
    return { status: response.statusCode };
  },
  // Issue 29: suspension.
  "tRPC admin.suspend": (cookie) =>
    trpc(t.app, "mutation", "admin.suspend", { userId: admin.id, reason: "Coup." }, cookie),
  "tRPC admin.unsuspend": (cookie) =>
    trpc(t.app, "mutation", "admin.unsuspend", { userId: member.id }, cookie),
  "POST /admin/users/{id}/suspension": async (cookie) => {
    const response = await rest(t.app, "POST", `/admin/users/${admin.id}/suspension`, {
      ...(cookie ? { cookie } : {}),
      body: { reason: "Coup." },
    });
    return { status: response.statusCode };
  },
  "DELETE /admin/users/{id}/suspension": async (cookie) => {
    const response = await rest(
      t.app,
      "DELETE",
      `/admin/users/${member.id}/suspension`,
      cookie ? { cookie } : {},
    );
    return { status: response.statusCode };
  },
};

describe("who knocks", () => {
  it.each(Object.keys(ADMIN_DOORS))("%s: member 403, curator 403, signed out 401", async (door) => {
    const before = roles();
    const call = ADMIN_DOORS[door]!;
    expect((await call(member.cookie)).status).toBe(403);
    expect((await call(curator.cookie)).status).toBe(403);
    expect((await call(undefined)).status).toBe(401);
    expect(roles()).toEqual(before);
    expect(auditCount()).toBe(0);
  });

  it("a member cannot make themselves admin, not even by naming their own id", async () => {
    const own = await rest(t.app, "PUT", `/admin/users/${member.id}/role`, {
      cookie: member.cookie,
      body: { role: "admin" },
    });
    expect(own.statusCode).toBe(403);
    expect((await me(t.app, member.cookie))?.role).toBe("member");
  });

  it("a batch of admin calls by a member is refused call by call", async () => {
    const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => "admin.users").join(",");
    const inputs = Object.fromEntries(
      Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, i) => [i, {}]),
    );
    const response = await t.app.inject({
      method: "GET",
      url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
      headers: { cookie: member.cookie },
    });
    const answers = response.json() as { error?: { data: { httpStatus: number } } }[];
    expect(answers).toHaveLength(TRPC_MAX_BATCH_SIZE);
    expect(answers.every((answer) => answer.error?.data.httpStatus === 403)).toBe(true);
  });

  it("the bell's doors ask the signed-out to sign in", async () => {
    expect((await trpc(t.app, "query", "notifications.unreadCount")).status).toBe(401);
    expect((await trpc(t.app, "query", "notifications.list", {})).status).toBe(401);
    expect((await rest(t.app, "GET", "/notifications")).statusCode).toBe(401);
    expect((await rest(t.app, "POST", "/notifications/read")).statusCode).toBe(401);
  });
});

describe("hostile page sizes and filters", () => {
  const HOSTILE_QUERIES = [
    "limit=1000000000",
    "limit=-1",
    "limit=0",
    "limit=NaN",
    "limit=1e3",
    "limit=1&limit=2",
    "cursor=-5",
    "cursor=99999999999999999999999",
    "cursor=1.5",
    "cursor[$gt]=1",
    "role=superuser",
    "role=admin'--",
    `search=${"x".repeat(5_000)}`,
    "search=%ED%A0%80",
    "actorId=1%20or%201=1",
    "action=role.change'%20or%20'1'='1",
    "artifactId=0x10",
    `person=${"x".repeat(5_000)}`,
    "person=%ED%A0%80",
    "person=%25",
  ];

  it.each(["/admin/users", "/admin/audit", "/notifications"])(
    "%s answers every hostile query with 400 or a bounded 200, never 5xx",
    async (path) => {
      for (const query of HOSTILE_QUERIES) {
        const response = await rest(t.app, "GET", `${path}?${query}`, { cookie: admin.cookie });
        expect(response.statusCode, `${path}?${query}`).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, `${path}?${query}`).toBeLessThan(500);
        if (response.statusCode === 200) {
          expect((response.json() as { items: unknown[] }).items.length).toBeLessThanOrEqual(50);
        } else {
          expect(response.statusCode, `${path}?${query}`).toBe(400);
          expect((response.json() as { error: string }).error).toMatch(/\w/);
        }
      }
    },
  );

  it("the largest page sizes are the bounds, and one past them is refused", async () => {
    expect((await trpc(t.app, "query", "admin.users", { limit: 50 }, admin.cookie)).status).toBe(
      200,
    );
    expect((await trpc(t.app, "query", "admin.users", { limit: 51 }, admin.cookie)).status).toBe(
      400,
    );
    expect(
      (await trpc(t.app, "query", "notifications.list", { limit: 21 }, member.cookie)).status,
    ).toBe(400);
  });

  it("search with LIKE wildcards, quotes or a NUL matches literally, never everyone", async () => {
    for (const search of ["%", "_", "\\", "' or 1=1 --", "a\u0000b", '"']) {
      const result = await trpc(t.app, "query", "admin.users", { search }, admin.cookie);
      expect(result.status, JSON.stringify(search)).toBe(200);
      expect((result.data as { items: unknown[] }).items, JSON.stringify(search)).toEqual([]);
      const audit = await trpc(t.app, "query", "admin.audit", { person: search }, admin.cookie);
      expect(audit.status, JSON.stringify(search)).toBe(200);
      expect((audit.data as { items: unknown[] }).items, JSON.stringify(search)).toEqual([]);
    }
  });

  it("a role body with extra or poisoned fields changes only what it names, or nothing", async () => {
    const before = roles();
    const poisoned = await rest(t.app, "PUT", `/admin/users/${member.id}/role`, {
      cookie: admin.cookie,
      payload: '{"role":"root","__proto__":{"role":"admin"}}',
      headers: { "content-type": "application/json" },
    });
    expect(poisoned.statusCode).toBe(400);
    for (const id of ["0", "-1", "abc", "1e3", "99999999999999999999"]) {
      const response = await rest(t.app, "PUT", `/admin/users/${id}/role`, {
        cookie: admin.cookie,
        body: { role: "curator" },
      });
      expect(response.statusCode, id).toBe(404);
    }
    expect(roles()).toEqual(before);
  });
});

describe("cross-site writes", () => {
  const EVIL = "https://evil.example";

  it("another site cannot change a role with an admin's cookie", async () => {
    const before = roles();
    const restForged = await rest(t.app, "PUT", `/admin/users/${member.id}/role`, {
      cookie: admin.cookie,
      body: { role: "admin" },
      origin: EVIL,
    });
    expect(restForged.statusCode).toBe(403);
    expect(restForged.json()).toEqual({ error: MESSAGES.crossOriginRefused });

    const trpcForged = await t.app.inject({
      method: "POST",
      url: "/trpc/admin.setRole",
      headers: { cookie: admin.cookie, origin: EVIL, "content-type": "application/json" },
      payload: JSON.stringify({ userId: member.id, role: "admin" }),
    });
    expect(trpcForged.statusCode).toBe(403);

    // A form post from a page of the app's own origin is still not JSON: refused.
    const formPost = await t.app.inject({
      method: "POST",
      url: "/trpc/admin.setRole",
      headers: {
        cookie: admin.cookie,
        origin: TEST_ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `userId=${member.id}&role=admin`,
    });
    expect(formPost.statusCode).toBe(403);

    const fetchSite = await rest(t.app, "PUT", `/admin/users/${member.id}/role`, {
      cookie: admin.cookie,
      body: { role: "admin" },
      origin: null,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.statusCode).toBe(403);
    expect(roles()).toEqual(before);
    expect(auditCount()).toBe(0);
  });

  it("another site cannot mark a member's notifications read", async () => {
    const before = unread(member.id);
    expect(before).toBeGreaterThan(0);
    const restForged = await rest(t.app, "POST", "/notifications/read", {
      cookie: member.cookie,
      origin: EVIL,
    });
    expect(restForged.statusCode).toBe(403);
    const trpcForged = await t.app.inject({
      method: "POST",
      url: "/trpc/notifications.markRead",
      headers: { cookie: member.cookie, origin: EVIL, "content-type": "application/json" },
      payload: "{}",
    });
    expect(trpcForged.statusCode).toBe(403);
    expect(unread(member.id)).toBe(before);
  });
});
