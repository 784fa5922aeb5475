import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES, type MyArtifactsPage, type ReviewedArtifact } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { auditActions, decide, decided, entryFor, notificationsOf, queue, report } from "./support";

/* The review queue and its decisions (issue 17; decisions 051 and 052). */

let t: TestApp;
let member: SignedInUser;
let curator: SignedInUser;
let secondCurator: SignedInUser;

async function start(reviewMode: "post" | "pre") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  member = await createUserWithSession(t, { name: "Mia Member" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
  secondCurator = await createUserWithSession(t, { role: "curator", name: "Carl Curator" });
}

afterEach(async () => {
  await t.close();
});

function statusOf(id: number) {
  return t.db.$client
    .prepare(
      "select status, status_reason as reason, status_note as note from artifacts where id = ?",
    )
    .get(id);
}

async function update(user: SignedInUser, id: number, name: string) {
  const result = await trpc(
    t.app,
    "mutation",
    "artifacts.update",
    { id, fields: artifactFields({ artifactName: name }) },
    user.cookie,
  );
  expect(result.status, result.response.body).toBe(200);
  return result.data as ReviewedArtifact;
}

describe("REVIEW_MODE=post (the default)", () => {
  it("publishes a member's new artifact at once and queues it; curators' own work is not queued", async () => {
    await start("post");
    const artifact = await addArtifact(t, member, { artifactName: "Bronze Lamp" });
    expect(artifact.status).toBe("published");
    expect(await doorsShowing(t, artifact)).toContain("popular");
    await addArtifact(t, curator);
    const entries = await queue(t, curator);
    expect(entries.map((entry) => [entry.kind, entry.artifact.id])).toEqual([["new", artifact.id]]);
    expect(entries[0]).toMatchObject({ submittedByName: "Mia Member", ownArtifact: false });
  });

  it("saves a member's edit at once and queues it with what changed", async () => {
    await start("post");
    const artifact = await addArtifact(t, member, { artifactName: "Bronze Lamp" });
    const saved = await update(member, artifact.id, "Oil Lamp");
    expect(saved).toMatchObject({ artifactName: "Oil Lamp", status: "published" });
    const entry = await entryFor(t, curator, artifact.id, "edit");
    expect(entry.before?.artifactName).toBe("Bronze Lamp");
    expect(entry.proposed?.artifactName).toBe("Oil Lamp");
    expect(entry.waiting).toBe(false);
  });

  it("rejects with a reason from the list: the artifact leaves every public door, its owner is told", async () => {
    await start("post");
    const artifact = await addArtifact(t, member, { artifactName: "Bronze Lamp" });
    const entry = await entryFor(t, curator, artifact.id, "new");

    const withoutReason = await decide(t, curator, { entryId: entry.id, decision: "reject" });
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.error?.message).toBe(MESSAGES.reasonRequired);
    const unlisted = await decide(t, curator, {
      entryId: entry.id,
      decision: "reject",
      reason: "because",
    });
    expect(unlisted.status).toBe(400);
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });

    await decided(t, curator, {
      entryId: entry.id,
      decision: "reject",
      reason: "not historical",
      note: "A modern copy.",
    });
    expect(statusOf(artifact.id)).toEqual({
      status: "rejected",
      reason: "Not historical",
      note: "A modern copy.",
    });
    expect(await doorsShowing(t, artifact)).toEqual([]);
    expect(notificationsOf(t, member.id)).toEqual([
      { kind: "artifact_rejected", artifactId: artifact.id, reason: "Not historical" },
    ]);
    expect(auditActions(t, artifact.id)).toEqual([
      { action: "artifact.reject", actorId: curator.id, requestId: expect.any(String) },
    ]);
    expect(await queue(t, curator)).toEqual([]);

    // Its owner sees why, edits it and so resubmits it: pending, back in the queue.
    const mine = await trpc(t.app, "query", "artifacts.mine", {}, member.cookie);
    expect((mine.data as MyArtifactsPage).items[0]).toMatchObject({
      status: "rejected",
      statusReason: "Not historical",
      statusNote: "A modern copy.",
    });
    const resubmitted = await update(member, artifact.id, "Roman Oil Lamp");
    expect(resubmitted).toMatchObject({ status: "pending", statusReason: null });
    expect(await doorsShowing(t, artifact)).toEqual([]);
    const again = await entryFor(t, curator, artifact.id, "edit");
    await decided(t, curator, { entryId: again.id, decision: "approve" });
    expect(statusOf(artifact.id)).toMatchObject({ status: "published", reason: null });
    expect(await doorsShowing(t, { ...artifact, artifactName: "Roman Oil Lamp" })).toContain(
      "byId 200",
    );
  });

  it("hides and unhides with a reason", async () => {
    await start("post");
    const artifact = await addArtifact(t, member);
    const entry = await entryFor(t, curator, artifact.id, "new");
    const unhideVisible = await decide(t, curator, {
      entryId: entry.id,
      decision: "unhide",
      reason: "Other",
    });
    expect(unhideVisible.status).toBe(409);
    await decided(t, curator, { entryId: entry.id, decision: "hide", reason: "Offensive" });
    expect(statusOf(artifact.id)).toMatchObject({ status: "hidden", reason: "Offensive" });
    expect(await doorsShowing(t, artifact)).toEqual([]);
    // A later entry (the owner's edit resubmits it) can unhide it.
    await update(member, artifact.id, "Renamed");
    const edit = await entryFor(t, curator, artifact.id, "edit");
    await decided(t, curator, { entryId: edit.id, decision: "approve" });
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
    expect(notificationsOf(t, member.id).map((n) => n.kind)).toEqual([
      "artifact_hidden",
      "edit_approved",
    ]);
  });
});

describe("REVIEW_MODE=pre", () => {
  it("keeps a member's new artifact pending until approved", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member, { artifactName: "Bronze Lamp" });
    expect(artifact.status).toBe("pending");
    expect(await doorsShowing(t, artifact)).toEqual([]);
    const ownerView = await trpc(
      t.app,
      "query",
      "artifacts.byId",
      { id: artifact.id },
      member.cookie,
    );
    expect(ownerView.data).toMatchObject({ status: "pending" });

    const entry = await entryFor(t, curator, artifact.id, "new");
    await decided(t, curator, { entryId: entry.id, decision: "approve" });
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
    expect(await doorsShowing(t, artifact)).toContain("popular");
    expect(notificationsOf(t, member.id)).toEqual([
      { kind: "artifact_approved", artifactId: artifact.id, reason: null },
    ]);
  });

  it("publishes curators' own work at once", async () => {
    await start("pre");
    const artifact = await addArtifact(t, curator);
    expect(artifact.status).toBe("published");
    expect(await queue(t, secondCurator)).toEqual([]);
  });

  it("keeps the published text while a member's edit waits; approval applies it, rejection drops it", async () => {
    await start("pre");
    const artifact = await addArtifact(t, curator, { artifactName: "Bronze Lamp" });
    const theirs = await addArtifact(t, member, { artifactName: "Clay Jar" });
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, theirs.id, "new")).id,
      decision: "approve",
    });

    const answer = await update(member, theirs.id, "Painted Clay Jar");
    expect(answer.artifactName).toBe("Clay Jar");
    const read = await trpc(t.app, "query", "artifacts.byId", { id: theirs.id });
    expect(read.data).toMatchObject({ artifactName: "Clay Jar", status: "published" });
    // A second save replaces the waiting proposal rather than queueing another.
    await update(member, theirs.id, "Painted Clay Jar, Attic");
    const edits = (await queue(t, curator)).filter((entry) => entry.kind === "edit");
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      waiting: true,
      proposed: { artifactName: "Painted Clay Jar, Attic" },
    });

    await decided(t, curator, { entryId: edits[0]!.id, decision: "approve" });
    const approved = await trpc(t.app, "query", "artifacts.byId", { id: theirs.id });
    expect(approved.data).toMatchObject({
      artifactName: "Painted Clay Jar, Attic",
      status: "published",
    });

    await update(member, theirs.id, "Vandalised");
    const vandal = await entryFor(t, curator, theirs.id, "edit");
    await decided(t, curator, { entryId: vandal.id, decision: "reject", reason: "Inaccurate" });
    const kept = await trpc(t.app, "query", "artifacts.byId", { id: theirs.id });
    expect(kept.data).toMatchObject({
      artifactName: "Painted Clay Jar, Attic",
      status: "published",
    });
    expect(notificationsOf(t, member.id).map((n) => n.kind)).toEqual([
      "artifact_approved",
      "edit_approved",
      "edit_rejected",
    ]);
    expect(artifact.status).toBe("published");
  });
});

describe("history of decisions (issue 17: every decision stores a revision)", () => {
  function summaries(id: number) {
    const rows = t.db.$client
      .prepare(
        "select summary, actor_id as actorId from artifact_revisions where artifact_id = ? order by number",
      )
      .all(id) as { summary: string; actorId: number | null }[];
    return rows.map((row) => `${row.summary} by ${row.actorId}`);
  }

  it("records approve, hide and the trash's restore; a waiting edit only once approved", async () => {
    await start("pre");
    const reporter = await createUserWithSession(t, { name: "Rex Reporter" });
    const artifact = await addArtifact(t, member, { artifactName: "Clay Jar" });
    const entry = await entryFor(t, curator, artifact.id, "new");
    await decided(t, curator, { entryId: entry.id, decision: "approve" });

    await update(member, artifact.id, "Painted Clay Jar");
    expect(summaries(artifact.id)).toEqual([
      `Created by ${member.id}`,
      `Approved by ${curator.id}`,
    ]);
    const edit = await entryFor(t, curator, artifact.id, "edit");
    await decided(t, curator, { entryId: edit.id, decision: "approve" });

    const reported = await report(t, reporter, { id: artifact.id, reason: "offensive" });
    expect(reported.status, reported.response.body).toBe(200);
    const complaint = await entryFor(t, curator, artifact.id, "report");
    await decided(t, curator, { entryId: complaint.id, decision: "hide", reason: "Offensive" });

    const deleted = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: artifact.id },
      member.cookie,
    );
    expect(deleted.status).toBe(200);
    const restored = await trpc(
      t.app,
      "mutation",
      "trash.restore",
      { id: artifact.id },
      curator.cookie,
    );
    expect(restored.status, restored.response.body).toBe(200);
    expect(summaries(artifact.id)).toEqual([
      `Created by ${member.id}`,
      `Approved by ${curator.id}`,
      // The approved edit, by its author (the test's fields also differ in their image).
      expect.stringMatching(new RegExp(`^Edited: name\\b.* by ${member.id}$`)),
      `Hidden: Offensive by ${curator.id}`,
      `Restored from the trash by ${curator.id}`,
    ]);
  });
});

describe("who decides", () => {
  it("decides an entry once: the second curator learns who decided it", async () => {
    await start("post");
    const artifact = await addArtifact(t, member);
    const entry = await entryFor(t, curator, artifact.id, "new");
    await decided(t, curator, { entryId: entry.id, decision: "approve" });
    const second = await decide(t, secondCurator, {
      entryId: entry.id,
      decision: "reject",
      reason: "Spam",
    });
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe(MESSAGES.alreadyDecided("Cora Curator"));
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
    expect(auditActions(t, artifact.id).map((a) => a.action)).toEqual(["artifact.approve"]);
  });

  it("refuses members (403) and strangers (401), in every procedure", async () => {
    await start("post");
    const artifact = await addArtifact(t, member);
    const entry = await entryFor(t, curator, artifact.id, "new");
    for (const cookie of [member.cookie, undefined]) {
      const expected = cookie ? 403 : 401;
      expect((await trpc(t.app, "query", "review.queue", {}, cookie)).status).toBe(expected);
      expect((await trpc(t.app, "query", "review.waiting", undefined, cookie)).status).toBe(
        expected,
      );
      const decision = await trpc(
        t.app,
        "mutation",
        "review.decide",
        { entryId: entry.id, decision: "approve" },
        cookie,
      );
      expect(decision.status).toBe(expected);
      expect((await trpc(t.app, "query", "trash.list", {}, cookie)).status).toBe(expected);
    }
    expect(statusOf(artifact.id)).toMatchObject({ status: "published" });
    expect(await queue(t, curator)).toHaveLength(1);
  });

  it("answers a decision that does not fit the entry with 400, and an unknown entry with 404", async () => {
    await start("post");
    const artifact = await addArtifact(t, member);
    const entry = await entryFor(t, curator, artifact.id, "new");
    expect((await decide(t, curator, { entryId: entry.id, decision: "uphold" })).status).toBe(400);
    expect((await decide(t, curator, { entryId: 999_999, decision: "approve" })).status).toBe(404);
    expect((await decide(t, curator, { entryId: entry.id, decision: "publish" })).status).toBe(400);
  });

  it("counts the waiting entries for the navigation", async () => {
    await start("post");
    await addArtifact(t, member);
    await addArtifact(t, member);
    const waiting = await trpc(t.app, "query", "review.waiting", undefined, curator.cookie);
    expect(waiting.data).toBe(2);
  });
});

describe("the list of reasons", () => {
  it("admins add and remove reasons; curators read them", async () => {
    await start("post");
    const admin = await createUserWithSession(t, { role: "admin" });
    const seeded = await trpc(t.app, "query", "review.reasons", undefined, curator.cookie);
    expect((seeded.data as { label: string }[]).map((reason) => reason.label)).toEqual([
      "Inaccurate",
      "Duplicate",
      "Not historical",
      "Copyright",
      "Offensive",
      "Spam",
      "Other",
    ]);
    const byCurator = await trpc(
      t.app,
      "mutation",
      "review.addReason",
      { label: "Forgery" },
      curator.cookie,
    );
    expect(byCurator.status).toBe(403);
    const added = await trpc(
      t.app,
      "mutation",
      "review.addReason",
      { label: "Forgery" },
      admin.cookie,
    );
    expect(added.status).toBe(200);
    const twice = await trpc(
      t.app,
      "mutation",
      "review.addReason",
      { label: "FORGERY" },
      admin.cookie,
    );
    expect(twice.status).toBe(409);
    const { id } = added.data as { id: number };
    const removed = await trpc(t.app, "mutation", "review.removeReason", { id }, admin.cookie);
    expect(removed.status).toBe(200);
    const after = await trpc(t.app, "query", "review.reasons", undefined, curator.cookie);
    expect(after.data).toHaveLength(7);
  });
});
