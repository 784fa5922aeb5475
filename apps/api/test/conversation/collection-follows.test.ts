import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type {
  CollectionDetail,
  CursorPage,
  FollowItem,
  FollowState,
  NotificationItem,
} from "@artifact-atlas/shared";
import { DIGEST_MIN_GAP_MS, sendDailyDigests } from "../../src/services/conversation/digest";
import { post } from "../support/auth";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { insertArtifacts } from "../support/harvesting";
import { rest } from "../support/rest";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Issue 33's third kind of follow: a member follows a public or unlisted curated collection, and
 * what is added to it reaches them in the bell (once while unread) and in the daily digest (one
 * line however many were added). A collection made private, hidden or trashed tells no one and is
 * not named.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let curator: SignedInUser;
let follower: SignedInUser;
let stranger: SignedInUser;

beforeEach(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: "Artifact Atlas <atlas@example.org>" },
    { mailRetryDelaysMs: [20] },
  );
  curator = await createUserWithSession(t, { name: "Cleo Keeper" });
  follower = await createUserWithSession(t, { name: "Fred Follower", email: "fred@example.org" });
  stranger = await createUserWithSession(t, { name: "Sam Stranger" });
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

async function ok<T>(path: string, input: unknown, who: SignedInUser): Promise<T> {
  const result = await trpc(t.app, "mutation", path, input, who.cookie);
  if (result.status !== 200) throw new Error(`${path}: ${result.response.body}`);
  return result.data as T;
}

function newCollection(
  who: SignedInUser,
  fields: { title: string; visibility?: "public" | "unlisted" | "private" },
) {
  return ok<CollectionDetail>(
    "collections.create",
    { title: fields.title, visibility: fields.visibility ?? "public" },
    who,
  );
}

function follow(who: SignedInUser, id: number, channels = { bell: true, email: false }) {
  return trpc(
    t.app,
    "mutation",
    "follows.follow",
    { target: { kind: "collection", id }, channels },
    who.cookie,
  );
}

function add(who: SignedInUser, id: number, artifactIds: number[]) {
  return ok("collections.addItems", { id, artifactIds }, who);
}

function collectionNotices(userId: number) {
  return t.db.$client
    .prepare(
      "select kind, collection_id as collectionId from notifications where user_id = ? and kind = 'followed_collection_artifact'",
    )
    .all(userId);
}

async function bell(who: SignedInUser): Promise<NotificationItem[]> {
  const list = await trpc(t.app, "query", "notifications.list", {}, who.cookie);
  return (list.data as CursorPage<NotificationItem>).items;
}

async function follows(who: SignedInUser): Promise<FollowItem[]> {
  const answer = await rest(t.app, "GET", "/follows", { cookie: who.cookie });
  return (answer.json() as CursorPage<FollowItem>).items;
}

async function digestNow(now = Date.now()) {
  const { queued } = await sendDailyDigests(t.app.deps, now);
  await t.app.deps.outbox?.idle();
  return queued;
}

describe("following a collection", () => {
  test("public: additions of public artifacts reach the bell once while unread, not the adder", async () => {
    const coins = await newCollection(curator, { title: "Roman coins of Britain" });
    const [denarius, sestertius, pending] = insertArtifacts(t.db, 3);
    // The curator's own artifact, waiting for review: they may add it, nobody else sees it.
    t.db.$client
      .prepare("update artifacts set status = 'pending', owner_id = ? where id = ?")
      .run(curator.id, pending);
    const followed = await follow(follower, coins.id);
    expect(followed.data).toEqual({ following: true, bell: true, email: false, mailEnabled: true });
    // REST says the same, and the curator follows their own collection without hearing of it.
    const state = await rest(t.app, "GET", `/follows/collection/${coins.id}`, {
      cookie: follower.cookie,
    });
    expect(state.json()).toEqual({ following: true, bell: true, email: false, mailEnabled: true });
    await follow(curator, coins.id);

    // A pending artifact alone tells nobody: it shows in no collection.
    await add(curator, coins.id, [pending!]);
    expect(collectionNotices(follower.id)).toEqual([]);
    await add(curator, coins.id, [denarius!]);
    await add(curator, coins.id, [sestertius!]);
    expect(collectionNotices(follower.id)).toEqual([
      { kind: "followed_collection_artifact", collectionId: coins.id },
    ]);
    expect(collectionNotices(curator.id)).toEqual([]);
    const [notice] = await bell(follower);
    expect(notice).toMatchObject({
      collectionId: coins.id,
      text: "New artifacts in “Roman coins of Britain”, a collection you follow.",
    });

    // Read, the next addition tells again.
    await ok("notifications.markRead", {}, follower);
    const [third] = insertArtifacts(t.db, 1);
    await add(curator, coins.id, [third!]);
    expect(collectionNotices(follower.id)).toHaveLength(2);

    expect(await follows(follower)).toEqual([
      expect.objectContaining({
        kind: "collection",
        targetId: coins.id,
        name: "Roman coins of Britain",
      }),
    ]);
    const stopped = await rest(t.app, "DELETE", `/follows/collection/${coins.id}`, {
      cookie: follower.cookie,
    });
    expect((stopped.json() as FollowState).following).toBe(false);
    const [fourth] = insertArtifacts(t.db, 1);
    await add(curator, coins.id, [fourth!]);
    expect(collectionNotices(follower.id)).toHaveLength(2);
  });

  test("is refused where it would tell nothing, and answers 404 where the member may not look", async () => {
    const secret = await newCollection(curator, { title: "Secret", visibility: "private" });
    const unlisted = await newCollection(curator, { title: "By link", visibility: "unlisted" });
    const search = await ok<CollectionDetail>(
      "collections.create",
      { title: "Saved", visibility: "public", kind: "search", query: { search: "coin" } },
      curator,
    );
    const unknown = await follow(stranger, 999_999);
    expect(unknown.status).toBe(404);
    // A private collection of someone else's is exactly no collection.
    const hidden = await follow(stranger, secret.id);
    expect([hidden.status, hidden.error?.message]).toEqual([404, unknown.error?.message]);
    const viaRest = await rest(t.app, "PUT", `/follows/collection/${secret.id}`, {
      cookie: stranger.cookie,
      body: { bell: true, email: false },
    });
    expect(viaRest.statusCode).toBe(404);
    // Its owner sees it, and is told why it cannot be followed.
    const own = await follow(curator, secret.id);
    expect(own.status).toBe(400);
    expect(own.error?.message).toContain("Only a public or unlisted curated collection");
    expect((await follow(stranger, search.id)).status).toBe(400);
    expect((await follow(stranger, unlisted.id)).status).toBe(200);

    // Hidden by a curator, or in the trash: not found to a member who is neither owner nor curator.
    const coins = await newCollection(curator, { title: "Coins" });
    t.db.$client.prepare("update collections set status = 'hidden' where id = ?").run(coins.id);
    expect((await follow(stranger, coins.id)).status).toBe(404);
    t.db.$client
      .prepare("update collections set status = 'published', deleted_at = 1 where id = ?")
      .run(coins.id);
    expect((await follow(stranger, coins.id)).status).toBe(404);
  });

  test("made private, hidden or trashed, it tells no one and is not named", async () => {
    const coins = await newCollection(curator, { title: "Roman coins of Britain" });
    await follow(follower, coins.id, { bell: true, email: true });
    const [first, second] = insertArtifacts(t.db, 2);
    await add(curator, coins.id, [first!]);
    await ok("collections.update", { id: coins.id, visibility: "private" }, curator);

    const [notice] = await bell(follower);
    expect(notice).toMatchObject({
      collectionId: null,
      text: "A collection you followed changed.",
    });
    expect(JSON.stringify(await bell(follower))).not.toContain("Roman coins");
    expect(await follows(follower)).toEqual([
      expect.objectContaining({ kind: "collection", targetId: coins.id, name: null }),
    ]);
    // No mail names it, and nothing new is told while it is private.
    expect(await digestNow()).toBe(0);
    await ok("notifications.markRead", {}, follower);
    await add(curator, coins.id, [second!]);
    expect(collectionNotices(follower.id)).toHaveLength(1);
    expect(t.db.$client.prepare("select count(*) as n from digest_collections").get()).toEqual({
      n: 0,
    });
    // Public again, the follow is as it was.
    await ok("collections.update", { id: coins.id, visibility: "public" }, curator);
    expect((await follows(follower))[0]?.name).toBe("Roman coins of Britain");
  });
});

describe("the digest of a followed collection", () => {
  test("500 additions are one line of one mail, counting only what is public", async () => {
    const coins = await newCollection(curator, { title: "Roman coins of Britain" });
    await follow(follower, coins.id, { bell: false, email: true });
    const ids = insertArtifacts(t.db, 500);
    for (let start = 0; start < ids.length; start += 50) {
      await add(curator, coins.id, ids.slice(start, start + 50));
    }
    // Two are hidden after they were added: the mail does not count them.
    t.db.$client
      .prepare("update artifacts set status = 'hidden' where id in (?, ?)")
      .run(ids[0], ids[1]);
    expect(collectionNotices(follower.id)).toEqual([]);

    expect(await digestNow()).toBe(1);
    const mail = await smtp.waitFor((received) => received.to.includes("fred@example.org"));
    expect(mail.text).toContain(
      `- 498 artifacts were added to the collection “Roman coins of Britain”:\n  http://localhost:3000/c/${coins.id}`,
    );
    expect(mail.text.match(/added to the collection/g)).toHaveLength(1);
    expect(mail.text).toContain(
      "Why you get this email: you follow the collection “Roman coins of Britain” on Artifact Atlas and chose a daily email for it.",
    );
    const tokens = [...mail.text.matchAll(/\/unsubscribe#([A-Za-z0-9_.-]+)/g)].map((m) => m[1]);
    expect(tokens).toHaveLength(2);
    // Told once: the next round has nothing, and the link stops the collection's emails.
    expect(await digestNow(Date.now() + DIGEST_MIN_GAP_MS + 1000)).toBe(0);
    const stop = await rest(t.app, "POST", "/unsubscribe", { body: { token: tokens[0] } });
    expect(stop.statusCode).toBe(200);
    expect(await follows(follower)).toEqual([]);
  });

  test("counts each follower's additions from their own first one", async () => {
    const coins = await newCollection(curator, { title: "Coins" });
    const late = await createUserWithSession(t, { name: "Lou Late", email: "lou@example.org" });
    await follow(follower, coins.id, { bell: false, email: true });
    const ids = insertArtifacts(t.db, 5);
    await add(curator, coins.id, ids.slice(0, 3));
    // A later follower is first told by a later addition: their line counts from it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await follow(late, coins.id, { bell: false, email: true });
    await add(curator, coins.id, ids.slice(3));
    expect(await digestNow()).toBe(2);
    const fred = await smtp.waitFor((received) => received.to.includes("fred@example.org"));
    const lou = await smtp.waitFor((received) => received.to.includes("lou@example.org"));
    expect(fred.text).toContain("- 5 artifacts were added to the collection “Coins”");
    expect(lou.text).toContain("- 2 artifacts were added to the collection “Coins”");
  });

  test("purging the collection or the follower's leaving takes the follows and what they gathered", async () => {
    const coins = await newCollection(curator, { title: "Coins" });
    const maps = await newCollection(stranger, { title: "Maps" });
    await follow(follower, coins.id, { bell: true, email: true });
    await follow(follower, maps.id, { bell: true, email: true });
    await follow(curator, maps.id, { bell: true, email: true });
    const [a, b] = insertArtifacts(t.db, 2);
    await add(curator, coins.id, [a!]);
    await add(stranger, maps.id, [b!]);

    const data = await rest(t.app, "GET", "/account/data", { cookie: follower.cookie });
    const file = data.json() as { follows: { kind: string; targetId: number }[] };
    expect(file.follows.map((row) => [row.kind, row.targetId])).toEqual([
      ["collection", coins.id],
      ["collection", maps.id],
    ]);

    const sqlite = t.db.$client;
    sqlite.prepare("delete from collections where id = ?").run(coins.id);
    const left = (table: string) =>
      sqlite.prepare(`select count(*) as n from ${table} where user_id = ?`).get(follower.id);
    expect(
      sqlite.prepare("select target_id as id from follows where follower_id = ?").all(follower.id),
    ).toEqual([{ id: maps.id }]);
    expect(left("notifications")).toEqual({ n: 1 });
    expect(left("digest_collections")).toEqual({ n: 1 });

    const deleted = await post(
      t.app,
      "account.delete",
      { artifacts: "delete", confirmEmail: follower.email },
      { cookie: follower.cookie },
    );
    expect(deleted.statusCode).toBe(200);
    expect(
      sqlite.prepare("select follower_id as id from follows order by follower_id").all(),
    ).toEqual([{ id: curator.id }]);
    expect(left("digest_collections")).toEqual({ n: 0 });
  });
});
