import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MyArtifactsPage, ReviewedArtifact } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decided, entryFor, queue } from "./support";

/*
 * Restoring from the trash under REVIEW_MODE=pre (decision 077): the artifact comes back as it
 * was when deleted, status and open queue entries included; a restore is no review decision.
 */

let t: TestApp;
let member: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  t = await createTestApp({ REVIEW_MODE: "pre" });
  member = await createUserWithSession(t, { name: "Mia Member" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
});

afterEach(async () => {
  await t.close();
});

async function trashAndRestore(id: number) {
  const deleted = await trpc(t.app, "mutation", "artifacts.delete", { id }, member.cookie);
  expect(deleted.status, deleted.response.body).toBe(200);
  expect((await queue(t, curator)).filter((entry) => entry.artifact.id === id)).toEqual([]);
  const restored = await trpc(t.app, "mutation", "trash.restore", { id }, curator.cookie);
  expect(restored.status, restored.response.body).toBe(200);
}

async function waiting(): Promise<number> {
  return (await trpc(t.app, "query", "review.waiting", undefined, curator.cookie)).data as number;
}

async function mine(): Promise<ReviewedArtifact[]> {
  const page = await trpc(t.app, "query", "artifacts.mine", { page: 1 }, member.cookie);
  return (page.data as MyArtifactsPage).items;
}

describe("restoring from the trash in REVIEW_MODE=pre", () => {
  it("brings a pending artifact back pending, out of public view, with its entry in the queue", async () => {
    const artifact = await addArtifact(t, member, { artifactName: "Unreviewed Lamp" });
    expect(artifact.status).toBe("pending");
    const entry = await entryFor(t, curator, artifact.id, "new");
    expect(await waiting()).toBe(1);

    await trashAndRestore(artifact.id);
    expect(await waiting()).toBe(1);
    expect(await entryFor(t, curator, artifact.id, "new")).toMatchObject({
      id: entry.id,
      createdAt: entry.createdAt,
      artifact: { status: "pending" },
    });
    expect(await doorsShowing(t, artifact)).toEqual([]);
    expect((await mine()).find((item) => item.id === artifact.id)).toMatchObject({
      status: "pending",
    });

    // It is published only by a curator's approval, as before it was deleted.
    await decided(t, curator, { entryId: entry.id, decision: "approve" });
    expect(await doorsShowing(t, artifact)).toContain("popular");
  });

  it("brings a published artifact back published, with the published text and its waiting edit", async () => {
    const artifact = await addArtifact(t, member, { artifactName: "Clay Jar" });
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "new")).id,
      decision: "approve",
    });
    const edit = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactName: "Painted Clay Jar" }) },
      member.cookie,
    );
    expect(edit.status, edit.response.body).toBe(200);

    await trashAndRestore(artifact.id);
    const read = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect(read.data).toMatchObject({ artifactName: "Clay Jar" });
    expect(await doorsShowing(t, artifact)).toContain("popular");
    const waitingEdit = await entryFor(t, curator, artifact.id, "edit");
    expect(waitingEdit).toMatchObject({
      waiting: true,
      proposed: { artifactName: "Painted Clay Jar" },
    });
    await decided(t, curator, { entryId: waitingEdit.id, decision: "approve" });
    const approved = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect(approved.data).toMatchObject({ artifactName: "Painted Clay Jar" });
  });

  it("brings a rejected artifact back rejected, with its reason, for its owner to resubmit", async () => {
    const artifact = await addArtifact(t, member, { artifactName: "Replica Coin" });
    await decided(t, curator, {
      entryId: (await entryFor(t, curator, artifact.id, "new")).id,
      decision: "reject",
      reason: "Not historical",
    });
    await trashAndRestore(artifact.id);
    expect(await doorsShowing(t, artifact)).toEqual([]);
    expect(await waiting()).toBe(0);
    expect((await mine()).find((item) => item.id === artifact.id)).toMatchObject({
      status: "rejected",
      statusReason: "Not historical",
    });
  });
});
