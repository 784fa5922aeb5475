import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { NotificationItem } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { posted } from "./support";

/*
 * Issue 33: comments never reveal a hidden, rejected, pending or trashed artifact and disappear
 * with it, through every door (tRPC and REST), for every role: nobody signed in, a member, a member
 * who took part in the discussion, the owner, a curator and an admin.
 */

let t: TestApp;
let owner: SignedInUser;
let commenter: SignedInUser;
let stranger: SignedInUser;
let curator: SignedInUser;
let admin: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  commenter = await createUserWithSession(t, { name: "Cole Commenter" });
  stranger = await createUserWithSession(t, { name: "Sam Stranger" });
  curator = await createUserWithSession(t, { role: "curator" });
  admin = await createUserWithSession(t, { role: "admin" });
});
afterEach(async () => {
  await t.close();
});

/** What each door answers `reader` (nobody when undefined) about the artifact and its thread. */
async function doors(
  artifactId: number,
  threadId: number,
  suggestionId: number,
  reader?: SignedInUser,
) {
  const cookie = reader?.cookie;
  const restOptions = cookie ? { cookie } : {};
  const statuses: Record<string, number> = {
    "comments.list": (await trpc(t.app, "query", "comments.list", { id: artifactId }, cookie))
      .status,
    "comments.replies": (await trpc(t.app, "query", "comments.replies", { id: threadId }, cookie))
      .status,
    "GET comments": (await rest(t.app, "GET", `/artifacts/${artifactId}/comments`, restOptions))
      .statusCode,
    "GET replies": (await rest(t.app, "GET", `/comments/${threadId}/replies`, restOptions))
      .statusCode,
  };
  if (!reader) return statuses;
  const write = {
    "comments.create": await trpc(
      t.app,
      "mutation",
      "comments.create",
      { artifactId, body: "Still there?" },
      cookie,
    ),
    "comments.create reply": await trpc(
      t.app,
      "mutation",
      "comments.create",
      { artifactId, body: "Hello?", parentId: threadId },
      cookie,
    ),
    "comments.report": await trpc(
      t.app,
      "mutation",
      "comments.report",
      { id: threadId, reason: "spam" },
      cookie,
    ),
    "suggestions.create": await trpc(
      t.app,
      "mutation",
      "suggestions.create",
      {
        artifactId,
        field: "createdAt",
        value: "1 BC",
        reason: "Why not.",
        source: "Me",
        baseRevision: 1,
      },
      cookie,
    ),
    "suggestions.agree": await trpc(
      t.app,
      "mutation",
      "suggestions.agree",
      { id: suggestionId },
      cookie,
    ),
    "follows.follow": await trpc(
      t.app,
      "mutation",
      "follows.follow",
      { target: { kind: "artifact", id: artifactId }, channels: { bell: true, email: false } },
      cookie,
    ),
  };
  for (const [door, answer] of Object.entries(write)) statuses[door] = answer.status;
  const restWrites = {
    "POST comments": await rest(t.app, "POST", `/artifacts/${artifactId}/comments`, {
      cookie,
      body: { body: "Still there?" },
    }),
    "POST reports": await rest(t.app, "POST", `/comments/${threadId}/reports`, {
      cookie,
      body: { reason: "spam" },
    }),
    "POST suggestions": await rest(t.app, "POST", `/artifacts/${artifactId}/suggestions`, {
      cookie,
      body: {
        field: "createdAt",
        value: "1 BC",
        reason: "Why not.",
        source: "Me",
        baseRevision: 1,
      },
    }),
    "PUT agreement": await rest(t.app, "PUT", `/suggestions/${suggestionId}/agreement`, { cookie }),
    "PUT follows": await rest(t.app, "PUT", `/follows/artifact/${artifactId}`, {
      cookie,
      body: { bell: true, email: false },
    }),
  };
  for (const [door, answer] of Object.entries(restWrites)) statuses[door] = answer.statusCode;
  return statuses;
}

const HIDE: Record<string, (id: number) => void> = {
  pending: (id) =>
    t.db.$client.prepare("update artifacts set status = 'pending' where id = ?").run(id),
  rejected: (id) =>
    t.db.$client
      .prepare("update artifacts set status = 'rejected', status_reason = 'Duplicate' where id = ?")
      .run(id),
  hidden: (id) =>
    t.db.$client
      .prepare("update artifacts set status = 'hidden', status_reason = 'Spam' where id = ?")
      .run(id),
  "in the trash": (id) =>
    t.db.$client.prepare("update artifacts set deleted_at = ? where id = ?").run(Date.now(), id),
};

describe.each(Object.keys(HIDE))("the discussion of an artifact that is %s", (status) => {
  test("is gone for everyone who may not see the artifact, and closed to writes for all", async () => {
    const stone = await addArtifact(t, owner, { artifactName: "Secret Stone" });
    const thread = await posted(t, commenter, stone.id, "An early comment.");
    const made = await trpc(
      t.app,
      "mutation",
      "suggestions.create",
      {
        artifactId: stone.id,
        field: "createdAt",
        value: "1 BC",
        reason: "Dated.",
        source: "A book",
        baseRevision: 1,
      },
      commenter.cookie,
    );
    const suggestionId = (made.data as { comment: { id: number } }).comment.id;
    HIDE[status]!(stone.id);

    const readDoors = ["comments.list", "comments.replies", "GET comments", "GET replies"];
    for (const reader of [undefined, stranger, commenter]) {
      const answers = await doors(stone.id, thread.id, suggestionId, reader);
      // Not found, as for an id that does not exist.
      expect(
        Object.values(answers).every((code) => code === 404),
        JSON.stringify(answers),
      ).toBe(true);
    }
    for (const reader of [owner, curator, admin]) {
      const answers = await doors(stone.id, thread.id, suggestionId, reader);
      const reads = readDoors.map((door) => answers[door]);
      // Its owner and curators still read it (not in the trash), but nobody writes to it.
      expect(reads).toEqual(readDoors.map(() => (status === "in the trash" ? 404 : 200)));
      const writes = Object.entries(answers).filter(([door]) => !readDoors.includes(door));
      expect(
        writes.every(([, code]) => code === 404),
        JSON.stringify(writes),
      ).toBe(true);
    }

    // The commenter's bell no longer names it (the owner's does).
    t.db.$client
      .prepare(
        "insert into notifications (user_id, kind, artifact_id) values (?, 'discussion_new', ?)",
      )
      .run(commenter.id, stone.id);
    const bell = await trpc(t.app, "query", "notifications.list", {}, commenter.cookie);
    const items = (bell.data as { items: NotificationItem[] }).items;
    expect(items[0]).toMatchObject({ artifactId: null, artifactName: null });
    expect(items[0]?.text).toBe("New comments in the discussion of an artifact that is gone.");
  });
});

test("a discussion comes back with its artifact", async () => {
  const stone = await addArtifact(t, owner);
  const thread = await posted(t, commenter, stone.id, "Still here.");
  HIDE.hidden!(stone.id);
  expect((await trpc(t.app, "query", "comments.list", { id: stone.id })).status).toBe(404);
  t.db.$client.prepare("update artifacts set status = 'published' where id = ?").run(stone.id);
  const back = await trpc(t.app, "query", "comments.list", { id: stone.id });
  expect((back.data as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([
    thread.id,
  ]);
});

test("a purged artifact takes its discussion, follows and notices with it", async () => {
  const stone = await addArtifact(t, owner);
  await posted(t, commenter, stone.id, "Soon gone.");
  await trpc(
    t.app,
    "mutation",
    "follows.follow",
    { target: { kind: "artifact", id: stone.id }, channels: { bell: true, email: false } },
    stranger.cookie,
  );
  t.db.$client.pragma("foreign_keys = ON");
  t.db.$client.prepare("delete from artifacts where id = ?").run(stone.id);
  for (const table of ["comments", "follows", "notifications", "review_queue"]) {
    expect(t.db.$client.prepare(`select count(*) as n from ${table}`).get(), table).toEqual({
      n: 0,
    });
  }
});
