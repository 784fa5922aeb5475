import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  FOLLOWS_MAX,
  type ArtifactOwner,
  type CursorPage,
  type FollowingFeedItem,
  type FollowItem,
  type FollowState,
} from "@artifact-atlas/shared";
import { createOutbox, smtpTransport } from "../../src/mail/outbox";
import { DIGEST_MIN_GAP_MS, sendDailyDigests } from "../../src/services/conversation/digest";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { conversationNotices, posted } from "./support";

/*
 * Issue 33: members follow an artifact or another member and choose, per follow, the bell, a
 * daily email digest (when mail is on), or both. The digest's unsubscribe link works without
 * signing in and the mail says why it came; a Following feed lists followed members' artifacts.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let owner: SignedInUser;
let follower: SignedInUser;
let other: SignedInUser;

beforeEach(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: "Artifact Atlas <atlas@example.org>" },
    { mailRetryDelaysMs: [20] },
  );
  owner = await createUserWithSession(t, { name: "Mary Anning" });
  follower = await createUserWithSession(t, { name: "Fred Follower", email: "fred@example.org" });
  other = await createUserWithSession(t, { name: "Olly Other" });
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

function followIt(
  who: SignedInUser,
  target: { kind: "artifact" | "member"; id: number },
  channels: { bell: boolean; email: boolean },
) {
  return trpc(t.app, "mutation", "follows.follow", { target, channels }, who.cookie);
}

async function digestNow(now = Date.now()) {
  const { queued } = await sendDailyDigests(t.app.deps, now);
  await t.app.deps.outbox?.idle();
  return queued;
}

/** The links of a mail that stop it, without the origin. */
function unsubscribeTokens(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(/\/unsubscribe#([A-Za-z0-9_.-]+)/g)].map((match) => match[1]!);
}

describe("following", () => {
  test("an artifact with the bell: its new comments are told, once until read", async () => {
    const skull = await addArtifact(t, owner, { artifactName: "Ichthyosaur Skull" });
    const followed = await followIt(
      follower,
      { kind: "artifact", id: skull.id },
      { bell: true, email: false },
    );
    expect(followed.data).toEqual({ following: true, bell: true, email: false, mailEnabled: true });
    await posted(t, other, skull.id, "Lyme Regis, 1811.");
    await posted(t, other, skull.id, "Found with her brother.");
    expect(conversationNotices(t, follower.id).map((n) => n.kind)).toEqual(["discussion_new"]);

    const state = await rest(t.app, "GET", `/follows/artifact/${skull.id}`, {
      cookie: follower.cookie,
    });
    expect(state.json()).toEqual({ following: true, bell: true, email: false, mailEnabled: true });
    const stopped = await rest(t.app, "DELETE", `/follows/artifact/${skull.id}`, {
      cookie: follower.cookie,
    });
    expect((stopped.json() as FollowState).following).toBe(false);
    expect(
      (await rest(t.app, "DELETE", `/follows/artifact/${skull.id}`, { cookie: follower.cookie }))
        .statusCode,
    ).toBe(404);
  });

  test("a member with the bell: their new public artifacts, in the bell and the Following feed", async () => {
    const first = await addArtifact(t, owner, { artifactName: "Plesiosaur" });
    const viaRest = await rest(t.app, "PUT", `/follows/member/${owner.id}`, {
      cookie: follower.cookie,
      body: { bell: true, email: false },
    });
    expect(viaRest.statusCode).toBe(200);
    const second = await addArtifact(t, owner, { artifactName: "Pterosaur" });
    await addArtifact(t, other, { artifactName: "Not followed" });
    expect(conversationNotices(t, follower.id)).toEqual([
      expect.objectContaining({ kind: "followed_member_artifact", artifactId: second.id }),
    ]);
    const list = await trpc(t.app, "query", "notifications.list", {}, follower.cookie);
    expect((list.data as { items: { text: string }[] }).items[0]?.text).toBe(
      "A member you follow added “Pterosaur”.",
    );
    const feed = await trpc(t.app, "query", "follows.feed", {}, follower.cookie);
    const items = (feed.data as CursorPage<FollowingFeedItem>).items;
    expect(items.map((item) => [item.id, item.ownerName])).toEqual([
      [second.id, "Mary Anning"],
      [first.id, "Mary Anning"],
    ]);
    const restFeed = await rest(t.app, "GET", "/following?limit=1", { cookie: follower.cookie });
    expect((restFeed.json() as CursorPage<FollowingFeedItem>).items.map((item) => item.id)).toEqual(
      [second.id],
    );
    expect(restFeed.headers.link).toContain(`cursor=${second.id}`);

    const follows = await rest(t.app, "GET", "/follows", { cookie: follower.cookie });
    expect((follows.json() as CursorPage<FollowItem>).items).toEqual([
      expect.objectContaining({
        kind: "member",
        targetId: owner.id,
        name: "Mary Anning",
        bell: true,
      }),
    ]);
  });

  test("is refused for oneself, someone with nothing public, a hidden artifact, without a channel, or past the limit", async () => {
    const skull = await addArtifact(t, owner);
    expect(
      (await followIt(owner, { kind: "member", id: owner.id }, { bell: true, email: false }))
        .status,
    ).toBe(400);
    expect(
      (await followIt(follower, { kind: "member", id: other.id }, { bell: true, email: false }))
        .status,
    ).toBe(404);
    expect(
      (await followIt(follower, { kind: "member", id: 999_999 }, { bell: true, email: false }))
        .status,
    ).toBe(404);
    const none = await followIt(
      follower,
      { kind: "artifact", id: skull.id },
      { bell: false, email: false },
    );
    expect(none.status).toBe(400);
    expect(none.error?.message).toBe("Choose the bell, a daily email, or both.");
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(skull.id);
    expect(
      (await followIt(follower, { kind: "artifact", id: skull.id }, { bell: true, email: false }))
        .status,
    ).toBe(404);
    t.db.$client.prepare("update artifacts set status = 'published' where id = ?").run(skull.id);

    const insert = t.db.$client.prepare(
      "insert into follows (follower_id, target_kind, target_id, bell, email, created_at) values (?, 'artifact', ?, 1, 0, ?)",
    );
    for (let i = 0; i < FOLLOWS_MAX; i += 1) insert.run(follower.id, 1_000_000 + i, Date.now());
    const full = await followIt(
      follower,
      { kind: "artifact", id: skull.id },
      { bell: true, email: false },
    );
    expect(full.status).toBe(409);
  });
});

describe("the owner of an artifact, to follow them by", () => {
  test("is their id and name, to a member through either door, and following them fills the feed", async () => {
    const skull = await addArtifact(t, owner, { artifactName: "Ichthyosaur Skull" });
    const viaTrpc = await trpc(
      t.app,
      "query",
      "follows.artifactOwner",
      { id: skull.id },
      follower.cookie,
    );
    // Exactly these two: never the owner's email or anything else of the account.
    expect(viaTrpc.data).toEqual({ id: owner.id, name: "Mary Anning" });
    const viaRest = await rest(t.app, "GET", `/artifacts/${skull.id}/owner`, {
      cookie: follower.cookie,
    });
    expect(viaRest.statusCode).toBe(200);
    expect(viaRest.json()).toEqual({ id: owner.id, name: "Mary Anning" });
    expect(viaRest.body).not.toContain(owner.email);

    const { id } = viaTrpc.data as ArtifactOwner;
    await followIt(follower, { kind: "member", id }, { bell: true, email: false });
    const next = await addArtifact(t, owner, { artifactName: "Coprolite" });
    const feed = await trpc(t.app, "query", "follows.feed", {}, follower.cookie);
    expect((feed.data as CursorPage<FollowingFeedItem>).items.map((item) => item.id)).toEqual([
      next.id,
      skull.id,
    ]);
  });

  test("is nobody for a visitor, and not found for an artifact that is not public", async () => {
    const skull = await addArtifact(t, owner);
    expect((await trpc(t.app, "query", "follows.artifactOwner", { id: skull.id })).status).toBe(
      401,
    );
    expect((await rest(t.app, "GET", `/artifacts/${skull.id}/owner`)).statusCode).toBe(401);

    const ask = async (id: number | string) => {
      const answer = await rest(t.app, "GET", `/artifacts/${id}/owner`, { cookie: other.cookie });
      return [answer.statusCode, answer.json() as unknown];
    };
    const unknown = await ask(999_999);
    expect(unknown).toEqual([404, { error: "Artifact not found" }]);
    expect(await ask("abc")).toEqual(unknown);
    for (const hide of [
      "update artifacts set status = 'hidden' where id = ?",
      "update artifacts set status = 'pending' where id = ?",
      "update artifacts set status = 'rejected' where id = ?",
      "update artifacts set status = 'published', deleted_at = 1 where id = ?",
    ]) {
      t.db.$client.prepare(hide).run(skull.id);
      // The same answer as for no artifact at all: nothing tells one from the other.
      expect(await ask(skull.id)).toEqual(unknown);
    }
    // Not even to its owner: this is for following, and nobody follows a hidden artifact's owner.
    const own = await trpc(t.app, "query", "follows.artifactOwner", { id: skull.id }, owner.cookie);
    expect(own.status).toBe(404);
  });
});

describe("the daily digest", () => {
  test("comes by SMTP, says why, and its unsubscribe link works without signing in", async () => {
    const skull = await addArtifact(t, owner, { artifactName: "Ichthyosaur Skull" });
    await followIt(follower, { kind: "artifact", id: skull.id }, { bell: false, email: true });
    await followIt(follower, { kind: "member", id: owner.id }, { bell: false, email: true });
    await posted(t, other, skull.id, "Lyme Regis, 1811.");
    await posted(t, other, skull.id, "Found with her brother.");
    const coprolite = await addArtifact(t, owner, { artifactName: "Coprolite" });
    const hidden = await addArtifact(t, owner, { artifactName: "Hidden Fossil" });
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(hidden.id);
    // The bell is off for both follows: nothing there.
    expect(conversationNotices(t, follower.id)).toEqual([]);

    expect(await digestNow()).toBe(1);
    const mail = await smtp.waitFor((received) => received.to.includes("fred@example.org"));
    expect(mail.subject).toBe("Your daily digest from Artifact Atlas");
    expect(mail.text).toContain("2 new comments in the discussion of “Ichthyosaur Skull”:");
    expect(mail.text).toContain(`http://localhost:3000/a/${skull.id}#discussion`);
    expect(mail.text).toContain(
      `Mary Anning added “Coprolite”:\n  http://localhost:3000/a/${coprolite.id}`,
    );
    expect(mail.text).not.toContain("Hidden Fossil");
    expect(mail.text).toContain(
      "Why you get this email: you follow “Ichthyosaur Skull” and Mary Anning on Artifact Atlas and chose a daily email for them.",
    );
    const tokens = unsubscribeTokens(mail);
    expect(tokens).toHaveLength(3);

    // Once a day at most, and nothing is told twice.
    await posted(t, other, skull.id, "Bought by the British Museum.");
    expect(await digestNow()).toBe(0);
    expect(await digestNow(Date.now() + DIGEST_MIN_GAP_MS + 1000)).toBe(1);
    const second = await smtp.waitFor((received) => received.text.includes("1 new comment in"));
    expect(second.text).not.toContain("Coprolite");

    // The first link stops the artifact's emails only, with no cookie at all.
    const refused = await rest(t.app, "POST", "/unsubscribe", { body: { token: `${tokens[0]}x` } });
    expect(refused.statusCode).toBe(400);
    const stop = await rest(t.app, "POST", "/unsubscribe", { body: { token: tokens[0] } });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ message: "You will get no more of these emails." });
    // A follow with neither the bell nor email is gone; the member's stays.
    const kept = t.db.$client
      .prepare("select target_kind as kind, email from follows where follower_id = ?")
      .all(follower.id);
    expect(kept).toEqual([{ kind: "member", email: 1 }]);
    // The last link stops every digest mail, through tRPC as the unsubscribe page calls it.
    const all = await trpc(t.app, "mutation", "follows.unsubscribe", { token: tokens.at(-1) });
    expect(all.status).toBe(200);
    expect(t.db.$client.prepare("select count(*) as n from follows").get()).toEqual({ n: 0 });
    await posted(t, other, skull.id, "Another comment.");
    expect(await digestNow(Date.now() + 3 * DIGEST_MIN_GAP_MS)).toBe(0);
  });

  test("fills at most half the outbox, sends every member's mail, and stops when told", async () => {
    const skull = await addArtifact(t, owner, { artifactName: "Ichthyosaur Skull" });
    const members: SignedInUser[] = [];
    for (let i = 0; i < 30; i += 1) members.push(await createUserWithSession(t));
    const line = t.db.$client.prepare(
      "insert into digest_items (user_id, kind, artifact_id, count, first_at) values (?, 'discussion_new', ?, 2, ?)",
    );
    for (const member of members) {
      await followIt(member, { kind: "artifact", id: skull.id }, { bell: false, email: true });
      line.run(member.id, skull.id, Date.now());
    }
    // A real outbox of 10 places to the test's SMTP server: the digest may fill 5 of them.
    const outbox = createOutbox({
      transport: smtpTransport(smtp.url),
      from: "Artifact Atlas <atlas@example.org>",
      log: t.app.log,
      maxQueued: 10,
    });
    const deps = { ...t.app.deps, outbox };
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, outbox.pending)), 1);
    try {
      // Told to stop at once, it hands the outbox nothing and marks no one as sent.
      expect(await sendDailyDigests(deps, Date.now(), () => true)).toEqual({ queued: 0 });
      expect(await sendDailyDigests(deps, Date.now())).toEqual({ queued: 30 });
      await outbox.idle();
    } finally {
      clearInterval(sampler);
      outbox.close();
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(5);
    const arrived = smtp.received.filter((mail) =>
      members.some((member) => mail.to.includes(member.email)),
    );
    expect(arrived).toHaveLength(30);
    expect(t.db.$client.prepare("select count(*) as n from digest_items").get()).toEqual({ n: 0 });
  });

  test("asks for mail only where the site has it", async () => {
    await t.close();
    await smtp.close();
    smtp = await startSmtpServer();
    t = await createTestApp();
    owner = await createUserWithSession(t, { name: "Mary Anning" });
    follower = await createUserWithSession(t);
    const skull = await addArtifact(t, owner);
    const refused = await followIt(
      follower,
      { kind: "artifact", id: skull.id },
      { bell: true, email: true },
    );
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(
      "Email is not set up on this site, so only the bell can tell you.",
    );
    const bell = await followIt(
      follower,
      { kind: "artifact", id: skull.id },
      { bell: true, email: false },
    );
    expect((bell.data as FollowState).mailEnabled).toBe(false);
    expect(await sendDailyDigests(t.app.deps, Date.now())).toEqual({ queued: 0 });
  });
});
