import { afterEach, describe, expect, test } from "vitest";
import type { DiscussionComment, DiscussionPage, RevisionPage } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decide, queue } from "../review/support";
import {
  addPublicArtifact,
  conversationNotices,
  discussion,
  establishForComments,
} from "./support";

/*
 * Issue 33: a member suggests a change to one field of someone else's artifact, with a reason and
 * a source; it shows in the discussion and waits in the review queue as a proposed revision; the
 * owner or a curator accepts it (a revision credited to its author) or declines it with a reason;
 * others agree with it, once each.
 */

let t: TestApp;
let owner: SignedInUser;
let expert: SignedInUser;
let fan: SignedInUser;
let curator: SignedInUser;

async function setUp(reviewMode: "post" | "pre" = "post") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  expert = await createUserWithSession(t, { name: "Eve Expert" });
  fan = await createUserWithSession(t, { name: "Fay Fan" });
  curator = await createUserWithSession(t, { name: "Cara Curator", role: "curator" });
  for (const member of [owner, expert, fan]) await establishForComments(t, member);
}
afterEach(async () => {
  await t.close();
});

async function newestRevision(artifactId: number) {
  const page = await trpc(t.app, "query", "revisions.list", { id: artifactId }, curator.cookie);
  return (page.data as RevisionPage).items[0]!;
}

async function suggest(artifactId: number, overrides: Record<string, unknown> = {}, who = expert) {
  const revision = (await newestRevision(artifactId)).number;
  return trpc(
    t.app,
    "mutation",
    "suggestions.create",
    {
      artifactId,
      field: "createdAt",
      value: "196 BC",
      reason: "The decree is dated to **196 BC**.",
      source: "https://www.britishmuseum.org/collection/object/Y_EA24",
      baseRevision: revision,
      ...overrides,
    },
    who.cookie,
  );
}

async function suggested(artifactId: number, overrides: Record<string, unknown> = {}) {
  const answer = await suggest(artifactId, overrides);
  if (answer.status !== 200) throw new Error(`suggestions.create: ${answer.response.body}`);
  return (answer.data as { comment: DiscussionComment }).comment;
}

function decideSuggestion(
  who: SignedInUser,
  id: number,
  decision: "accept" | "decline",
  revision: number,
  reason?: string,
) {
  return trpc(
    t.app,
    "mutation",
    "suggestions.decide",
    { id, decision, revision, ...(reason ? { reason } : {}) },
    who.cookie,
  );
}

const fieldOf = (id: number) =>
  (
    t.db.$client.prepare("select created_at as createdAt from artifacts where id = ?").get(id) as {
      createdAt: string;
    }
  ).createdAt;

describe("a suggestion", () => {
  test("shows in the discussion and in the queue as a proposed revision", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, {
      artifactName: "Rosetta Stone",
      createdAt: "200 BC",
    });
    const made = await suggested(stone.id);
    expect(made.suggestion).toMatchObject({
      field: "createdAt",
      fieldLabel: "Created At",
      before: "200 BC",
      value: "196 BC",
      status: "open",
      agreements: 0,
    });
    const page = await discussion(t, stone.id);
    expect(page.items[0]).toMatchObject({
      id: made.id,
      html: "<p>The decree is dated to <strong>196 BC</strong>.</p>\n",
      suggestion: { source: "https://www.britishmuseum.org/collection/object/Y_EA24" },
    });
    const entry = (await queue(t, curator)).find((item) => item.kind === "suggestion");
    expect(entry).toMatchObject({
      waiting: true,
      before: { createdAt: "200 BC" },
      proposed: { createdAt: "196 BC", artifactName: "Rosetta Stone" },
      comment: { id: made.id, source: "https://www.britishmuseum.org/collection/object/Y_EA24" },
    });
    expect(conversationNotices(t, owner.id).map((n) => [n.kind, n.commentId])).toEqual([
      ["suggestion_new", made.id],
    ]);
    // The field did not change: it waits.
    expect(fieldOf(stone.id)).toBe("200 BC");
  });

  test("is refused for one's own artifact, an unchanged value, a bad value or an outdated revision", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    expect((await suggest(stone.id, {}, owner)).status).toBe(400);
    const same = await suggest(stone.id, { value: "200 BC" });
    expect(same.status).toBe(400);
    expect(same.error?.message).toBe("The suggestion is what the field already says.");
    const badType = await suggest(stone.id, { field: "artifactType", value: "Spaceship" });
    expect(badType.status).toBe(400);
    expect(
      (await suggest(stone.id, { field: "artifactImage", value: "https://x.example/a.jpg" }))
        .status,
    ).toBe(400);
    const outdated = await suggest(stone.id, { baseRevision: 1 });
    expect(outdated.status).toBe(200);
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: stone.id, fields: { ...stone, createdAt: "c. 196 BC" } },
      owner.cookie,
    );
    const stale = await suggest(stone.id, { baseRevision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(
      "The Created At changed since this suggestion was made, so it cannot be accepted as it is.",
    );
  });
});

describe("accepting", () => {
  test("by a curator: a revision credited to its author, who is told", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    const made = await suggested(stone.id);
    const { revision } = await discussion(t, stone.id, curator);
    const accepted = await decideSuggestion(curator, made.id, "accept", revision);
    expect(accepted.status).toBe(200);
    expect(fieldOf(stone.id)).toBe("196 BC");
    const newest = await newestRevision(stone.id);
    expect(newest).toMatchObject({
      summary: "Suggested change accepted: created at",
      authorName: "Eve Expert",
    });
    expect(conversationNotices(t, expert.id).map((n) => n.kind)).toEqual(["suggestion_accepted"]);
    expect((await discussion(t, stone.id)).items[0]?.suggestion?.status).toBe("accepted");
    expect((await queue(t, curator)).filter((entry) => entry.kind === "suggestion")).toEqual([]);
    // Decided once.
    expect((await decideSuggestion(curator, made.id, "accept", newest.number)).status).toBe(409);
  });

  test("of the image description changes the first image's too, so that the two agree", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, { imageAlt: "A stone" });
    const made = await suggested(stone.id, {
      field: "imageAlt",
      value: "A dark granodiorite stele",
    });
    const { revision } = await discussion(t, stone.id, curator);
    expect((await decideSuggestion(curator, made.id, "accept", revision)).status).toBe(200);
    const kept = t.db.$client
      .prepare(
        `select a.image_alt as artifact, i.alt as image from artifacts a
         join artifact_images i on i.artifact_id = a.id and i.position = 0 where a.id = ?`,
      )
      .get(stone.id);
    expect(kept).toEqual({
      artifact: "A dark granodiorite stele",
      image: "A dark granodiorite stele",
    });
  });

  test("by the owner in REVIEW_MODE=post: applied at once, reviewed after, and undone by a rejection", async () => {
    await setUp("post");
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    const made = await suggested(stone.id);
    const { revision } = await discussion(t, stone.id, owner);
    // Nobody else decides it, the author least of all.
    expect((await decideSuggestion(fan, made.id, "accept", revision)).status).toBe(403);
    expect((await decideSuggestion(expert, made.id, "accept", revision)).status).toBe(403);
    const viaRest = await rest(t.app, "POST", `/suggestions/${made.id}`, {
      cookie: owner.cookie,
      body: { decision: "accept", revision },
    });
    expect(viaRest.statusCode).toBe(200);
    expect(fieldOf(stone.id)).toBe("196 BC");
    expect((await newestRevision(stone.id)).authorName).toBe("Eve Expert");

    const entry = (await queue(t, curator)).find((item) => item.kind === "suggestion");
    expect(entry).toMatchObject({ waiting: false, proposed: { createdAt: "196 BC" } });
    expect(
      (await decide(t, curator, { entryId: entry!.id, decision: "reject", reason: "Inaccurate" }))
        .status,
    ).toBe(200);
    expect(fieldOf(stone.id)).toBe("200 BC");
    expect((await discussion(t, stone.id)).items[0]?.suggestion).toMatchObject({
      status: "declined",
      declineReason: "Inaccurate",
    });
  });

  test("by the owner in REVIEW_MODE=pre: it waits until a curator approves it", async () => {
    await setUp("pre");
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    const made = await suggested(stone.id);
    const { revision } = await discussion(t, stone.id, owner);
    const accepted = await decideSuggestion(owner, made.id, "accept", revision);
    expect(accepted.status).toBe(200);
    expect(accepted.data).toMatchObject({
      message: "Accepted. A curator will approve the change before it is published.",
      suggestion: { suggestion: { status: "open", ownerAccepted: true } },
    });
    expect(fieldOf(stone.id)).toBe("200 BC");
    const entry = (await queue(t, curator)).find((item) => item.kind === "suggestion");
    expect(entry?.comment?.ownerAccepted).toBe(true);
    expect((await decide(t, curator, { entryId: entry!.id, decision: "approve" })).status).toBe(
      200,
    );
    expect(fieldOf(stone.id)).toBe("196 BC");
    expect((await newestRevision(stone.id)).authorName).toBe("Eve Expert");
    expect(conversationNotices(t, expert.id).map((n) => n.kind)).toEqual(["suggestion_accepted"]);
  });

  test("is refused once the field changed, or when the decider saw an older revision", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    const made = await suggested(stone.id);
    const seen = (await discussion(t, stone.id, owner)).revision;
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: stone.id, fields: { ...stone, createdAt: "c. 200 BC" } },
      owner.cookie,
    );
    const stale = await decideSuggestion(owner, made.id, "accept", seen);
    expect(stale.status).toBe(409);
    const now = (await discussion(t, stone.id, owner)).revision;
    const outdated = await decideSuggestion(owner, made.id, "accept", now);
    expect(outdated.status).toBe(409);
    expect(fieldOf(stone.id)).toBe("c. 200 BC");
  });
});

describe("declining", () => {
  test("needs a reason, which the author is told", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    const made = await suggested(stone.id);
    const { revision } = await discussion(t, stone.id, owner);
    const bare = await decideSuggestion(owner, made.id, "decline", revision);
    expect(bare.status).toBe(400);
    expect(bare.error?.message).toBe("Please say why the suggestion is declined.");
    expect(
      (await decideSuggestion(owner, made.id, "decline", revision, "The stele says 200 BC."))
        .status,
    ).toBe(200);
    expect(fieldOf(stone.id)).toBe("200 BC");
    expect(conversationNotices(t, expert.id)).toEqual([
      expect.objectContaining({ kind: "suggestion_declined", reason: "The stele says 200 BC." }),
    ]);
    expect((await queue(t, curator)).filter((entry) => entry.kind === "suggestion")).toEqual([]);
    const list = await trpc(t.app, "query", "notifications.list", {}, expert.cookie);
    expect((list.data as { items: { text: string }[] }).items[0]?.text).toMatch(
      /^Your suggested change to “.+” was declined: The stele says 200 BC\.$/,
    );
  });
});

describe("agreements", () => {
  test("one per member, counted, never the author's, only while open", async () => {
    await setUp();
    const stone = await addPublicArtifact(t, owner, { createdAt: "200 BC" });
    const made = await suggested(stone.id);
    const agree = (who: SignedInUser) =>
      trpc(t.app, "mutation", "suggestions.agree", { id: made.id }, who.cookie);
    expect((await agree(fan)).data).toEqual({ agreements: 1, agreed: true });
    expect((await agree(fan)).data).toEqual({ agreements: 1, agreed: true });
    const viaRest = await rest(t.app, "PUT", `/suggestions/${made.id}/agreement`, {
      cookie: owner.cookie,
    });
    expect(viaRest.json()).toEqual({ agreements: 2, agreed: true });
    expect((await agree(expert)).status).toBe(403);
    const asFan = await discussion(t, stone.id, fan);
    expect(asFan.items[0]?.suggestion).toMatchObject({ agreements: 2, agreed: true });
    expect((await discussion(t, stone.id)).items[0]?.suggestion?.agreed).toBe(false);

    const taken = await rest(t.app, "DELETE", `/suggestions/${made.id}/agreement`, {
      cookie: fan.cookie,
    });
    expect(taken.json()).toEqual({ agreements: 1, agreed: false });
    const twice = await trpc(
      t.app,
      "mutation",
      "suggestions.withdrawAgreement",
      { id: made.id },
      fan.cookie,
    );
    expect(twice.status).toBe(404);

    const { revision }: DiscussionPage = await discussion(t, stone.id, owner);
    await decideSuggestion(owner, made.id, "decline", revision, "No.");
    expect((await agree(fan)).status).toBe(409);
  });
});
