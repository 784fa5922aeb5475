import { afterEach, beforeEach, expect, test } from "vitest";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { post } from "../support/auth";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { addPublicArtifact, discussion, establishForComments, posted } from "./support";

/*
 * Issue 33: a member's comments and suggestions are in Download my data, and leave with a deleted
 * account (decision 113): a comment others replied to stays as an empty placeholder that names no
 * one; agreements and follows go, and so do others' follows of them.
 */

let t: TestApp;
let leaver: SignedInUser;
let owner: SignedInUser;
let other: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  leaver = await createUserWithSession(t, { name: "Lea Leaving", email: "lea@example.org" });
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  other = await createUserWithSession(t, { name: "Otto Other" });
  await establishForComments(t, leaver);
});
afterEach(async () => {
  await t.close();
});

async function conversationOf(member: SignedInUser) {
  const stone = await addPublicArtifact(t, owner, {
    artifactName: "Rosetta Stone",
    createdAt: "200 BC",
  });
  const answered = await posted(t, member, stone.id, "Was it **Bouchard**?");
  await posted(t, other, stone.id, "Yes, it was.", answered.id);
  const edited = await posted(t, member, stone.id, "First words.");
  await trpc(
    t.app,
    "mutation",
    "comments.edit",
    { id: edited.id, body: "Second words." },
    member.cookie,
  );
  const made = await trpc(
    t.app,
    "mutation",
    "suggestions.create",
    {
      artifactId: stone.id,
      field: "createdAt",
      value: "196 BC",
      reason: "The decree.",
      source: "A book",
      baseRevision: 1,
    },
    member.cookie,
  );
  const suggestion = (made.data as { comment: { id: number } }).comment.id;
  const theirs = await trpc(
    t.app,
    "mutation",
    "suggestions.create",
    {
      artifactId: stone.id,
      field: "discoveredBy",
      value: "Pierre-François Bouchard",
      reason: "Named.",
      source: "A book",
      baseRevision: 1,
    },
    other.cookie,
  );
  const otherSuggestion = (theirs.data as { comment: { id: number } }).comment.id;
  await trpc(t.app, "mutation", "suggestions.agree", { id: otherSuggestion }, member.cookie);
  await trpc(
    t.app,
    "mutation",
    "follows.follow",
    { target: { kind: "artifact", id: stone.id }, channels: { bell: true, email: false } },
    member.cookie,
  );
  await addPublicArtifact(t, member, { artifactName: "Lea's Lamp" });
  await trpc(
    t.app,
    "mutation",
    "follows.follow",
    { target: { kind: "member", id: member.id }, channels: { bell: true, email: false } },
    other.cookie,
  );
  return { stone, answered, edited, suggestion, otherSuggestion };
}

test("Download my data holds one's comments, their earlier texts, suggestions, agreements and follows", async () => {
  const { stone, answered, edited, suggestion, otherSuggestion } = await conversationOf(leaver);
  const response = await rest(t.app, "GET", "/account/data", { cookie: leaver.cookie });
  expect(response.statusCode).toBe(200);
  const file = response.json() as Record<string, Record<string, unknown>[]>;
  expect(file.comments?.map((row) => row.id)).toEqual([answered.id, edited.id, suggestion]);
  expect(file.comments?.[1]).toMatchObject({
    artifactId: stone.id,
    artifactName: "Rosetta Stone",
    body: "Second words.",
    earlierTexts: [expect.objectContaining({ body: "First words." })],
  });
  expect(file.suggestions).toEqual([
    expect.objectContaining({
      commentId: suggestion,
      field: "createdAt",
      before: "200 BC",
      value: "196 BC",
      status: "open",
    }),
  ]);
  expect(file.agreements).toEqual([expect.objectContaining({ suggestionId: otherSuggestion })]);
  expect(file.follows).toEqual([expect.objectContaining({ kind: "artifact", targetId: stone.id })]);
  // Nothing of anyone else: not the reply to their comment, not who follows them.
  expect(JSON.stringify(file)).not.toContain("Yes, it was.");
  expect(JSON.stringify(file)).not.toContain("Otto Other");
});

test("leaving takes one's comments, suggestions, agreements and follows, and names no one", async () => {
  const { stone, answered, otherSuggestion } = await conversationOf(leaver);
  const deleted = await post(
    t.app,
    "account.delete",
    { artifacts: "delete", confirmEmail: leaver.email },
    { cookie: leaver.cookie },
  );
  expect(deleted.statusCode).toBe(200);

  const page = await discussion(t, stone.id);
  // Their answered comment is an empty placeholder under which the reply stays; the rest went.
  expect(page.items.map((item) => [item.id, item.status, item.authorName])).toEqual([
    [answered.id, "deleted", null],
    [otherSuggestion, "published", "Otto Other"],
  ]);
  expect(page.items[0]?.replies.map((reply) => reply.body)).toEqual(["Yes, it was."]);
  expect(page.items[1]?.suggestion?.agreements).toBe(0);
  const sqlite = t.db.$client;
  expect(sqlite.prepare("select count(*) as n from follows").get()).toEqual({ n: 0 });
  expect(sqlite.prepare("select count(*) as n from comment_revisions").get()).toEqual({ n: 0 });
  expect(
    sqlite.prepare("select count(*) as n from review_queue where kind = 'suggestion'").get(),
  ).toEqual({ n: 1 });
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  const everything = tables
    .map((table) => JSON.stringify(sqlite.prepare(`select * from "${table}"`).all()))
    .join("\n");
  expect(everything).not.toContain("Lea Leaving");
  expect(everything).not.toContain("lea@example.org");
  expect(everything).not.toContain("Was it **Bouchard**?");
  expect(everything).not.toContain("First words.");
});
