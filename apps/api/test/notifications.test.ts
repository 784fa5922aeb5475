import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { CursorPage, NotificationItem } from "@artifact-atlas/shared";
import {
  NOTIFICATIONS_KEPT_PER_PERSON,
  removeOldNotifications,
} from "../src/services/notification-list";
import { buildApp } from "../src/app";
import { notify } from "../src/services/notifications";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  other = await createUserWithSession(t);
});
afterEach(async () => {
  await t.close();
});

const count = async (user: SignedInUser) =>
  (await trpc(t.app, "query", "notifications.unreadCount", undefined, user.cookie)).data;

async function list(user: SignedInUser, input: unknown = {}) {
  const result = await trpc(t.app, "query", "notifications.list", input, user.cookie);
  expect(result.status).toBe(200);
  return result.data as CursorPage<NotificationItem>;
}

const DAY = 24 * 60 * 60 * 1000;

function rows() {
  return t.db.$client.prepare("select id, user_id, read_at from notifications order by id").all();
}

describe("the bell", () => {
  test("counts the unread, lists them newest first in words, and marks them read", async () => {
    const vase = await addArtifact(t, owner, { artifactName: "Blue Vase" });
    notify(t.db, { userId: owner.id, kind: "artifact_approved", artifactId: vase.id });
    notify(t.db, {
      userId: owner.id,
      kind: "artifact_rejected",
      artifactId: vase.id,
      reason: "duplicate",
    });
    notify(t.db, {
      userId: owner.id,
      kind: "artifact_hidden",
      artifactId: vase.id,
      reason: "spam",
    });
    notify(t.db, { userId: owner.id, kind: "edit_approved", artifactId: vase.id });
    notify(t.db, { userId: owner.id, kind: "edit_rejected", artifactId: vase.id, reason: "other" });
    notify(t.db, { userId: owner.id, kind: "report_resolved", artifactId: vase.id });
    notify(t.db, { userId: other.id, kind: "artifact_approved", artifactId: vase.id });

    expect(await count(owner)).toBe(6);
    const page = await list(owner);
    expect(page.items.map((item) => item.text)).toEqual([
      "Your report about “Blue Vase” was resolved.",
      "Your edit of “Blue Vase” was rejected: other",
      "Your edit of “Blue Vase” was approved.",
      "Your artifact “Blue Vase” was hidden: spam",
      "Your artifact “Blue Vase” was rejected: duplicate",
      "Your artifact “Blue Vase” was approved.",
    ]);
    expect(page.items.every((item) => !item.read && item.artifactId === vase.id)).toBe(true);

    // A notification that arrives after the list was read stays unread.
    notify(t.db, { userId: owner.id, kind: "artifact_approved", artifactId: vase.id });
    const marked = await trpc(
      t.app,
      "mutation",
      "notifications.markRead",
      { upTo: page.items[0]!.id },
      owner.cookie,
    );
    expect(marked.data).toEqual({ marked: 6 });
    expect(await count(owner)).toBe(1);
    expect((await list(owner)).items.map((item) => item.read)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    // Someone else's stayed as they were.
    expect(await count(other)).toBe(1);
  });

  test("only your own: another's notifications are neither listed nor marked", async () => {
    notify(t.db, { userId: other.id, kind: "report_resolved" });
    expect((await list(owner)).items).toEqual([]);
    const marked = await trpc(t.app, "mutation", "notifications.markRead", {}, owner.cookie);
    expect(marked.data).toEqual({ marked: 0 });
    expect(await count(other)).toBe(1);
  });

  test("a page at a time; a gone artifact is said so", async () => {
    for (let i = 0; i < 5; i += 1) notify(t.db, { userId: owner.id, kind: "report_resolved" });
    const first = await list(owner, { limit: 3 });
    expect(first.items).toHaveLength(3);
    expect(first.items[0]!.text).toBe("Your report about an artifact that is gone was resolved.");
    const second = await list(owner, { limit: 3, cursor: first.nextCursor });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
  });

  test("signed out: 401", async () => {
    expect((await trpc(t.app, "query", "notifications.unreadCount")).status).toBe(401);
    expect((await trpc(t.app, "mutation", "notifications.markRead", {})).status).toBe(401);
  });

  test("REST: GET /notifications with the unread count, POST /notifications/read", async () => {
    notify(t.db, { userId: owner.id, kind: "edit_approved" });
    notify(t.db, { userId: owner.id, kind: "edit_approved" });
    const got = await rest(t.app, "GET", "/notifications?limit=1", { cookie: owner.cookie });
    expect(got.statusCode).toBe(200);
    const body = got.json() as CursorPage<NotificationItem> & { unread: number };
    expect(body.unread).toBe(2);
    expect(body.items).toHaveLength(1);
    expect(got.headers.link).toBe(`</notifications?limit=1&cursor=${body.nextCursor}>; rel="next"`);

    const read = await rest(t.app, "POST", "/notifications/read", { cookie: owner.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ marked: 2 });
    const after = await rest(t.app, "GET", "/notifications", { cookie: owner.cookie });
    expect((after.json() as { unread: number }).unread).toBe(0);
  });
});

describe("the clean-up keeps the notifications bounded", () => {
  test("read ones older than 90 days go; unread and recent ones stay", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const insert = t.db.$client.prepare(
      "insert into notifications (user_id, kind, created_at, read_at) values (?, 'edit_approved', ?, ?)",
    );
    const old = now.getTime() - 91 * DAY;
    insert.run(owner.id, old, old); // read 91 days ago: removed
    insert.run(owner.id, old, null); // unread: kept
    insert.run(owner.id, old, now.getTime() - 89 * DAY); // read 89 days ago: kept

    expect(removeOldNotifications(t.db, now)).toEqual({ removed: 1 });
    expect(rows()).toHaveLength(2);
    // 2 more days and the second read one goes too.
    expect(removeOldNotifications(t.db, new Date(now.getTime() + 2 * DAY))).toEqual({
      removed: 1,
    });
  });

  test(`each person keeps their newest ${NOTIFICATIONS_KEPT_PER_PERSON}`, () => {
    for (let i = 0; i < NOTIFICATIONS_KEPT_PER_PERSON + 3; i += 1) {
      notify(t.db, { userId: owner.id, kind: "report_resolved" });
    }
    notify(t.db, { userId: other.id, kind: "report_resolved" });
    const before = rows() as { id: number; user_id: number }[];
    expect(removeOldNotifications(t.db, new Date())).toEqual({ removed: 3 });
    const after = rows() as { id: number; user_id: number }[];
    const owners = after.filter((row) => row.user_id === owner.id).map((row) => row.id);
    expect(owners).toHaveLength(NOTIFICATIONS_KEPT_PER_PERSON);
    // The oldest three went.
    expect(owners[0]).toBe(before[3]!.id);
    expect(after.filter((row) => row.user_id === other.id)).toHaveLength(1);
  });

  test("the server runs it when it starts, with the clock it is given", async () => {
    const now = new Date("2027-03-01T00:00:00Z");
    const readLongAgo = now.getTime() - 100 * DAY;
    t.db.$client
      .prepare(
        "insert into notifications (user_id, kind, created_at, read_at) values (?, 'edit_approved', ?, ?)",
      )
      .run(owner.id, readLongAgo, readLongAgo);
    const app = await buildApp({ env: t.env, db: t.db, now: () => now.getTime() });
    await app.ready();
    expect(rows()).toEqual([]);
    await app.close();
  });
});
