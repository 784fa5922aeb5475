import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES, type ReviewedArtifact } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decide, decided, notificationsOf, queue } from "./support";

/*
 * Issue 29, "Curation that does what it says". Before: a member made three edits and a restore, a
 * curator rejected the first edit, and the artifact answered 404 on /a/{id} for good; curators
 * could not fix what others wrote. Now rejecting an edit undoes that edit (or is refused, saying
 * why, when later edits built on it), and curators and admins edit any artifact as themselves.
 */

let t: TestApp;
let member: SignedInUser;
let curator: SignedInUser;

async function start(reviewMode: "post" | "pre" = "post") {
  t = await createTestApp({ REVIEW_MODE: reviewMode });
  member = await createUserWithSession(t, { name: "Mia Member" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
}

afterEach(async () => {
  await t.close();
});

async function save(user: SignedInUser, artifact: ReviewedArtifact, changes: object) {
  const current = t.db.$client
    .prepare(
      `select artifact_name as artifactName, artifact_image as artifactImage, artifact_type as artifactType,
        historical_context as historicalContext, created_at as createdAt, discovered_at as discoveredAt,
        discovered_by as discoveredBy, present_location as presentLocation, image_alt as imageAlt
       from artifacts where id = ?`,
    )
    .get(artifact.id) as object;
  return trpc(
    t.app,
    "mutation",
    "artifacts.update",
    { id: artifact.id, fields: { ...current, ...changes } },
    user.cookie,
  );
}

function row(id: number) {
  return t.db.$client
    .prepare(
      "select status, artifact_name as name, historical_context as context, present_location as location from artifacts where id = ?",
    )
    .get(id);
}

function history(id: number) {
  return t.db.$client
    .prepare(
      "select number, summary, actor_id as actorId from artifact_revisions where artifact_id = ? order by number",
    )
    .all(id) as { number: number; summary: string; actorId: number | null }[];
}

async function editEntries(artifactId: number) {
  return (await queue(t, curator)).filter(
    (entry) => entry.artifact.id === artifactId && entry.kind === "edit",
  );
}

/** What the public page /a/{id} reads: 404 for anything not public. */
async function publicPage(id: number): Promise<number> {
  return (await trpc(t.app, "query", "artifacts.publicById", { id })).status;
}

describe("rejecting an edit", () => {
  it("undoes that edit as a new revision, after three edits and a restore, and never unpublishes", async () => {
    await start();
    const artifact = await addArtifact(t, member, {
      artifactName: "Iron Sword",
      historicalContext: "Found in a river bed.",
      presentLocation: "Town museum",
    });
    for (const changes of [
      { artifactName: "Iron Sword of Ulfberht" },
      { historicalContext: "Found in a river bed, with its scabbard." },
      { presentLocation: "National museum" },
    ]) {
      expect((await save(member, artifact, changes)).status).toBe(200);
    }
    // Version 2 is the first edit: its name, the first context and location.
    const restored = await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 2 },
      member.cookie,
    );
    expect(restored.status, restored.response.body).toBe(200);
    expect(row(artifact.id)).toEqual({
      status: "published",
      name: "Iron Sword of Ulfberht",
      context: "Found in a river bed.",
      location: "Town museum",
    });

    const [first, ...later] = await editEntries(artifact.id);
    expect(later).toHaveLength(3);
    await decided(t, curator, { entryId: first!.id, decision: "reject", reason: "Inaccurate" });

    // Before: status rejected, /a/{id} 404 for good. Now the name goes back, and nothing else.
    expect(row(artifact.id)).toEqual({
      status: "published",
      name: "Iron Sword",
      context: "Found in a river bed.",
      location: "Town museum",
    });
    expect(await publicPage(artifact.id)).toBe(200);
    expect(history(artifact.id).at(-1)).toEqual({
      number: 6,
      summary: "Reverted a rejected edit: name",
      actorId: curator.id,
    });
    for (const entry of later) {
      await decided(t, curator, { entryId: entry.id, decision: "approve" });
    }
    expect(row(artifact.id)).toMatchObject({ status: "published", name: "Iron Sword" });
    expect(notificationsOf(t, member.id).map((notice) => [notice.kind, notice.reason])).toEqual([
      ["edit_rejected", "Inaccurate"],
      ["edit_approved", null],
      ["edit_approved", null],
      ["edit_approved", null],
    ]);
  });

  it("undoes an edit of the images as one field: the whole set goes back, or a later change refuses it", async () => {
    await start();
    const image = (name: string, caption = "") => ({
      url: `https://images.example.org/${name}.jpg`,
      alt: name,
      caption,
      credit: "",
    });
    const artifact = await addArtifact(t, member, {
      artifactName: "Bronze Mirror",
      artifactImage: image("front").url,
      imageAlt: "front",
      images: [image("front"), image("back")],
    });
    const imagesNow = () =>
      t.db.$client
        .prepare("select url, caption from artifact_images where artifact_id = ? order by position")
        .all(artifact.id);
    const swapped = [image("back", "The back"), image("front"), image("rim")];
    expect(
      (
        await save(member, artifact, {
          artifactImage: image("back").url,
          imageAlt: "back",
          images: swapped,
        })
      ).status,
    ).toBe(200);
    expect(
      (await save(member, artifact, { artifactName: "Bronze Hand Mirror", images: swapped }))
        .status,
    ).toBe(200);
    const [imagesEdit, nameEdit] = await editEntries(artifact.id);

    await decided(t, curator, {
      entryId: imagesEdit!.id,
      decision: "reject",
      reason: "Inaccurate",
    });
    expect(imagesNow()).toEqual([
      { url: image("front").url, caption: "" },
      { url: image("back").url, caption: "" },
    ]);
    expect(row(artifact.id)).toMatchObject({ status: "published", name: "Bronze Hand Mirror" });
    expect(history(artifact.id).at(-1)).toEqual({
      number: 4,
      summary: "Reverted a rejected edit: image, image description, images",
      actorId: curator.id,
    });
    await decided(t, curator, { entryId: nameEdit!.id, decision: "approve" });

    // A later edit of the images: undoing the first alone would undo it too.
    const captioned = [image("front", "Cleaned"), image("back")];
    expect((await save(member, artifact, { images: [image("front"), image("rim")] })).status).toBe(
      200,
    );
    expect((await save(member, artifact, { images: captioned })).status).toBe(200);
    const [first, second] = await editEntries(artifact.id);
    const refused = await decide(t, curator, {
      entryId: first!.id,
      decision: "reject",
      reason: "Inaccurate",
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(MESSAGES.editBuiltOn("images"));
    expect(imagesNow()).toEqual([
      { url: image("front").url, caption: "Cleaned" },
      { url: image("back").url, caption: "" },
    ]);
    expect(second).toBeDefined();
  });

  it("is refused, saying why, when a later edit changed the same field; rejecting the later one first works", async () => {
    await start();
    const artifact = await addArtifact(t, member, { artifactName: "Clay Lamp" });
    await save(member, artifact, { artifactName: "Clay Oil Lamp" });
    await save(member, artifact, { artifactName: "Roman Clay Oil Lamp" });
    const [first, second] = await editEntries(artifact.id);

    const refused = await decide(t, curator, {
      entryId: first!.id,
      decision: "reject",
      reason: "Inaccurate",
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(MESSAGES.editBuiltOn("name"));
    expect(row(artifact.id)).toMatchObject({ status: "published", name: "Roman Clay Oil Lamp" });
    expect((await editEntries(artifact.id)).map((entry) => entry.id)).toEqual([
      first!.id,
      second!.id,
    ]);

    await decided(t, curator, { entryId: second!.id, decision: "reject", reason: "Inaccurate" });
    expect(row(artifact.id)).toMatchObject({ name: "Clay Oil Lamp" });
    await decided(t, curator, { entryId: first!.id, decision: "reject", reason: "Inaccurate" });
    expect(row(artifact.id)).toMatchObject({ status: "published", name: "Clay Lamp" });
  });

  it("still rejects a resubmission of an artifact that was not public, and hiding stays its own decision", async () => {
    await start();
    const artifact = await addArtifact(t, member);
    const created = (await queue(t, curator)).find((entry) => entry.artifact.id === artifact.id)!;
    await decided(t, curator, { entryId: created.id, decision: "reject", reason: "Duplicate" });
    await save(member, artifact, { artifactName: "Resubmitted" });
    const [resubmission] = await editEntries(artifact.id);
    await decided(t, curator, {
      entryId: resubmission!.id,
      decision: "reject",
      reason: "Duplicate",
    });
    expect(row(artifact.id)).toMatchObject({ status: "rejected", name: "Resubmitted" });

    const other = await addArtifact(t, member);
    await save(member, other, { artifactName: "Edited once" });
    const [edit] = await editEntries(other.id);
    await decided(t, curator, { entryId: edit!.id, decision: "hide", reason: "Offensive" });
    expect(row(other.id)).toMatchObject({ status: "hidden", name: "Edited once" });
  });
});

describe("curators and admins edit any artifact", () => {
  it("as themselves in its history, unqueued; a member is told it is not theirs, before and on save", async () => {
    await start();
    const artifact = await addArtifact(t, member, { artifactName: "Stone Axe" });
    const admin = await createUserWithSession(t, { role: "admin", name: "Ada Admin" });
    const stranger = await createUserWithSession(t, { name: "Sam Stranger" });

    expect((await save(curator, artifact, { artifactName: "Neolithic Stone Axe" })).status).toBe(
      200,
    );
    expect((await save(admin, artifact, { presentLocation: "County museum" })).status).toBe(200);
    expect(history(artifact.id).slice(-2)).toEqual([
      { number: 2, summary: "Edited: name", actorId: curator.id },
      { number: 3, summary: "Edited: present location", actorId: admin.id },
    ]);
    expect(await editEntries(artifact.id)).toEqual([]);

    const forEditing = async (user: SignedInUser) =>
      (await trpc(t.app, "query", "revisions.forEditing", { id: artifact.id }, user.cookie))
        .data as {
        mayEdit: boolean;
      };
    expect((await forEditing(stranger)).mayEdit).toBe(false);
    expect((await forEditing(member)).mayEdit).toBe(true);
    expect((await forEditing(curator)).mayEdit).toBe(true);
    const refused = await save(stranger, artifact, { artifactName: "Mine now" });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(MESSAGES.notYourArtifact);

    // The spec's PUT, with the curator's own email: the same rule.
    const viaRest = await rest(t.app, "PUT", `/artifacts/${artifact.id}`, {
      cookie: curator.cookie,
      body: { ...artifactFields({ artifactName: "Stone Axe Head" }), userEmail: curator.email },
    });
    expect(viaRest.statusCode, viaRest.body).toBe(200);
    // Deleting stays the owner's.
    const deleted = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: artifact.id },
      curator.cookie,
    );
    expect(deleted.status).toBe(403);
  });

  it("reviewed like anyone's when the artifact is under review, and never decided by the curator who made it", async () => {
    await start("pre");
    const artifact = await addArtifact(t, member, { artifactName: "Bone Flute" });
    const saved = await save(curator, artifact, { artifactName: "Bone Flute, Aurignacian" });
    expect((saved.data as ReviewedArtifact).status).toBe("pending");
    const [edit] = await editEntries(artifact.id);
    expect(edit).toMatchObject({ submittedByName: "Cora Curator", ownArtifact: true });
    const own = await decide(t, curator, { entryId: edit!.id, decision: "approve" });
    expect(own.status).toBe(403);
    expect(own.error?.message).toBe(MESSAGES.ownEntryDecision);
  });
});
