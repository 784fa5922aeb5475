import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Artifact, ArtifactStatus, MyArtifactsPage } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, like } from "../support/artifacts";
import { doorsShowing, similarIds } from "../support/public-doors";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Issue 17: a pending, rejected, hidden or trashed artifact leaves every public place at once,
 * and only its owner and curators can still open it (decision 050). The statuses are set in the
 * database here; review.test.ts reaches them through the decisions.
 */

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let curator: SignedInUser;
let admin: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  stranger = await createUserWithSession(t, { name: "Sam Stranger" });
  curator = await createUserWithSession(t, { role: "curator" });
  admin = await createUserWithSession(t, { role: "admin" });
});

afterEach(async () => {
  await t.close();
});

function setStatus(id: number, status: ArtifactStatus, reason: string | null = null): void {
  t.db.$client
    .prepare("update artifacts set status = ?, status_reason = ? where id = ?")
    .run(status, reason, id);
}

function moveToTrash(id: number): void {
  t.db.$client.prepare("update artifacts set deleted_at = ? where id = ?").run(Date.now(), id);
}

/** Every public door shows a published artifact, to everyone (issue 34 added nine). */
const ALL_DOORS = 39;

describe("a published artifact", () => {
  it("is shown by every door, to the public and to members", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    await like(t, stranger, artifact.id);
    const asPublic = await doorsShowing(t, artifact);
    expect(asPublic).toContain("popular");
    expect(asPublic).toContain("REST /artifacts?pageSize=100");
    expect(asPublic.filter((door) => door.startsWith("list search"))).toHaveLength(9);
    for (const door of [
      "list default",
      "list type filter",
      "list all fields",
      "facets",
      "publicById 200",
      "sitemap",
      "export",
      // Issue 34: harvesting, feeds and linked data.
      "OAI GetRecord oai_dc",
      "OAI GetRecord edm",
      "OAI ListRecords oai_dc",
      "OAI ListRecords edm",
      "OAI ListIdentifiers",
      "feed /feeds/artifacts.atom",
      "feed /feeds/artifacts/tools.atom",
      `JSON-LD /a/${artifact.id} 200`,
      `JSON-LD /artifacts/${artifact.id} 200`,
    ]) {
      expect(asPublic).toContain(door);
    }
    const asMember = await doorsShowing(t, artifact, {
      cookie: stranger.cookie,
      likerCookie: stranger.cookie,
      followerCookie: stranger.cookie,
    });
    expect(asMember).toContain("comments.list 200");
    expect(asMember).toContain("REST comments 200");
    expect(asMember).toContain("follows.feed");
    expect(asMember).toContain("REST following");
    expect(asMember).toContain("follows.artifactOwner 200");
    expect(asMember).toContain("REST owner 200");
    expect(asMember).toContain("likes.list");
    expect(asMember).toContain("REST liked");
    expect(asMember).toContain("likes.status");
    expect(asMember.length).toBeGreaterThanOrEqual(ALL_DOORS - 4);
  });
});

describe.each([
  ["pending", (id: number) => setStatus(id, "pending")],
  ["rejected", (id: number) => setStatus(id, "rejected", "Inaccurate")],
  ["hidden", (id: number) => setStatus(id, "hidden", "Spam")],
  ["in the trash", (id: number) => moveToTrash(id)],
] as const)("an artifact that is %s", (_name, change) => {
  it("leaves every public door at once, also the answers the read cache kept", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    const neighbour = await addArtifact(t, stranger, { artifactName: "Clay Jar" });
    await like(t, stranger, artifact.id);
    // Read every door first, so that the read cache keeps each answer.
    const followed = { likerCookie: stranger.cookie, followerCookie: stranger.cookie };
    expect(await doorsShowing(t, artifact, followed)).toContain("follows.feed");
    expect(await similarIds(t, neighbour.id)).toContain(artifact.id);

    change(artifact.id);

    expect(await doorsShowing(t, artifact, followed)).toEqual([]);
    expect(await doorsShowing(t, artifact, { cookie: stranger.cookie, ...followed })).toEqual([]);
    expect(await similarIds(t, neighbour.id)).not.toContain(artifact.id);
    // The neighbour is still there, with the right totals.
    const list = await trpc(t.app, "query", "artifacts.list", { page: 1 });
    expect(list.data).toMatchObject({ total: 1, items: [{ id: neighbour.id }] });
  });

  it("comes back everywhere when it is published again", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Bronze Lamp" });
    change(artifact.id);
    expect(await doorsShowing(t, artifact)).toEqual([]);
    t.db.$client
      .prepare("update artifacts set status = 'published', deleted_at = null where id = ?")
      .run(artifact.id);
    const shown = await doorsShowing(t, artifact);
    expect(shown).toContain("popular");
    expect(shown).toContain("list search (2) desc");
    expect(shown).toContain("byId 200");
  });
});

describe.each([
  ["pending", "pending" as const],
  ["rejected", "rejected" as const],
  ["hidden", "hidden" as const],
])("a %s artifact", (_name, status) => {
  it("opens for its owner, curators and admins with its status, and 404 for everyone else", async () => {
    const artifact = await addArtifact(t, owner);
    setStatus(artifact.id, status, status === "pending" ? null : "Inaccurate");
    const expected = {
      id: artifact.id,
      status,
      statusReason: status === "pending" ? null : "Inaccurate",
    };
    for (const reader of [owner, curator, admin]) {
      const result = await trpc(
        t.app,
        "query",
        "artifacts.byId",
        { id: artifact.id },
        reader.cookie,
      );
      expect(result.data).toMatchObject(expected);
      const viaRest = await rest(t.app, "GET", `/artifacts/${artifact.id}`, {
        cookie: reader.cookie,
      });
      expect(viaRest.statusCode).toBe(200);
      // REST keeps the spec's shape: no review state in it.
      expect(viaRest.json()).not.toHaveProperty("status");
    }
    for (const cookie of [undefined, stranger.cookie]) {
      const result = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id }, cookie);
      expect(result.status).toBe(404);
      // The same answer as an id that does not exist: nothing tells that it is there.
      const unknown = await trpc(t.app, "query", "artifacts.byId", { id: 999_999 }, cookie);
      expect(result.error?.message).toBe(unknown.error?.message);
    }
  });

  it("is in its owner's My Artifacts with its status and reason", async () => {
    const artifact = await addArtifact(t, owner);
    const other = await addArtifact(t, owner);
    setStatus(artifact.id, status, "Duplicate");
    const mine = await trpc(t.app, "query", "artifacts.mine", {}, owner.cookie);
    const page = mine.data as MyArtifactsPage;
    expect(page.items.map((item) => [item.id, item.status, item.statusReason])).toEqual([
      [other.id, "published", null],
      [artifact.id, status, "Duplicate"],
    ]);
    const restMine = await rest(t.app, "GET", `/artifacts?email=${owner.email}`, {
      cookie: owner.cookie,
    });
    expect((restMine.json() as { _id: string }[]).map((item) => item._id)).toEqual([
      String(other.id),
      String(artifact.id),
    ]);
  });
});

describe("the trash", () => {
  it("takes an artifact out of its owner's lists and detail page too", async () => {
    const artifact = await addArtifact(t, owner);
    moveToTrash(artifact.id);
    const mine = await trpc(t.app, "query", "artifacts.mine", {}, owner.cookie);
    expect((mine.data as MyArtifactsPage).items).toEqual([]);
    for (const reader of [owner, curator]) {
      const result = await trpc(
        t.app,
        "query",
        "artifacts.byId",
        { id: artifact.id },
        reader.cookie,
      );
      expect(result.status).toBe(404);
    }
    // Its owner can no longer edit or delete it.
    const update = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: { ...artifact, id: undefined } },
      owner.cookie,
    );
    expect(update.status).toBe(404);
  });
});

describe("likes", () => {
  it("cannot be given to an artifact the public cannot see", async () => {
    const artifact: Artifact = await addArtifact(t, owner);
    setStatus(artifact.id, "hidden", "Spam");
    const result = await trpc(
      t.app,
      "mutation",
      "likes.like",
      { id: artifact.id },
      stranger.cookie,
    );
    expect(result.status).toBe(404);
    const count = t.db.$client.prepare("select count(*) as n from likes").get();
    expect(count).toEqual({ n: 0 });
  });
});
