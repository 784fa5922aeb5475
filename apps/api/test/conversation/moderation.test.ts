import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DiscussionComment } from "@artifact-atlas/shared";
import { CONVERSATION_RULES } from "../../src/rate-limit";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decide, queue } from "../review/support";
import {
  addPublicArtifact,
  comment,
  conversationNotices,
  discussion,
  establishForComments,
  posted,
} from "./support";

/*
 * Issue 33: comments are moderated through the review artifacts have. Reports with the same
 * reasons; curators hide with a reason ("Hidden by a curator"); new accounts' first comments wait
 * in REVIEW_MODE=pre and carry at most two links in either mode; limits per account and address.
 */

let t: TestApp;
let owner: SignedInUser;
let member: SignedInUser;
let reporter: SignedInUser;
let curator: SignedInUser;

async function setUp(reviewMode: "post" | "pre") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  member = await createUserWithSession(t, { name: "Mo Member" });
  reporter = await createUserWithSession(t, { name: "Rita Reporter" });
  curator = await createUserWithSession(t, { name: "Cara Curator", role: "curator" });
  await establishForComments(t, owner);
}
afterEach(async () => {
  await t.close();
});

const commentEntries = async () =>
  (await queue(t, curator)).filter((entry) => entry.kind.startsWith("comment"));

describe("reports and hiding", () => {
  beforeEach(() => setUp("post"));

  test("a report waits in the queue; upholding it hides the comment for everyone but its author and curators", async () => {
    const stone = await addPublicArtifact(t, owner, { artifactName: "Rosetta Stone" });
    const rude = await posted(t, member, stone.id, "A rude remark.");
    const reported = await trpc(
      t.app,
      "mutation",
      "comments.report",
      { id: rude.id, reason: "offensive", note: "Insulting." },
      reporter.cookie,
    );
    expect(reported.status).toBe(200);
    const again = await rest(t.app, "POST", `/comments/${rude.id}/reports`, {
      cookie: reporter.cookie,
      body: { reason: "spam" },
    });
    expect(again.statusCode).toBe(409);
    // Reports alone hide nothing.
    expect((await discussion(t, stone.id)).items[0]?.status).toBe("published");

    const [entry] = await commentEntries();
    expect(entry).toMatchObject({
      kind: "comment_report",
      report: { reason: "offensive", note: "Insulting." },
      comment: { id: rude.id, html: "<p>A rude remark.</p>\n", status: "published" },
    });
    expect((await decide(t, curator, { entryId: entry!.id, decision: "uphold" })).status).toBe(200);

    const asPublic = (await discussion(t, stone.id)).items[0]!;
    expect(asPublic).toMatchObject({
      status: "hidden",
      html: null,
      body: null,
      hiddenReason: null,
    });
    const asAuthor = (await discussion(t, stone.id, member)).items[0]!;
    expect(asAuthor).toMatchObject({ html: "<p>A rude remark.</p>\n", hiddenReason: "Offensive" });
    const asCurator = (await discussion(t, stone.id, curator)).items[0]!;
    expect(asCurator.body).toBe("A rude remark.");
    expect(conversationNotices(t, member.id).map((n) => [n.kind, n.reason])).toContainEqual([
      "comment_hidden",
      "Offensive",
    ]);
    expect(conversationNotices(t, reporter.id).map((n) => n.kind)).toEqual([
      "comment_report_upheld",
    ]);
    // A hidden comment cannot be edited into something else.
    const edit = await trpc(
      t.app,
      "mutation",
      "comments.edit",
      { id: rude.id, body: "Nice." },
      member.cookie,
    );
    expect(edit.status).toBe(409);
  });

  test("curators hide and show again with a reason from the list, never their own", async () => {
    const stone = await addPublicArtifact(t, owner);
    const spam = await posted(t, member, stone.id, "Buy cheap coins.");
    const hide = (who: SignedInUser, reason = "Spam") =>
      rest(t.app, "POST", `/comments/${spam.id}/hide`, { cookie: who.cookie, body: { reason } });
    expect((await hide(member)).statusCode).toBe(403);
    expect((await hide(curator, "Because")).statusCode).toBe(400);
    const hidden = await hide(curator);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ status: "hidden", hiddenReason: "Spam" });
    expect((await hide(curator)).statusCode).toBe(409);
    const shown = await trpc(
      t.app,
      "mutation",
      "comments.unhide",
      { id: spam.id, reason: "Other" },
      curator.cookie,
    );
    expect(shown.status).toBe(200);
    expect((shown.data as DiscussionComment).status).toBe("published");
    const own = await posted(t, curator, stone.id, "My own words.");
    const ownHide = await trpc(
      t.app,
      "mutation",
      "comments.hide",
      { id: own.id, reason: "Spam" },
      curator.cookie,
    );
    expect(ownHide.status).toBe(403);
    const audit = t.db.$client
      .prepare("select action from audit_log where action like 'comment.%' order by id")
      .all();
    expect(audit).toEqual([{ action: "comment.hide" }, { action: "comment.unhide" }]);
  });

  test("dismissing a report leaves the comment and tells the reporter", async () => {
    const stone = await addPublicArtifact(t, owner);
    const fine = await posted(t, member, stone.id, "A fair point.");
    await trpc(
      t.app,
      "mutation",
      "comments.report",
      { id: fine.id, reason: "other" },
      reporter.cookie,
    );
    const [entry] = await commentEntries();
    expect((await decide(t, curator, { entryId: entry!.id, decision: "dismiss" })).status).toBe(
      200,
    );
    expect((await discussion(t, stone.id)).items[0]?.status).toBe("published");
    expect(conversationNotices(t, reporter.id).map((n) => n.kind)).toEqual([
      "comment_report_dismissed",
    ]);
  });
});

describe("new accounts", () => {
  test("in REVIEW_MODE=pre, their comments wait until a curator approves them", async () => {
    await setUp("pre");
    const stone = await addPublicArtifact(t, owner, { artifactName: "Rosetta Stone" });
    const held = await comment(t, member, stone.id, "Hello @Olga Owner, is this Roman?");
    expect(held.status).toBe(200);
    expect(held.data).toMatchObject({
      comment: { status: "held" },
      message:
        "Thank you. Your comment will appear once a curator has looked at it: new accounts' first comments are reviewed.",
    });
    const id = (held.data as { comment: DiscussionComment }).comment.id;
    // Nobody else sees it, and nobody is told yet.
    expect((await discussion(t, stone.id)).items).toEqual([]);
    expect((await discussion(t, stone.id, owner)).items).toEqual([]);
    expect((await discussion(t, stone.id, member)).items[0]?.status).toBe("held");
    expect(conversationNotices(t, owner.id)).toEqual([]);
    // Nobody else may reply to it either.
    expect((await comment(t, reporter, stone.id, "Answer.", id)).status).toBe(404);

    // An edit moves its entry on: a decision on what was shown before is refused.
    const [entry] = await commentEntries();
    expect(entry).toMatchObject({ kind: "comment", comment: { id, status: "held" } });
    await trpc(
      t.app,
      "mutation",
      "comments.edit",
      { id, body: "Hello @Olga Owner, is it Roman?" },
      member.cookie,
    );
    const stale = await decide(t, curator, {
      entryId: entry!.id,
      decision: "approve",
      revision: entry!.revision,
      version: entry!.version,
    });
    expect(stale.status).toBe(409);
    expect((await decide(t, curator, { entryId: entry!.id, decision: "approve" })).status).toBe(
      200,
    );

    expect((await discussion(t, stone.id)).items[0]).toMatchObject({ id, status: "published" });
    expect(
      conversationNotices(t, owner.id)
        .map((n) => n.kind)
        .sort(),
    ).toEqual(["comment_mention", "comment_new"]);
    expect(conversationNotices(t, member.id).map((n) => n.kind)).toEqual(["comment_approved"]);
  });

  test("an established account's comments are published at once, also in pre", async () => {
    await setUp("pre");
    const stone = await addPublicArtifact(t, owner);
    await establishForComments(t, member);
    const published = await posted(t, member, stone.id, "Published at once.");
    expect(published.status).toBe("published");
    expect(await commentEntries()).toEqual([]);
  });

  test("a held comment a curator hides stays hidden, with the author told why", async () => {
    await setUp("pre");
    const stone = await addPublicArtifact(t, owner);
    const held = await posted(t, member, stone.id, "Spam spam spam.");
    const [entry] = await commentEntries();
    const hidden = await decide(t, curator, {
      entryId: entry!.id,
      decision: "hide",
      reason: "Spam",
    });
    expect(hidden.status).toBe(200);
    expect((await discussion(t, stone.id)).items[0]).toMatchObject({
      id: held.id,
      status: "hidden",
      html: null,
    });
    expect(conversationNotices(t, member.id).map((n) => n.kind)).toEqual(["comment_hidden"]);
  });

  test.each(["post", "pre"] as const)(
    "put at most two links in a comment (REVIEW_MODE=%s)",
    async (mode) => {
      await setUp(mode);
      const stone = await addPublicArtifact(t, owner);
      const three = "See https://a.example, https://b.example and [c](https://c.example).";
      const refused = await comment(t, member, stone.id, three);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(
        "New accounts may put at most 2 links in a comment. Please remove some, or post them once a curator has approved something of yours.",
      );
      expect(
        (await comment(t, member, stone.id, "See https://a.example and https://b.example.")).status,
      ).toBe(200);
      await establishForComments(t, member);
      expect((await comment(t, member, stone.id, three)).status).toBe(200);
    },
  );
});

describe("limits", () => {
  beforeEach(() => setUp("post"));

  test("per account, then per address whatever the accounts", async () => {
    const stone = await addPublicArtifact(t, owner);
    const { perAccount, perAddress } = CONVERSATION_RULES;
    for (let i = 0; i < perAccount.limit; i += 1) {
      expect((await comment(t, member, stone.id, `Comment ${i}`)).status).toBe(200);
    }
    const refused = await comment(t, member, stone.id, "One more.");
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers["retry-after"])).toBeGreaterThan(0);

    // Other accounts from the same address: their share of the address's budget is what is left.
    let accepted = perAccount.limit;
    let refusedAt = -1;
    for (let account = 0; account < 3 && refusedAt < 0; account += 1) {
      const cheap = await createUserWithSession(t);
      for (let i = 0; i < perAccount.limit; i += 1) {
        const answer = await comment(t, cheap, stone.id, `Cheap ${account} ${i}`);
        if (answer.status === 429) {
          refusedAt = accepted;
          break;
        }
        accepted += 1;
      }
    }
    expect(refusedAt).toBe(perAddress.limit);
    const stored = t.db.$client.prepare("select count(*) as n from comments").get() as {
      n: number;
    };
    expect(stored.n).toBe(perAddress.limit);
  });
});
