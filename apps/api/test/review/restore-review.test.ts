import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES, type ReviewedArtifact } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decided, entryFor, queue } from "./support";

/*
 * "Restore this version" by a member is a member's edit, reviewed as one (decision 079): queued in
 * post mode, waiting in pre mode while the published text stays, a resubmission when the artifact
 * is rejected or hidden. A curator's restore is never queued.
 */

let t: TestApp;
let member: SignedInUser;
let curator: SignedInUser;

async function start(reviewMode: "post" | "pre") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  member = await createUserWithSession(t, { name: "Mia Member" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
}

afterEach(async () => {
  await t.close();
});

async function edit(id: number, artifactName: string) {
  const result = await trpc(
    t.app,
    "mutation",
    "artifacts.update",
    { id, fields: artifactFields({ artifactName }) },
    member.cookie,
  );
  expect(result.status, result.response.body).toBe(200);
}

async function restore(user: SignedInUser, id: number, number: number) {
  const result = await trpc(t.app, "mutation", "revisions.restore", { id, number }, user.cookie);
  expect(result.status, result.response.body).toBe(200);
  return result.data as { artifact: ReviewedArtifact; revision: number; waiting: boolean };
}

function row(id: number) {
  return t.db.$client
    .prepare("select artifact_name as name, status from artifacts where id = ?")
    .get(id) as { name: string; status: string };
}

function revisionCount(id: number): number {
  return t.db.$client
    .prepare("select count(*) from artifact_revisions where artifact_id = ?")
    .pluck()
    .get(id) as number;
}

/** Every entry of the artifact, decided or not, by kind. */
function entryKinds(id: number): string[] {
  return t.db.$client
    .prepare("select kind from review_queue where artifact_id = ? order by id")
    .pluck()
    .all(id) as string[];
}

describe("a member's restore in REVIEW_MODE=post", () => {
  it("is published at once and enters the queue as an edit, with what it changes", async () => {
    await start("post");
    const artifact = await addArtifact(t, member, { artifactName: "Bronze Lamp" });
    await edit(artifact.id, "Bronze Lamp, restored");

    const answer = await restore(member, artifact.id, 1);
    expect(answer).toMatchObject({ waiting: false, revision: 3 });
    expect(row(artifact.id)).toEqual({ name: "Bronze Lamp", status: "published" });
    const entries = (await queue(t, curator)).filter((entry) => entry.kind === "edit");
    expect(entries.at(-1)).toMatchObject({
      artifact: { id: artifact.id },
      waiting: false,
      before: { artifactName: "Bronze Lamp, restored" },
      proposed: { artifactName: "Bronze Lamp" },
    });
  });

  it("of a rejected artifact resubmits it: pending, out of public view, queued", async () => {
    await start("post");
    const artifact = await addArtifact(t, member, { artifactName: "Clay Jar" });
    await edit(artifact.id, "Clay Jar (fake)");
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "new")).id,
      decision: "reject",
      reason: "Inaccurate",
    });
    expect(row(artifact.id).status).toBe("rejected");

    await restore(member, artifact.id, 1);
    expect(row(artifact.id)).toEqual({ name: "Clay Jar", status: "pending" });
    expect(await doorsShowing(t, { ...artifact, artifactName: "Clay Jar" })).toEqual([]);
    const edits = (await queue(t, curator)).filter(
      (entry) => entry.artifact.id === artifact.id && entry.kind === "edit",
    );
    expect(edits.at(-1)).toMatchObject({ proposed: { artifactName: "Clay Jar" } });
  });

  it("of the version the artifact shows changes nothing and queues nothing", async () => {
    await start("post");
    const artifact = await addArtifact(t, member, { artifactName: "Stone Axe" });
    const before = entryKinds(artifact.id);
    await restore(member, artifact.id, 1);
    expect(entryKinds(artifact.id)).toEqual(before);
  });
});

describe("a member's restore in REVIEW_MODE=pre", () => {
  it("of a published artifact waits for a curator while the published text stays", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member, { artifactName: "Iron Key" });
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "new")).id,
      decision: "approve",
    });
    await edit(artifact.id, "Iron Key, gilded");
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "edit")).id,
      decision: "approve",
    });
    expect(row(artifact.id).name).toBe("Iron Key, gilded");
    const revisions = revisionCount(artifact.id);

    const answer = await restore(member, artifact.id, 1);
    expect(answer).toMatchObject({ waiting: true, artifact: { artifactName: "Iron Key, gilded" } });
    expect(row(artifact.id)).toEqual({ name: "Iron Key, gilded", status: "published" });
    expect(revisionCount(artifact.id)).toBe(revisions);
    expect(await doorsShowing(t, { ...artifact, artifactName: "Iron Key, gilded" })).toContain(
      "popular",
    );

    const waiting = await entryFor(t, curator, artifact.id, "edit");
    expect(waiting).toMatchObject({ waiting: true, proposed: { artifactName: "Iron Key" } });
    await decided(t, curator, { entryId: waiting.id, decision: "approve" });
    expect(row(artifact.id)).toEqual({ name: "Iron Key", status: "published" });
  });

  it("answers REST with `waiting` and says that a curator will approve it", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member, { artifactName: "Glass Bead" });
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "new")).id,
      decision: "approve",
    });
    await edit(artifact.id, "Glass Bead, blue");
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "edit")).id,
      decision: "approve",
    });
    const response = await rest(t.app, "POST", `/artifacts/${artifact.id}/revisions/1/restore`, {
      cookie: member.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      waiting: true,
      message: MESSAGES.versionRestoreWaiting(1),
      artifact: { artifactName: "Glass Bead, blue" },
    });
  });
});

describe("a curator's restore", () => {
  it("is applied at once and never queued, in either mode, keeping the status", async () => {
    for (const mode of ["post", "pre"] as const) {
      await start(mode);
      const artifact = await addArtifact(t, curator, { artifactName: "Silver Cup" });
      t.db.$client
        .prepare("update artifacts set owner_id = ? where id = ?")
        .run(member.id, artifact.id);
      const revision = await trpc(
        t.app,
        "mutation",
        "artifacts.update",
        { id: artifact.id, fields: artifactFields({ artifactName: "Silver Cup, dented" }) },
        member.cookie,
      );
      expect(revision.status).toBe(200);
      const before = entryKinds(artifact.id);
      const answer = await restore(curator, artifact.id, 1);
      expect(answer.waiting).toBe(false);
      expect(row(artifact.id)).toEqual({ name: "Silver Cup", status: "published" });
      expect(entryKinds(artifact.id)).toEqual(before);
      await t.close();
    }
    t = await createTestApp();
  });
});
