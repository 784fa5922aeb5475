import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  type CollectionDetail,
  type CollectionItemsPage,
  type CollectionPage,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { insertArtifacts } from "./support/harvesting";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Collections (issue 32) through tRPC and REST, on a real database: who sees each kind, what
 * collaborators may do, the 500 limit, notes and order, saved searches, the trash.
 */

let t: TestApp;
let clock: number;
let owner: SignedInUser;
let helper: SignedInUser;
let stranger: SignedInUser;
let curator: SignedInUser;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 28, 12);
  t = await createTestApp({}, { now: () => clock });
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  helper = await createUserWithSession(t, { name: "Hal Helper" });
  stranger = await createUserWithSession(t, { name: "Sam Stranger" });
  curator = await createUserWithSession(t, { name: "Cora Curator", role: "curator" });
});

afterEach(async () => {
  await t.close();
});

async function call<T>(
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  user?: SignedInUser,
): Promise<T> {
  const result = await trpc(t.app, kind, path, input, user?.cookie);
  if (result.status !== 200) {
    throw new Error(`${path}: ${result.status} ${result.response.body}`);
  }
  return result.data as T;
}

async function refusal(
  kind: "query" | "mutation",
  path: string,
  input: unknown,
  user?: SignedInUser,
): Promise<{ status: number; message: string }> {
  const result = await trpc(t.app, kind, path, input, user?.cookie);
  expect(result.status, result.response.body).not.toBe(200);
  return { status: result.status, message: result.error?.message ?? "" };
}

function create(user: SignedInUser, input: Record<string, unknown>) {
  return call<CollectionDetail>("mutation", "collections.create", input, user);
}

function items(id: number, user?: SignedInUser, page = 1) {
  return call<CollectionItemsPage>("query", "collections.items", { id, page }, user);
}

function setStatus(id: number, status: string) {
  t.db.$client.prepare("update artifacts set status = ? where id = ?").run(status, id);
}

const ids = (page: CollectionItemsPage) => page.items.map((item) => item.artifact.id);

describe("a curated collection", () => {
  it("keeps its order and notes, and renders its description once, safely", async () => {
    const [a, b, c] = insertArtifacts(t.db, 3);
    const made = await create(owner, {
      title: "Roman coins of Britain",
      description: "Coins *found* here. <script>alert(1)</script> [more](javascript:alert(1))",
      visibility: "public",
    });
    expect(made.descriptionHtml).toContain("<em>found</em>");
    expect(made.descriptionHtml).not.toContain("<script");
    expect(made.descriptionHtml).not.toContain("<a");

    await call("mutation", "collections.addItems", { id: made.id, artifactIds: [a, b] }, owner);
    await call(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [c], note: "Look at the inscription on the left" },
      owner,
    );
    expect(ids(await items(made.id))).toEqual([a, b, c]);
    expect((await items(made.id)).items[2]!.note).toBe("Look at the inscription on the left");

    // c to the front, then a note on b.
    await call(
      "mutation",
      "collections.changeItem",
      { id: made.id, artifactId: c, change: { position: 0 } },
      owner,
    );
    await call(
      "mutation",
      "collections.changeItem",
      { id: made.id, artifactId: b, change: { note: "The reverse shows a ship." } },
      owner,
    );
    const after = await items(made.id, stranger);
    expect(ids(after)).toEqual([c, a, b]);
    expect(after.items.map((item) => item.note)).toEqual([
      "Look at the inscription on the left",
      "",
      "The reverse shows a ship.",
    ]);
    // a to the end (past the last place).
    await call(
      "mutation",
      "collections.changeItem",
      { id: made.id, artifactId: a, change: { position: 99 } },
      owner,
    );
    expect(ids(await items(made.id))).toEqual([c, b, a]);

    // The same order and notes through REST.
    const restItems = await rest(t.app, "GET", `/collections/${made.id}/items`);
    expect(restItems.statusCode, restItems.body).toBe(200);
    const restBody = restItems.json() as { artifact: { _id: string }; note: string }[];
    expect(restBody.map((item) => Number(item.artifact._id))).toEqual([c, b, a]);
    expect(restBody[1]!.note).toBe("The reverse shows a ship.");
    expect(restItems.headers["x-total-count"]).toBe("3");

    const history = await call<{ items: { action: string; artifactId: number | null }[] }>(
      "query",
      "collections.history",
      { id: made.id },
      stranger,
    );
    expect(history.items.map((entry) => entry.action)).toEqual([
      "move",
      "note",
      "move",
      "add",
      "add",
      "add",
      "create",
    ]);
  });

  it("never shows a hidden, pending, rejected or trashed artifact, and counts what it shows", async () => {
    const [shown, hidden, pending, rejected, trashed] = insertArtifacts(t.db, 5);
    const made = await create(owner, { title: "Mixed", visibility: "public" });
    await call(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [shown, hidden, pending, rejected, trashed] },
      owner,
    );
    setStatus(hidden!, "hidden");
    setStatus(pending!, "pending");
    setStatus(rejected!, "rejected");
    t.db.$client.prepare("update artifacts set deleted_at = ? where id = ?").run(clock, trashed);

    for (const viewer of [undefined, stranger, owner, helper, curator]) {
      const page = await items(made.id, viewer);
      expect(ids(page)).toEqual([shown]);
      expect(page.total).toBe(1);
    }
    const detail = await call<CollectionDetail>("query", "collections.byId", { id: made.id });
    expect(detail.artifactCount).toBe(1);
    const listed = await call<CollectionPage>("query", "collections.list", {});
    expect(listed.items.find((item) => item.id === made.id)?.artifactCount).toBe(1);

    // The find's collection filter, through tRPC and REST, shows the same.
    const list = await call<{ items: { id: number }[]; total: number }>("query", "artifacts.list", {
      collection: made.id,
    });
    expect(list.items.map((item) => item.id)).toEqual([shown]);
    const viaRest = await rest(t.app, "GET", `/artifacts?collection=${made.id}`);
    expect(viaRest.statusCode).toBe(200);
    expect((viaRest.json() as { _id: string }[]).map((item) => Number(item._id))).toEqual([shown]);

    // Published again: it shows again, where it was.
    setStatus(hidden!, "published");
    expect(ids(await items(made.id))).toEqual([shown, hidden]);
  });

  it("refuses an artifact its adder may not see, as the detail page does", async () => {
    const [hidden] = insertArtifacts(t.db, 1, () => ({ status: "hidden" }));
    const made = await create(owner, { title: "Mine" });
    const refused = await refusal(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [hidden] },
      owner,
    );
    expect(refused.status).toBe(404);
    const count = t.db.$client.prepare("select count(*) from collection_items").pluck().get();
    expect(count).toBe(0);
  });

  it(`holds at most ${COLLECTION_LIMITS.items} artifacts`, async () => {
    const many = insertArtifacts(t.db, COLLECTION_LIMITS.items + 1);
    const made = await create(owner, { title: "Full" });
    for (let from = 0; from < COLLECTION_LIMITS.items; from += COLLECTION_LIMITS.batch) {
      await call(
        "mutation",
        "collections.addItems",
        { id: made.id, artifactIds: many.slice(from, from + COLLECTION_LIMITS.batch) },
        owner,
      );
    }
    const refused = await refusal(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [many[COLLECTION_LIMITS.items]] },
      owner,
    );
    expect(refused).toEqual({ status: 409, message: COLLECTION_MESSAGES.full });
    const page = await items(made.id, owner, 21);
    expect(page.total).toBe(COLLECTION_LIMITS.items);
    expect(page.pageCount).toBe(21);
    // Adding one already in changes nothing and is not refused.
    const again = await call<{ added: number }>(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [many[0]] },
      owner,
    );
    expect(again.added).toBe(0);
    // The last one's place: moving in a full collection works across the find's windows.
    await call(
      "mutation",
      "collections.changeItem",
      { id: made.id, artifactId: many[COLLECTION_LIMITS.items - 1], change: { position: 0 } },
      owner,
    );
    expect(ids(await items(made.id, owner))[0]).toBe(many[COLLECTION_LIMITS.items - 1]);
  });
});

describe("who sees a collection", () => {
  async function madeOf(visibility: string) {
    const [artifact] = insertArtifacts(t.db, 1);
    const made = await create(owner, { title: `A ${visibility} one`, visibility });
    await call("mutation", "collections.addItems", { id: made.id, artifactIds: [artifact] }, owner);
    await call(
      "mutation",
      "collections.addCollaborator",
      { id: made.id, userId: helper.id },
      owner,
    );
    return made.id;
  }

  /** Whether `viewer` sees collection `id` through each door: tRPC, REST, and the find's filter. */
  async function doors(id: number, viewer?: SignedInUser) {
    const cookie = viewer?.cookie;
    const byId = await trpc(t.app, "query", "collections.byId", { id }, cookie);
    const itemsOf = await trpc(t.app, "query", "collections.items", { id }, cookie);
    const list = await trpc(t.app, "query", "artifacts.list", { collection: id }, cookie);
    const restOne = await rest(t.app, "GET", `/collections/${id}`, cookie ? { cookie } : {});
    const restItems = await rest(
      t.app,
      "GET",
      `/collections/${id}/items`,
      cookie ? { cookie } : {},
    );
    const restFind = await rest(
      t.app,
      "GET",
      `/artifacts?collection=${id}`,
      cookie ? { cookie } : {},
    );
    return [
      byId.status,
      itemsOf.status,
      list.status,
      restOne.statusCode,
      restItems.statusCode,
      restFind.statusCode,
    ];
  }
  const SEEN = [200, 200, 200, 200, 200, 200];
  const UNSEEN = [404, 404, 404, 404, 404, 404];

  it("a private one: its owner and collaborators only", async () => {
    const id = await madeOf("private");
    expect(await doors(id, owner)).toEqual(SEEN);
    expect(await doors(id, helper)).toEqual(SEEN);
    expect(await doors(id, stranger)).toEqual(UNSEEN);
    expect(await doors(id, curator)).toEqual(UNSEEN);
    expect(await doors(id)).toEqual(UNSEEN);
    const listed = await call<CollectionPage>("query", "collections.list", {}, stranger);
    expect(listed.items.map((item) => item.id)).not.toContain(id);
  });

  it("an unlisted one: anyone with the link, but not the list", async () => {
    const id = await madeOf("unlisted");
    for (const viewer of [owner, helper, stranger, curator, undefined]) {
      expect(await doors(id, viewer)).toEqual(SEEN);
    }
    const listed = await call<CollectionPage>("query", "collections.list", {});
    expect(listed.items.map((item) => item.id)).not.toContain(id);
  });

  it("a public one: everyone, and the list", async () => {
    const id = await madeOf("public");
    for (const viewer of [owner, helper, stranger, curator, undefined]) {
      expect(await doors(id, viewer)).toEqual(SEEN);
    }
    const listed = await call<CollectionPage>("query", "collections.list", { search: "public" });
    expect(listed.items.map((item) => item.id)).toEqual([id]);
    const viaRest = await rest(t.app, "GET", "/collections?q=public");
    expect((viaRest.json() as { id: number }[]).map((item) => item.id)).toEqual([id]);
  });

  it("a trashed one: its owner alone, until restored", async () => {
    const id = await madeOf("public");
    await call("mutation", "collections.delete", { id }, owner);
    expect(await doors(id, helper)).toEqual(UNSEEN);
    expect(await doors(id)).toEqual(UNSEEN);
    const trash = await call<{ items: { id: number }[] }>(
      "query",
      "collections.trash",
      undefined,
      owner,
    );
    expect(trash.items.map((item) => item.id)).toEqual([id]);
    await call("mutation", "collections.restore", { id }, owner);
    expect(await doors(id)).toEqual(SEEN);
  });
});

describe("collaborators", () => {
  it("add, order and annotate; only the owner deletes, changes visibility or invites", async () => {
    const [a, b] = insertArtifacts(t.db, 2);
    const made = await create(owner, { title: "Together", visibility: "private" });
    const notYet = await refusal(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [a] },
      helper,
    );
    expect(notYet.status).toBe(404);
    await call(
      "mutation",
      "collections.addCollaborator",
      { id: made.id, userId: helper.id },
      owner,
    );

    await call("mutation", "collections.addItems", { id: made.id, artifactIds: [a, b] }, helper);
    await call(
      "mutation",
      "collections.changeItem",
      { id: made.id, artifactId: b, change: { position: 0, note: "First" } },
      helper,
    );
    await call("mutation", "collections.update", { id: made.id, title: "Together again" }, helper);
    expect(ids(await items(made.id, owner))).toEqual([b, a]);

    for (const [path, input] of [
      ["collections.delete", { id: made.id }],
      ["collections.update", { id: made.id, visibility: "public" }],
      ["collections.addCollaborator", { id: made.id, userId: stranger.id }],
    ] as const) {
      const refused = await refusal("mutation", path, input, helper);
      expect(refused).toEqual({ status: 403, message: COLLECTION_MESSAGES.ownerOnly });
    }
    const detail = await call<CollectionDetail>(
      "query",
      "collections.byId",
      { id: made.id },
      helper,
    );
    expect(detail.visibility).toBe("private");
    expect(detail.title).toBe("Together again");
    expect(detail.rights).toEqual({ edit: true, own: false, moderate: false });
    expect(detail.collaborators.map((member) => member.name)).toEqual(["Hal Helper"]);

    // A collaborator may leave; then the private collection is not theirs to see.
    await call(
      "mutation",
      "collections.removeCollaborator",
      { id: made.id, userId: helper.id },
      helper,
    );
    expect((await refusal("query", "collections.byId", { id: made.id }, helper)).status).toBe(404);
  });
});

describe("a saved search", () => {
  it("follows the collection as artifacts are added and hidden", async () => {
    insertArtifacts(t.db, 2, () => ({ artifactType: "Tools" }));
    const [coin] = insertArtifacts(t.db, 1, () => ({ artifactType: "Art" }));
    const made = await create(owner, {
      title: "Every tool",
      kind: "search",
      visibility: "public",
      query: { types: ["Tools"] },
    });
    expect((await items(made.id)).total).toBe(2);
    expect(ids(await items(made.id))).not.toContain(coin);

    const [newer] = insertArtifacts(t.db, 1, () => ({ artifactType: "Tools" }));
    const page = await items(made.id, stranger);
    expect(page.total).toBe(3);
    expect(ids(page)[0]).toBe(newer);

    setStatus(newer!, "hidden");
    expect((await items(made.id, stranger)).total).toBe(2);
    expect((await items(made.id, owner)).total).toBe(2);

    const refused = await refusal(
      "mutation",
      "collections.addItems",
      { id: made.id, artifactIds: [coin] },
      owner,
    );
    expect(refused.message).toBe(COLLECTION_MESSAGES.notCurated);
  });
});

describe("the trash", () => {
  it("restores within 30 days, and the purge removes it after", async () => {
    const made = await create(owner, { title: "Short-lived" });
    const deleted = await call<{ purgeAt: number }>(
      "mutation",
      "collections.delete",
      { id: made.id },
      owner,
    );
    expect(deleted.purgeAt).toBe(clock + 30 * 24 * 60 * 60 * 1000);
    await call("mutation", "collections.restore", { id: made.id }, owner);
    await call("mutation", "collections.delete", { id: made.id }, owner);

    clock += 30 * 24 * 60 * 60 * 1000 + 1;
    const late = await refusal("mutation", "collections.restore", { id: made.id }, owner);
    expect(late).toEqual({ status: 409, message: COLLECTION_MESSAGES.trashExpired });
    const { purgeExpiredCollections } = await import("../src/services/collections/collections");
    expect(purgeExpiredCollections(t.db, clock)).toEqual({ purged: 1 });
    expect((await refusal("query", "collections.byId", { id: made.id }, owner)).status).toBe(404);
  });
});

describe("an owner's account", () => {
  it("Download my data holds their collections with items and notes", async () => {
    const [a, b] = insertArtifacts(t.db, 2);
    const made = await create(owner, { title: "For the record", description: "Mine." });
    await call("mutation", "collections.addItems", { id: made.id, artifactIds: [a, b] }, owner);
    await call(
      "mutation",
      "collections.changeItem",
      { id: made.id, artifactId: b, change: { note: "Second", position: 0 } },
      owner,
    );
    setStatus(a!, "hidden");
    const response = await rest(t.app, "GET", "/account/data", { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const data = response.json() as {
      collections: {
        title: string;
        description: string;
        items: { artifactId: number; artifactName: string | null; note: string }[];
      }[];
    };
    expect(data.collections).toHaveLength(1);
    expect(data.collections[0]!.title).toBe("For the record");
    expect(data.collections[0]!.items).toEqual([
      expect.objectContaining({
        artifactId: b,
        artifactName: "Harvested artifact 1",
        note: "Second",
      }),
      // Someone else's hidden artifact: named by its id only.
      expect.objectContaining({ artifactId: a, artifactName: null, note: "" }),
    ]);
  });

  it("on deletion, hands shared ones with collaborators on and deletes the rest", async () => {
    const { signUp } = await import("./support/auth");
    const leaving = await signUp(t.app);
    const as = { ...owner, id: leaving.user.id, cookie: leaving.cookie };
    const shared = await create(as, { title: "Shared", visibility: "public" });
    const alone = await create(as, { title: "Alone", visibility: "public" });
    const secret = await create(as, { title: "Secret", visibility: "private" });
    for (const id of [shared.id, secret.id]) {
      await call("mutation", "collections.addCollaborator", { id, userId: stranger.id }, as);
      clock += 1000;
      await call("mutation", "collections.addCollaborator", { id, userId: helper.id }, as);
    }
    // The stranger was invited first: the longest-standing collaborator.
    const deleted = await trpc(
      t.app,
      "mutation",
      "account.delete",
      { artifacts: "delete", password: leaving.input.password },
      leaving.cookie,
    );
    expect(deleted.status, deleted.response.body).toBe(200);
    const rows = t.db.$client
      .prepare("select id, owner_id as ownerId from collections order by id")
      .all();
    expect(rows).toEqual([{ id: shared.id, ownerId: stranger.id }]);
    const detail = await call<CollectionDetail>(
      "query",
      "collections.byId",
      { id: shared.id },
      stranger,
    );
    expect(detail.rights).toEqual({ edit: true, own: true, moderate: false });
    expect(detail.collaborators.map((member) => member.id)).toEqual([helper.id]);
    expect(alone.id).not.toBe(secret.id);
  });
});

describe("likes on collections", () => {
  it("count once per member, sort /collections, and reach no private collection", async () => {
    const liked = await create(owner, { title: "Liked one", visibility: "public" });
    const plain = await create(owner, { title: "Plain one", visibility: "public" });
    const hidden = await create(owner, { title: "Hidden one", visibility: "private" });
    for (const user of [helper, stranger]) {
      const answer = await rest(t.app, "POST", `/collections/${liked.id}/like`, {
        cookie: user.cookie,
      });
      expect(answer.statusCode).toBe(200);
    }
    const twice = await call<{ liked: boolean; likeCount: number }>(
      "mutation",
      "collections.like",
      { id: liked.id },
      stranger,
    );
    expect(twice).toEqual({ liked: true, likeCount: 2 });
    const sorted = await call<CollectionPage>("query", "collections.list", { sort: "likes" });
    expect(sorted.items.map((item) => item.id)).toEqual([liked.id, plain.id]);
    expect(sorted.items[0]!.likeCount).toBe(2);
    const refused = await rest(t.app, "POST", `/collections/${hidden.id}/like`, {
      cookie: stranger.cookie,
    });
    expect(refused.statusCode).toBe(404);
    const unliked = await rest(t.app, "DELETE", `/collections/${liked.id}/like`, {
      cookie: stranger.cookie,
    });
    expect(unliked.json()).toEqual({ liked: false, likeCount: 1 });
  });
});

describe("inviting by name", () => {
  it("finds the one member with that name, in any case, and refuses the unclear", async () => {
    const made = await create(owner, { title: "Shared work" });
    const invited = await call<CollectionDetail>(
      "mutation",
      "collections.addCollaborator",
      { id: made.id, name: "  hal HELPER " },
      owner,
    );
    expect(invited.collaborators.map((member) => member.name)).toEqual(["Hal Helper"]);
    expect(
      await refusal(
        "mutation",
        "collections.addCollaborator",
        { id: made.id, name: "Nobody" },
        owner,
      ),
    ).toEqual({ status: 404, message: COLLECTION_MESSAGES.noMemberNamed });
    await createUserWithSession(t, { name: "Sam Stranger" });
    expect(
      await refusal(
        "mutation",
        "collections.addCollaborator",
        { id: made.id, name: "Sam Stranger" },
        owner,
      ),
    ).toEqual({ status: 409, message: COLLECTION_MESSAGES.nameShared });
    // Not both ways at once, and only the owner.
    expect(
      (
        await refusal(
          "mutation",
          "collections.addCollaborator",
          { id: made.id, name: "Hal Helper", userId: stranger.id },
          owner,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await refusal(
          "mutation",
          "collections.addCollaborator",
          { id: made.id, name: "Cora Curator" },
          helper,
        )
      ).status,
    ).toBe(403);
    // REST takes a name too.
    const viaRest = await rest(t.app, "POST", `/collections/${made.id}/collaborators`, {
      cookie: owner.cookie,
      body: { name: "cora curator" },
    });
    expect(viaRest.statusCode).toBe(200);
    expect((viaRest.json() as CollectionDetail).collaborators.map((member) => member.name)).toEqual(
      ["Hal Helper", "Cora Curator"],
    );
  });

  it(`stops at ${COLLECTION_LIMITS.collaborators} collaborators, by name as by id`, async () => {
    const made = await create(owner, { title: "Crowded" });
    const insert = t.db.$client.prepare(
      "insert into collection_collaborators (collection_id, user_id, added_at) values (?, ?, 0)",
    );
    for (let index = 0; index < COLLECTION_LIMITS.collaborators; index += 1) {
      const member = await createUserWithSession(t, { name: `Member ${index}` });
      insert.run(made.id, member.id);
    }
    expect(
      await refusal(
        "mutation",
        "collections.addCollaborator",
        { id: made.id, name: "Hal Helper" },
        owner,
      ),
    ).toEqual({ status: 409, message: COLLECTION_MESSAGES.tooManyCollaborators });
  });
});

describe("/collections sorted by most artifacts", () => {
  it("counts only the artifacts everyone is shown, as they are hidden, restored and purged", async () => {
    const [a1, a2, a3, b1, b2] = insertArtifacts(t.db, 5);
    const big = await create(owner, { title: "Big but mostly hidden", visibility: "public" });
    const small = await create(owner, { title: "Small and all shown", visibility: "public" });
    await call(
      "mutation",
      "collections.addItems",
      { id: big.id, artifactIds: [a1, a2, a3] },
      owner,
    );
    await call("mutation", "collections.addItems", { id: small.id, artifactIds: [b1, b2] }, owner);
    const order = async () =>
      (
        await call<CollectionPage>("query", "collections.list", { sort: "items" }, stranger)
      ).items.map((item) => [item.title, item.artifactCount]);
    expect(await order()).toEqual([
      ["Big but mostly hidden", 3],
      ["Small and all shown", 2],
    ]);

    setStatus(a1!, "hidden");
    t.db.$client.prepare("update artifacts set deleted_at = 1 where id = ?").run(a2);
    expect(await order()).toEqual([
      ["Small and all shown", 2],
      ["Big but mostly hidden", 1],
    ]);

    setStatus(a1!, "published");
    t.db.$client.prepare("update artifacts set deleted_at = null where id = ?").run(a2);
    // A published artifact purged outright, and an item removed: the counts stay exact.
    t.db.$client.prepare("delete from artifacts where id = ?").run(b1);
    await call("mutation", "collections.removeItems", { id: big.id, artifactIds: [a3] }, owner);
    expect(await order()).toEqual([
      ["Big but mostly hidden", 2],
      ["Small and all shown", 1],
    ]);
    const drift = t.db.$client
      .prepare(
        `select count(*) from collections c where shown_count != (
           select count(*) from collection_items i join artifacts a on a.id = i.artifact_id
           where i.collection_id = c.id and a.status = 'published' and a.deleted_at is null)`,
      )
      .pluck()
      .get();
    expect(drift).toBe(0);
  });
});
