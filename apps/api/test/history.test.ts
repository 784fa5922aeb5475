import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  MESSAGES,
  REVISIONS_PAGE_SIZE,
  type Artifact,
  type Revision,
  type RevisionComparison,
  type RevisionPage,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields, asKept, onlyImage } from "./support/artifacts";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * The History view's calls over tRPC: the list, one revision, a comparison, the edit form's start,
 * and restore (issue 17). rest-revisions.test.ts covers the same over REST.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function edit(
  user: SignedInUser,
  id: number,
  overrides: Parameters<typeof artifactFields>[0],
) {
  const result = await trpc(
    t.app,
    "mutation",
    "artifacts.update",
    { id, fields: artifactFields(overrides) },
    user.cookie,
  );
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as Artifact;
}

function auditRestores() {
  return t.db.$client
    .prepare(
      "select actor_id, artifact_id, request_id, details from audit_log where action = 'revision.restore'",
    )
    .all() as { actor_id: number; artifact_id: number; request_id: string; details: string }[];
}

describe("reading the history", () => {
  test("lists every revision newest first with its author's name, a page at a time", async () => {
    const owner = await createUserWithSession(t, { name: "Ada Owner" });
    const reader = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    for (let index = 1; index <= REVISIONS_PAGE_SIZE; index += 1) {
      await edit(owner, artifact.id, { artifactName: `Name ${index}` });
    }
    const total = REVISIONS_PAGE_SIZE + 1;

    const first = await trpc(t.app, "query", "revisions.list", { id: artifact.id }, reader.cookie);
    const second = await trpc(
      t.app,
      "query",
      "revisions.list",
      { id: artifact.id, page: 2 },
      reader.cookie,
    );

    const page1 = first.data as RevisionPage;
    const page2 = second.data as RevisionPage;
    expect(page1).toMatchObject({ total, page: 1, pageCount: 2 });
    expect(page1.items.map((item) => item.number)).toEqual(
      Array.from({ length: REVISIONS_PAGE_SIZE }, (_, index) => total - index),
    );
    expect(page1.items[0]).toMatchObject({
      authorName: "Ada Owner",
      summary: "Edited: name, image",
    });
    expect(typeof page1.items[0]?.at).toBe("number");
    expect(page2.items).toEqual([
      expect.objectContaining({ number: 1, summary: "Created", authorName: "Ada Owner" }),
    ]);
    const past = await trpc(
      t.app,
      "query",
      "revisions.list",
      { id: artifact.id, page: 9 },
      reader.cookie,
    );
    expect((past.data as RevisionPage).items).toEqual([]);
  });

  test("one revision holds the whole artifact as it then was", async () => {
    const owner = await createUserWithSession(t);
    const fields = artifactFields({ historicalContext: "First words." });
    const artifact = await addArtifact(t, owner, fields);
    await edit(owner, artifact.id, { historicalContext: "Second words." });

    const result = await trpc(
      t.app,
      "query",
      "revisions.byNumber",
      { id: artifact.id, number: 1 },
      owner.cookie,
    );

    expect((result.data as Revision).fields).toEqual({
      ...fields,
      images: [asKept(onlyImage(fields.artifactImage))],
    });
  });

  test("a comparison names each changed field with the words removed and added", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner, {
      historicalContext: "Carved in granite by Egyptian priests.",
      presentLocation: "British Museum",
    });
    const edited = artifactFields({
      artifactName: artifact.artifactName,
      artifactImage: artifact.artifactImage,
      historicalContext: "Carved in black granodiorite by Egyptian priests.",
      presentLocation: "British Museum",
    });
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: edited },
      owner.cookie,
    );

    const result = await trpc(
      t.app,
      "query",
      "revisions.compare",
      { id: artifact.id, from: 1, to: 2 },
      owner.cookie,
    );

    const comparison = result.data as RevisionComparison;
    expect(comparison.changes.map((change) => change.field)).toEqual(["historicalContext"]);
    const [context] = comparison.changes;
    expect(context?.before).toBe("Carved in granite by Egyptian priests.");
    expect(context?.after).toBe("Carved in black granodiorite by Egyptian priests.");
    expect(context?.parts.filter((part) => part.kind !== "same")).toEqual([
      { kind: "removed", text: "granite" },
      { kind: "added", text: "black granodiorite" },
    ]);
    expect(context?.parts.map((part) => (part.kind === "added" ? "" : part.text)).join("")).toBe(
      context?.before,
    );
    expect(context?.parts.map((part) => (part.kind === "removed" ? "" : part.text)).join("")).toBe(
      context?.after,
    );
  });

  test("two unrelated long texts compare as one removal and one addition, quickly", async () => {
    const owner = await createUserWithSession(t);
    const words = (seed: string) =>
      Array.from({ length: 700 }, (_, index) => `${seed}${index}`)
        .join(" ")
        .slice(0, 4900);
    const artifact = await addArtifact(t, owner, { historicalContext: words("a") });
    await edit(owner, artifact.id, { historicalContext: words("b") });

    const started = performance.now();
    const result = await trpc(
      t.app,
      "query",
      "revisions.compare",
      { id: artifact.id, from: 1, to: 2 },
      owner.cookie,
    );
    const elapsed = performance.now() - started;

    const context = (result.data as RevisionComparison).changes.find(
      (change) => change.field === "historicalContext",
    );
    expect(context?.parts.map((part) => part.kind)).toEqual(["removed", "added"]);
    expect(elapsed).toBeLessThan(1000);
  });

  test("the edit form starts from the artifact and its newest revision's number", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    const edited = await edit(owner, artifact.id, { artifactName: "Edited" });

    const result = await trpc(
      t.app,
      "query",
      "revisions.forEditing",
      { id: artifact.id },
      owner.cookie,
    );

    expect(result.data).toEqual({ artifact: edited, revision: 2, mayEdit: true });
  });

  test("signed out, unknown artifacts and unknown revisions are refused without a 5xx", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);

    const signedOut = await trpc(t.app, "query", "revisions.list", { id: artifact.id });
    const unknownArtifact = await trpc(
      t.app,
      "query",
      "revisions.list",
      { id: 999_999 },
      owner.cookie,
    );
    const unknownRevision = await trpc(
      t.app,
      "query",
      "revisions.byNumber",
      { id: artifact.id, number: 2 },
      owner.cookie,
    );
    const otherArtifactsRevision = await trpc(
      t.app,
      "query",
      "revisions.compare",
      { id: artifact.id, from: 1, to: 99 },
      owner.cookie,
    );

    expect(signedOut.status).toBe(401);
    expect(unknownArtifact.status).toBe(404);
    expect(unknownArtifact.error?.message).toBe(MESSAGES.artifactNotFound);
    expect(unknownRevision.status).toBe(404);
    expect(unknownRevision.error?.message).toBe(MESSAGES.revisionNotFound);
    expect(otherArtifactsRevision.status).toBe(404);
  });
});

describe("restoring a version", () => {
  test("makes a new revision with the old fields; the past stays as it was; audit-logged", async () => {
    const owner = await createUserWithSession(t);
    const original = artifactFields({ artifactName: "Original", createdAt: "196 BC" });
    const artifact = await addArtifact(t, owner, original);
    await edit(owner, artifact.id, { artifactName: "Vandalised", createdAt: "15th Century" });

    const result = await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 1 },
      owner.cookie,
    );

    expect(result.status).toBe(200);
    const restored = result.data as { artifact: Artifact; revision: number };
    expect(restored.revision).toBe(3);
    expect(restored.artifact).toMatchObject({ id: artifact.id, ...original });
    const byId = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect((byId.data as Artifact).artifactName).toBe("Original");
    // The years parsed from the dates follow the restored dates.
    expect(artifact.createdFromYear).not.toBeNull();
    expect((byId.data as Artifact).createdFromYear).toBe(artifact.createdFromYear);
    const list = await trpc(t.app, "query", "revisions.list", { id: artifact.id }, owner.cookie);
    expect((list.data as RevisionPage).items.map((item) => [item.number, item.summary])).toEqual([
      [3, "Restored version 1"],
      [2, "Edited: name, image, created at"],
      [1, "Created"],
    ]);
    const second = await trpc(
      t.app,
      "query",
      "revisions.byNumber",
      { id: artifact.id, number: 2 },
      owner.cookie,
    );
    expect((second.data as Revision).fields.artifactName).toBe("Vandalised");
    expect(auditRestores()).toEqual([
      {
        actor_id: owner.id,
        artifact_id: artifact.id,
        request_id: result.response.headers["x-request-id"],
        details: JSON.stringify({ restored: "1", revision: "3" }),
      },
    ]);
  });

  test("a curator and an admin may restore someone else's artifact; another member may not", async () => {
    const owner = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    const curator = await createUserWithSession(t, { role: "curator" });
    const admin = await createUserWithSession(t, { role: "admin" });
    const artifact = await addArtifact(t, owner);
    await edit(owner, artifact.id, { artifactName: "Second" });
    const restore = (user: SignedInUser, number: number) =>
      trpc(t.app, "mutation", "revisions.restore", { id: artifact.id, number }, user.cookie);

    const canRestore = async (user: SignedInUser) =>
      (
        (await trpc(t.app, "query", "revisions.list", { id: artifact.id }, user.cookie))
          .data as RevisionPage
      ).canRestore;
    expect(await Promise.all([owner, member, curator, admin].map(canRestore))).toEqual([
      true,
      false,
      true,
      true,
    ]);

    const refused = await restore(member, 1);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(MESSAGES.restoreNotAllowed);
    expect(await restore(curator, 1)).toMatchObject({ status: 200 });
    expect(await restore(admin, 2)).toMatchObject({ status: 200 });

    const list = await trpc(t.app, "query", "revisions.list", { id: artifact.id }, member.cookie);
    expect(
      (list.data as RevisionPage).items.map((item) => [item.summary, item.authorName]),
    ).toEqual([
      ["Restored version 2", admin.name],
      ["Restored version 1", curator.name],
      ["Edited: name, image", owner.name],
      ["Created", owner.name],
    ]);
    expect(auditRestores().map((row) => row.actor_id)).toEqual([curator.id, admin.id]);
  });

  test("restoring a revision that does not exist changes nothing", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);

    const result = await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 5 },
      owner.cookie,
    );

    expect(result.status).toBe(404);
    const list = await trpc(t.app, "query", "revisions.list", { id: artifact.id }, owner.cookie);
    expect((list.data as RevisionPage).total).toBe(1);
    expect(auditRestores()).toEqual([]);
  });

  test("an edit form opened before a restore is told of the change", async () => {
    const owner = await createUserWithSession(t);
    const curator = await createUserWithSession(t, { role: "curator" });
    const artifact = await addArtifact(t, owner);
    await edit(owner, artifact.id, { artifactName: "Second" });
    await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 1 },
      curator.cookie,
    );

    const stale = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactName: "Third" }), baseRevision: 2 },
      owner.cookie,
    );

    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(MESSAGES.editConflict);
  });

  test("an account that is gone leaves its revisions, without a name", async () => {
    const owner = await createUserWithSession(t);
    const curator = await createUserWithSession(t, { role: "curator" });
    const artifact = await addArtifact(t, owner);
    await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 1 },
      curator.cookie,
    );

    t.db.$client.prepare("delete from users where id = ?").run(curator.id);

    const list = await trpc(t.app, "query", "revisions.list", { id: artifact.id }, owner.cookie);
    expect((list.data as RevisionPage).items.map((item) => item.authorName)).toEqual([
      null,
      owner.name,
    ]);
  });
});

describe("the history follows the artifact's visibility", () => {
  test("a hidden artifact's history is 404 for other members, and readable by its owner and curators", async () => {
    const owner = await createUserWithSession(t);
    const member = await createUserWithSession(t);
    const curator = await createUserWithSession(t, { role: "curator" });
    const artifact = await addArtifact(t, owner);
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(artifact.id);
    const list = (user: SignedInUser) =>
      trpc(t.app, "query", "revisions.list", { id: artifact.id }, user.cookie);

    expect((await list(member)).status).toBe(404);
    expect((await list(owner)).status).toBe(200);
    expect((await list(curator)).status).toBe(200);
    const restore = await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 1 },
      member.cookie,
    );
    expect(restore.status).toBe(404);
  });

  test("a trashed artifact's history is 404 for everyone", async () => {
    const owner = await createUserWithSession(t);
    const artifact = await addArtifact(t, owner);
    t.db.$client
      .prepare("update artifacts set deleted_at = ? where id = ?")
      .run(Date.now(), artifact.id);

    const result = await trpc(t.app, "query", "revisions.list", { id: artifact.id }, owner.cookie);

    expect(result.status).toBe(404);
  });
});
