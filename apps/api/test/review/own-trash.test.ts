import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, RESTORED_FROM_TRASH_SUMMARY, type TrashPage } from "@artifact-atlas/shared";
import type { AppDatabase } from "../../src/db/client";
import * as schema from "../../src/db/schema";
import { ownTrashPage, TRASH_MS } from "../../src/services/trash";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, like } from "../support/artifacts";
import { doorsShowing } from "../support/public-doors";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { auditActions } from "./support";

/* An owner's own trash (issue 29): what they deleted, seen and restored by them alone. */

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  other = await createUserWithSession(t, { name: "Otto Other" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
});

afterEach(async () => {
  await t.close();
});

async function deleted(user: SignedInUser, fields: { artifactName?: string } = {}) {
  const artifact = await addArtifact(t, user, fields);
  const answer = await trpc(
    t.app,
    "mutation",
    "artifacts.delete",
    { id: artifact.id },
    user.cookie,
  );
  expect(answer.status).toBe(200);
  return artifact;
}

async function myTrash(user: SignedInUser, input: object = {}) {
  const answer = await trpc(t.app, "query", "trash.mine", input, user.cookie);
  expect(answer.status, answer.response.body).toBe(200);
  return answer.data as TrashPage;
}

function restoreMine(user: SignedInUser, id: number) {
  return trpc(t.app, "mutation", "trash.restoreMine", { id }, user.cookie);
}

function revisionSummaries(artifactId: number) {
  return t.db.$client
    .prepare("select summary from artifact_revisions where artifact_id = ? order by number")
    .pluck()
    .all(artifactId);
}

describe("an owner's trash", () => {
  it("lists only the owner's own deleted artifacts, most recently deleted first", async () => {
    const first = await deleted(owner, { artifactName: "Bronze Lamp" });
    const second = await deleted(owner, { artifactName: "Clay Tablet" });
    await deleted(other, { artifactName: "Someone Else's Axe" });
    await addArtifact(t, owner, { artifactName: "Still Here" });

    const page = await myTrash(owner);
    expect(page.items.map((item) => item.artifact.artifactName)).toEqual([
      "Clay Tablet",
      "Bronze Lamp",
    ]);
    expect(page.total).toBe(2);
    expect(page.items[0]!.purgeAt - page.items[0]!.deletedAt).toBe(TRASH_MS);
    expect((await myTrash(other)).items.map((item) => item.artifact.id)).not.toContain(first.id);
    expect((await myTrash(curator)).total).toBe(0);
    // The curators' trash still holds all three.
    const all = await trpc(t.app, "query", "trash.list", {}, curator.cookie);
    expect((all.data as TrashPage).total).toBe(3);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it("pages: a page of one holds the newest, the next the older", async () => {
    await deleted(owner, { artifactName: "Older" });
    await deleted(owner, { artifactName: "Newer" });
    const one = await myTrash(owner, { page: 1, limit: 1 });
    const two = await myTrash(owner, { page: 2, limit: 1 });
    expect([one.pageCount, one.items[0]!.artifact.artifactName]).toEqual([2, "Newer"]);
    expect(two.items[0]!.artifact.artifactName).toBe("Older");
  });

  it("restores the owner's artifact with its id and likes, as a revision and an audit line", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    await like(t, other, artifact.id);
    await trpc(t.app, "mutation", "artifacts.delete", { id: artifact.id }, owner.cookie);
    expect(await doorsShowing(t, artifact)).toEqual([]);

    const restored = await restoreMine(owner, artifact.id);
    expect(restored.status, restored.response.body).toBe(200);
    expect(restored.data).toEqual({ id: artifact.id });
    const back = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect(back.data).toMatchObject({ id: artifact.id, likeCount: 1 });
    expect(await doorsShowing(t, artifact)).toContain("list search (2) desc");
    expect((await myTrash(owner)).items).toEqual([]);
    expect(revisionSummaries(artifact.id).at(-1)).toBe(RESTORED_FROM_TRASH_SUMMARY);
    expect(auditActions(t, artifact.id)).toMatchObject([
      { action: "artifact.delete", actorId: owner.id },
      { action: "artifact.restore", actorId: owner.id },
    ]);

    const again = await restoreMine(owner, artifact.id);
    expect(again.status).toBe(404);
    expect(again.error?.message).toBe(MESSAGES.notInTrash);
  });

  it("refuses another's deleted artifact as if it were not in the trash, curators' included", async () => {
    const theirs = await deleted(other);
    const curatorsOwn = await deleted(curator);
    for (const id of [theirs.id, curatorsOwn.id, 999_999]) {
      const answer = await restoreMine(owner, id);
      expect(answer.status).toBe(404);
      expect(answer.error?.message).toBe(MESSAGES.notInTrash);
    }
    // A curator's door is the curators' trash, not this one: their own door has only theirs.
    expect((await restoreMine(curator, theirs.id)).status).toBe(404);
    const all = await trpc(t.app, "query", "trash.list", {}, curator.cookie);
    expect((all.data as TrashPage).total).toBe(2);
  });

  it("brings a hidden artifact back hidden: the trash is no way around review", async () => {
    const artifact = await addArtifact(t, owner);
    t.db.$client
      .prepare("update artifacts set status = 'hidden', status_reason = 'Spam' where id = ?")
      .run(artifact.id);
    await trpc(t.app, "mutation", "artifacts.delete", { id: artifact.id }, owner.cookie);
    expect((await restoreMine(owner, artifact.id)).status).toBe(200);
    expect(
      t.db.$client
        .prepare("select status, status_reason as reason from artifacts where id = ?")
        .get(artifact.id),
    ).toEqual({ status: "hidden", reason: "Spam" });
    expect(await doorsShowing(t, artifact)).toEqual([]);
  });

  it("reads one owner's rows along their own index, with no sort step", async () => {
    for (let i = 0; i < 3; i += 1) await deleted(i % 2 === 0 ? owner : other);
    const statements: string[] = [];
    const traced = new Database(t.env.databasePath, {
      verbose: (statement) => statements.push(String(statement)),
    });
    try {
      ownTrashPage(drizzle(traced, { schema }) as AppDatabase, owner, { page: 2, limit: 1 });
      const plans = statements.map((statement) =>
        (traced.prepare(`explain query plan ${statement}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join(" | "),
      );
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toContain("artifacts_owner_trash_idx");
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    } finally {
      traced.close();
    }
  });

  it("is for signed-in people only", async () => {
    const artifact = await deleted(owner);
    expect((await trpc(t.app, "query", "trash.mine", {})).status).toBe(401);
    expect((await trpc(t.app, "mutation", "trash.restoreMine", { id: artifact.id })).status).toBe(
      401,
    );
  });
});

describe("the REST doors of an owner's trash", () => {
  it("list and restore the signed-in person's own, and nobody else's", async () => {
    const artifact = await deleted(owner, { artifactName: "Bronze Lamp" });
    const theirs = await deleted(other);

    const listed = await rest(t.app, "GET", "/account/trash", { cookie: owner.cookie });
    expect(listed.statusCode).toBe(200);
    const page = listed.json() as TrashPage;
    expect(page.items.map((item) => item.artifact.id)).toEqual([artifact.id]);

    const refused = await rest(t.app, "POST", `/account/trash/${theirs.id}/restore`, {
      cookie: owner.cookie,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: MESSAGES.notInTrash });

    const restored = await rest(t.app, "POST", `/account/trash/${artifact.id}/restore`, {
      cookie: owner.cookie,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ id: artifact.id });
    const detail = await rest(t.app, "GET", `/artifacts/${artifact.id}`);
    expect(detail.statusCode).toBe(200);

    expect((await rest(t.app, "GET", "/account/trash")).statusCode).toBe(401);
    const anonymous = await rest(t.app, "POST", `/account/trash/${theirs.id}/restore`);
    expect(anonymous.statusCode).toBe(401);
  });
});
