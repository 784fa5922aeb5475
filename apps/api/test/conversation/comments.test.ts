import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  COMMENT_PLACEHOLDERS,
  REPLIES_SHOWN,
  type CommentHistory,
  type DiscussionComment,
  type RepliesPage,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { comment, conversationNotices, discussion, posted, readAll, seedComments } from "./support";

/*
 * Issue 33: comments and replies under an artifact, one level deep, oldest first, a page at a
 * time; edited with a history for curators, deleted by their authors; owners and commenters told,
 * @names too.
 */

let t: TestApp;
let owner: SignedInUser;
let ann: SignedInUser;
let bob: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  ann = await createUserWithSession(t, { name: "Ann Historian" });
  bob = await createUserWithSession(t, { name: "Bob Digger" });
  curator = await createUserWithSession(t, { name: "Cara Curator", role: "curator" });
});
afterEach(async () => {
  await t.close();
});

describe("a discussion", () => {
  test("shows threads oldest first with their replies, one level deep, to everyone", async () => {
    const stone = await addArtifact(t, owner, { artifactName: "Rosetta Stone" });
    const first = await posted(t, ann, stone.id, "Is this really *Ptolemaic*?");
    const second = await posted(t, bob, stone.id, "Found in July 1799 by **Bouchard**.");
    const reply = await posted(t, owner, stone.id, "Yes: 196 BC.", first.id);

    const page = await discussion(t, stone.id);
    expect(page.items.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(page.items[0]).toMatchObject({
      authorName: "Ann Historian",
      html: "<p>Is this really <em>Ptolemaic</em>?</p>\n",
      body: "Is this really *Ptolemaic*?",
      status: "published",
      mine: false,
      replies: [{ id: reply.id, parentId: first.id, authorName: "Olga Owner" }],
      moreReplies: false,
    });
    expect(page.may).toEqual({
      comment: false,
      suggest: false,
      decideSuggestions: false,
      moderate: false,
    });
    const asAnn = await discussion(t, stone.id, ann);
    expect(asAnn.may).toEqual({
      comment: true,
      suggest: true,
      decideSuggestions: false,
      moderate: false,
    });
    expect(asAnn.items[0]?.mine).toBe(true);
    expect((await discussion(t, stone.id, owner)).may.suggest).toBe(false);
    expect((await discussion(t, stone.id, curator)).may).toMatchObject({
      moderate: true,
      decideSuggestions: true,
    });

    // REST says the same.
    const viaRest = await rest(t.app, "GET", `/artifacts/${stone.id}/comments`);
    expect(viaRest.statusCode).toBe(200);
    expect(viaRest.json()).toEqual(page);
  });

  test("refuses a reply to a reply, and a reply to another artifact's thread", async () => {
    const stone = await addArtifact(t, owner);
    const other = await addArtifact(t, owner);
    const thread = await posted(t, ann, stone.id, "A question.");
    const reply = await posted(t, bob, stone.id, "An answer.", thread.id);
    const deeper = await comment(t, ann, stone.id, "A reply to the answer.", reply.id);
    expect(deeper.status).toBe(400);
    expect(deeper.error?.message).toBe(
      "Replies go one level deep: reply to the comment that started the thread.",
    );
    expect((await comment(t, ann, other.id, "Elsewhere.", thread.id)).status).toBe(404);
    expect((await comment(t, ann, stone.id, "Nowhere.", 999_999)).status).toBe(404);
  });

  test("comes a page at a time, and a thread's further replies by themselves", async () => {
    const stone = await addArtifact(t, owner);
    const ids = seedComments(t, stone.id, ann.id, 25);
    const first = await discussion(t, stone.id, undefined, { limit: 20 });
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 20));
    expect(first.nextCursor).toBe(ids[19]);
    const second = await discussion(t, stone.id, undefined, {
      cursor: first.nextCursor!,
      limit: 20,
    });
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(20));
    expect(second.nextCursor).toBeNull();

    const thread = ids[0]!;
    const replies = seedComments(t, stone.id, bob.id, REPLIES_SHOWN + 4, thread);
    const shown = (await discussion(t, stone.id)).items[0]!;
    expect(shown.replies.map((item) => item.id)).toEqual(replies.slice(0, REPLIES_SHOWN));
    expect(shown.moreReplies).toBe(true);
    const more = await trpc(t.app, "query", "comments.replies", {
      id: thread,
      cursor: replies[REPLIES_SHOWN - 1],
      limit: 2,
    });
    const page = more.data as RepliesPage;
    expect(page.items.map((item) => item.id)).toEqual(
      replies.slice(REPLIES_SHOWN, REPLIES_SHOWN + 2),
    );
    expect(page.nextCursor).toBe(replies[REPLIES_SHOWN + 1]);
    const restMore = await rest(
      t.app,
      "GET",
      `/comments/${thread}/replies?cursor=${page.nextCursor}`,
    );
    expect((restMore.json() as RepliesPage).items.map((item) => item.id)).toEqual(
      replies.slice(REPLIES_SHOWN + 2),
    );
    // A reply has no replies of its own to page through.
    expect((await trpc(t.app, "query", "comments.replies", { id: replies[0] })).status).toBe(404);
    // At most 20 threads a page, whatever is asked.
    const tooMany = await trpc(t.app, "query", "comments.list", { id: stone.id, limit: 500 });
    expect(tooMany.status).toBe(400);
  });
});

describe("editing", () => {
  test("marks the comment edited and keeps the earlier texts for curators only", async () => {
    const stone = await addArtifact(t, owner);
    const mine = await posted(t, ann, stone.id, "Found in 1798.");
    expect(mine.editedAt).toBeNull();
    const edit = (body: string, who = ann) =>
      trpc(t.app, "mutation", "comments.edit", { id: mine.id, body }, who.cookie);
    expect((await edit("Found in 1799.")).status).toBe(200);
    const viaRest = await rest(t.app, "PATCH", `/comments/${mine.id}`, {
      cookie: ann.cookie,
      body: { body: "Found in July 1799." },
    });
    expect(viaRest.statusCode).toBe(200);
    const edited = viaRest.json() as DiscussionComment;
    expect(edited.body).toBe("Found in July 1799.");
    expect(edited.editedAt).not.toBeNull();

    // Someone else's comment cannot be edited, through either door.
    expect((await edit("Mine now.", bob)).status).toBe(403);
    const byBob = await rest(t.app, "PATCH", `/comments/${mine.id}`, {
      cookie: bob.cookie,
      body: { body: "Mine now." },
    });
    expect(byBob.statusCode).toBe(403);

    const history = await trpc(t.app, "query", "comments.history", { id: mine.id }, curator.cookie);
    expect(history.status).toBe(200);
    const texts = history.data as CommentHistory;
    expect(texts.current).toBe("Found in July 1799.");
    expect(texts.earlier.map((item) => item.body)).toEqual(["Found in 1799.", "Found in 1798."]);
    expect(
      (await trpc(t.app, "query", "comments.history", { id: mine.id }, ann.cookie)).status,
    ).toBe(403);
    const restHistory = await rest(t.app, "GET", `/comments/${mine.id}/history`, {
      cookie: ann.cookie,
    });
    expect(restHistory.statusCode).toBe(403);
  });
});

describe("deleting", () => {
  test("removes one's own comment; with replies it stays as an empty placeholder", async () => {
    const stone = await addArtifact(t, owner);
    const lonely = await posted(t, ann, stone.id, "Nobody answers this.");
    const asked = await posted(t, ann, stone.id, "Somebody answers this.");
    const answer = await posted(t, bob, stone.id, "Here I am.", asked.id);

    expect(
      (await trpc(t.app, "mutation", "comments.delete", { id: lonely.id }, bob.cookie)).status,
    ).toBe(403);
    expect(
      (await trpc(t.app, "mutation", "comments.delete", { id: lonely.id }, ann.cookie)).status,
    ).toBe(200);
    const viaRest = await rest(t.app, "DELETE", `/comments/${asked.id}`, { cookie: ann.cookie });
    expect(viaRest.statusCode).toBe(200);

    const page = await discussion(t, stone.id);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: asked.id,
      status: "deleted",
      authorId: null,
      authorName: null,
      html: null,
      body: null,
      replies: [{ id: answer.id, body: "Here I am." }],
    });
    expect(COMMENT_PLACEHOLDERS.deleted).toBe("This comment was deleted.");
    // Nothing of the deleted text is left in the file's rows.
    const row = t.db.$client
      .prepare("select body, html, author_id from comments where id = ?")
      .get(asked.id);
    expect(row).toEqual({ body: "", html: "", author_id: null });
    // The placeholder goes with its last reply.
    expect(
      (await trpc(t.app, "mutation", "comments.delete", { id: answer.id }, bob.cookie)).status,
    ).toBe(200);
    expect((await discussion(t, stone.id)).items).toEqual([]);
    expect(t.db.$client.prepare("select count(*) as n from comments").get()).toEqual({ n: 0 });
  });
});

describe("who is told", () => {
  test("the owner and everyone who commented, once until they read it", async () => {
    const stone = await addArtifact(t, owner, { artifactName: "Rosetta Stone" });
    await posted(t, ann, stone.id, "First.");
    await posted(t, bob, stone.id, "Second.");
    await posted(t, bob, stone.id, "Third.");
    expect(conversationNotices(t, owner.id).map((n) => n.kind)).toEqual(["comment_new"]);
    expect(conversationNotices(t, ann.id).map((n) => n.kind)).toEqual(["discussion_new"]);
    expect(conversationNotices(t, bob.id)).toEqual([]);
    readAll(t, owner.id);
    await posted(t, ann, stone.id, "Fourth.");
    expect(conversationNotices(t, owner.id).map((n) => n.kind)).toEqual([
      "comment_new",
      "comment_new",
    ]);
    expect(conversationNotices(t, bob.id).map((n) => n.kind)).toEqual(["discussion_new"]);

    const list = await trpc(t.app, "query", "notifications.list", {}, bob.cookie);
    expect((list.data as { items: { text: string }[] }).items[0]?.text).toBe(
      "New comments in the discussion of “Rosetta Stone”.",
    );
  });

  test("@name tells the member named, and shows the mention", async () => {
    const stone = await addArtifact(t, owner, { artifactName: "Rosetta Stone" });
    const mention = await posted(
      t,
      ann,
      stone.id,
      "Ask @bob digger, or @Nobody Known, not mail@bob.example.",
    );
    expect(mention.html).toBe(
      '<p>Ask <span class="mention">@bob digger</span>, or @Nobody Known, not mail@bob.example.</p>\n',
    );
    expect(conversationNotices(t, bob.id)).toEqual([
      expect.objectContaining({ kind: "comment_mention", artifactId: stone.id }),
    ]);
    // A name that two members share names the one in the discussion, or no one.
    const twin = await createUserWithSession(t, { name: "Bob Digger" });
    await posted(t, bob, stone.id, "I am here.");
    readAll(t, bob.id);
    await posted(t, ann, stone.id, "Thanks @Bob Digger.");
    expect(
      conversationNotices(t, bob.id).filter((n) => n.kind === "comment_mention" && !n.readAt),
    ).toHaveLength(1);
    expect(conversationNotices(t, twin.id)).toEqual([]);
  });
});

test("a comment says what is missing and keeps to its length", async () => {
  const stone = await addArtifact(t, owner);
  const blank = await comment(t, ann, stone.id, "   ");
  expect(blank.status).toBe(400);
  expect(blank.error?.message).toBe("Comment is required.");
  const long = await comment(t, ann, stone.id, "x".repeat(5001));
  expect(long.status).toBe(400);
  expect(long.error?.message).toBe("Comment must be at most 5000 characters long.");
  const signedOut = await rest(t.app, "POST", `/artifacts/${stone.id}/comments`, {
    body: { body: "Hello." },
  });
  expect(signedOut.statusCode).toBe(401);
  const viaRest = await rest(t.app, "POST", `/artifacts/${stone.id}/comments`, {
    cookie: ann.cookie,
    body: { body: "Hello." },
  });
  expect(viaRest.statusCode).toBe(201);
  expect(viaRest.json()).toMatchObject({ comment: { body: "Hello.", mine: true }, message: null });
});
