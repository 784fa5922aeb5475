import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  REPORTS_SHOWN_PER_COLLECTION,
  type CollectionDetail,
  type CollectionItemsPage,
  type ReportedCollectionPage,
} from "@artifact-atlas/shared";
import { REPORT_RULES } from "../../src/rate-limit";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { insertArtifacts } from "../support/harvesting";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Attacks on collections (issue 32), as an attacker would try them: many cheap accounts probing
 * a private collection through every door, writes to someone else's collection, huge batches,
 * racing past 500 items, and a hidden artifact smuggled in or left inside. A collection one may
 * not see answers exactly as one that does not exist; nothing answers 5xx.
 */

let t: TestApp;
let victim: SignedInUser;
let friend: SignedInUser;
let secret: CollectionDetail;
let artifacts: number[];

beforeEach(async () => {
  t = await createTestApp();
  victim = await createUserWithSession(t, { name: "Victor Victim" });
  friend = await createUserWithSession(t, { name: "Frida Friend" });
  artifacts = insertArtifacts(t.db, 3);
  const made = await trpc(
    t.app,
    "mutation",
    "collections.create",
    { title: "Surprise party gifts", description: "Do not tell anyone", visibility: "private" },
    victim.cookie,
  );
  secret = made.data as CollectionDetail;
  await trpc(
    t.app,
    "mutation",
    "collections.addItems",
    { id: secret.id, artifactIds: artifacts, note: "secret note" },
    victim.cookie,
  );
  await trpc(
    t.app,
    "mutation",
    "collections.addCollaborator",
    { id: secret.id, userId: friend.id },
    victim.cookie,
  );
});

afterEach(async () => {
  await t.close();
});

/** Every read door of a collection, as [door, status, body]. */
async function readDoors(id: number, cookie?: string) {
  const withCookie = cookie ? { cookie } : {};
  const queries = [
    ["collections.byId", { id }],
    ["collections.items", { id }],
    ["collections.history", { id }],
    ["artifacts.list", { collection: id }],
    ["artifacts.facets", { collection: id }],
  ] as const;
  const answers: [string, number, string][] = [];
  for (const [path, input] of queries) {
    const answer = await trpc(t.app, "query", path, input, cookie);
    answers.push([path, answer.status, answer.error?.message ?? ""]);
  }
  for (const url of [
    `/collections/${id}`,
    `/collections/${id}/items`,
    `/collections/${id}/history`,
    `/artifacts?collection=${id}`,
    `/export?format=csv&collection=${id}`,
  ]) {
    const answer = await rest(t.app, "GET", url, withCookie);
    answers.push([url.replace(String(id), "ID"), answer.statusCode, answer.body]);
  }
  return answers;
}

/** Every write door, as [door, status, body]. */
async function writeDoors(id: number, cookie: string) {
  const mutations = [
    ["collections.update", { id, title: "Mine now" }],
    ["collections.update", { id, visibility: "public" }],
    ["collections.delete", { id }],
    ["collections.restore", { id }],
    ["collections.addItems", { id, artifactIds: [artifacts[0]] }],
    ["collections.removeItems", { id, artifactIds: [artifacts[0]] }],
    ["collections.changeItem", { id, artifactId: artifacts[0], change: { note: "pwned" } }],
    ["collections.addCollaborator", { id, userId: 1 }],
  ] as const;
  const answers: [string, number, string][] = [];
  for (const [path, input] of mutations) {
    const answer = await trpc(t.app, "mutation", path, input, cookie);
    answers.push([path, answer.status, answer.error?.message ?? ""]);
  }
  const restWrites = [
    ["PUT", `/collections/${id}`, { title: "Mine now" }],
    ["DELETE", `/collections/${id}`, undefined],
    ["POST", `/collections/${id}/items`, { artifactIds: [artifacts[0]] }],
    ["DELETE", `/collections/${id}/items?artifactId=${artifacts[0]}`, undefined],
    ["PUT", `/collections/${id}/items/${artifacts[0]}`, { note: "pwned" }],
    ["POST", `/collections/${id}/collaborators`, { userId: 1 }],
  ] as const;
  for (const [method, url, body] of restWrites) {
    const answer = await rest(t.app, method, url, { cookie, ...(body ? { body } : {}) });
    answers.push([`${method} ${url.replace(String(id), "ID")}`, answer.statusCode, answer.body]);
  }
  return answers;
}

describe("many cheap accounts after a private collection", () => {
  it("read nothing through any door, answered as for a collection that does not exist", async () => {
    const unknown = secret.id + 1000;
    const nobody = await readDoors(unknown);
    expect(nobody.every(([, status]) => status === 404)).toBe(true);
    for (let index = 0; index < 5; index += 1) {
      const throwaway = await createUserWithSession(t, { name: `Throwaway ${index}` });
      const probed = await readDoors(secret.id, throwaway.cookie);
      expect(probed).toEqual(await readDoors(unknown, throwaway.cookie));
    }
    expect(await readDoors(secret.id)).toEqual(nobody);
    // Its members read it through every door.
    for (const member of [victim, friend]) {
      const seen = await readDoors(secret.id, member.cookie);
      expect(seen.map(([door, status]) => [door, status])).toEqual(
        nobody.map(([door]) => [door, 200]),
      );
    }
  });

  it("change nothing through any door, and learn nothing from the refusals", async () => {
    const before = t.db.$client
      .prepare("select title, visibility, deleted_at, item_count from collections where id = ?")
      .get(secret.id);
    const notes = t.db.$client.prepare("select note from collection_items").pluck().all();
    const mallory = await createUserWithSession(t, { name: "Mallory" });
    const probed = await writeDoors(secret.id, mallory.cookie);
    const unknown = await writeDoors(secret.id + 1000, mallory.cookie);
    expect(probed).toEqual(unknown);
    expect(probed.every(([, status]) => status === 404)).toBe(true);
    expect(
      t.db.$client
        .prepare("select title, visibility, deleted_at, item_count from collections where id = ?")
        .get(secret.id),
    ).toEqual(before);
    expect(t.db.$client.prepare("select note from collection_items").pluck().all()).toEqual(notes);
  });

  it("a collaborator cannot take the owner's powers", async () => {
    const answers = await writeDoors(secret.id, friend.cookie);
    const ownerOnly = answers.filter(([door]) =>
      ["collections.delete", "collections.restore", "collections.addCollaborator"].includes(door),
    );
    for (const [, status] of ownerOnly) expect(status).toBe(403);
    const visibility = answers.find(
      ([door], index) => door === "collections.update" && index === 1,
    );
    expect(visibility?.[1]).toBe(403);
    const row = t.db.$client
      .prepare("select visibility, deleted_at from collections where id = ?")
      .get(secret.id);
    expect(row).toEqual({ visibility: "private", deleted_at: null });
  });

  it("cannot turn a throwaway account into a flood of collections", async () => {
    const mallory = await createUserWithSession(t, { name: "Mallory" });
    const insert = t.db.$client.prepare(
      `insert into collections (owner_id, title, description, description_html, kind, visibility,
         created_at, updated_at) values (?, 'x', '', '', 'curated', 'public', 0, 0)`,
    );
    for (let index = 0; index < COLLECTION_LIMITS.perOwner; index += 1) insert.run(mallory.id);
    const refused = await trpc(
      t.app,
      "mutation",
      "collections.create",
      { title: "One more" },
      mallory.cookie,
    );
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(COLLECTION_MESSAGES.tooMany);
    const viaRest = await rest(t.app, "POST", "/collections", {
      cookie: mallory.cookie,
      body: { title: "One more" },
    });
    expect(viaRest.statusCode).toBe(409);
  });

  it("cannot write from another site or without a session", async () => {
    const foreign = await rest(t.app, "POST", "/collections", {
      cookie: victim.cookie,
      origin: "https://evil.example",
      body: { title: "Planted" },
    });
    expect(foreign.statusCode).toBe(403);
    const anonymous = await rest(t.app, "POST", "/collections", { body: { title: "Planted" } });
    expect(anonymous.statusCode).toBe(401);
    const count = t.db.$client.prepare("select count(*) from collections").pluck().get();
    expect(count).toBe(1);
  });
});

describe("huge batches and sizes", () => {
  it("refuses too many artifacts at once, an overlong note or title, and odd ids", async () => {
    const many = Array.from({ length: COLLECTION_LIMITS.batch + 1 }, (_, index) => index + 1);
    const tooMany = await rest(t.app, "POST", `/collections/${secret.id}/items`, {
      cookie: victim.cookie,
      body: { artifactIds: many },
    });
    expect(tooMany.statusCode).toBe(400);
    const huge = Array.from({ length: 20_000 }, (_, index) => index + 1);
    const hugeBody = await rest(t.app, "POST", `/collections/${secret.id}/items`, {
      cookie: victim.cookie,
      body: { artifactIds: huge },
    });
    expect([400, 413]).toContain(hugeBody.statusCode);
    const removeMany = await rest(
      t.app,
      "DELETE",
      `/collections/${secret.id}/items?${many.map((id) => `artifactId=${id}`).join("&")}`,
      { cookie: victim.cookie },
    );
    expect(removeMany.statusCode).toBe(400);
    const longNote = await trpc(
      t.app,
      "mutation",
      "collections.changeItem",
      {
        id: secret.id,
        artifactId: artifacts[0],
        change: { note: "n".repeat(COLLECTION_LIMITS.note + 1) },
      },
      victim.cookie,
    );
    expect(longNote.status).toBe(400);
    const longTitle = await rest(t.app, "POST", "/collections", {
      cookie: victim.cookie,
      body: { title: "t".repeat(COLLECTION_LIMITS.title + 1) },
    });
    expect(longTitle.statusCode).toBe(400);
    for (const odd of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      const answer = await rest(t.app, "GET", `/collections/${odd}`);
      expect(answer.statusCode, odd).toBe(404);
    }
    const pageSize = await rest(t.app, "GET", `/collections/${secret.id}/items?pageSize=100000`, {
      cookie: victim.cookie,
    });
    expect(pageSize.statusCode).toBe(400);
    expect(
      t.db.$client
        .prepare("select item_count from collections where id = ?")
        .pluck()
        .get(secret.id),
    ).toBe(3);
  });

  it("racing batches never take a collection past 500 items", async () => {
    const pile = insertArtifacts(t.db, COLLECTION_LIMITS.items + 100);
    const made = await trpc(
      t.app,
      "mutation",
      "collections.create",
      { title: "Race" },
      victim.cookie,
    );
    const id = (made.data as CollectionDetail).id;
    const batches = [];
    for (let from = 0; from < pile.length; from += COLLECTION_LIMITS.batch) {
      batches.push(pile.slice(from, from + COLLECTION_LIMITS.batch));
    }
    const answers = await Promise.all(
      batches.map((artifactIds) =>
        rest(t.app, "POST", `/collections/${id}/items`, {
          cookie: victim.cookie,
          body: { artifactIds },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(2);
    const stored = t.db.$client
      .prepare("select count(*) from collection_items where collection_id = ?")
      .pluck()
      .get(id);
    expect(stored).toBe(COLLECTION_LIMITS.items);
    expect(
      t.db.$client.prepare("select item_count from collections where id = ?").pluck().get(id),
    ).toBe(COLLECTION_LIMITS.items);
  });
});

describe("a hidden artifact and a collection", () => {
  it("cannot be added by anyone who may not see it, answered as an unknown artifact", async () => {
    const [hidden] = insertArtifacts(t.db, 1, () => ({ status: "hidden" }));
    const unknownArtifact = hidden! + 1000;
    const add = (artifactId: number) =>
      rest(t.app, "POST", `/collections/${secret.id}/items`, {
        cookie: victim.cookie,
        body: { artifactIds: [artifactId] },
      });
    const smuggled = await add(hidden!);
    const nothing = await add(unknownArtifact);
    expect(smuggled.statusCode).toBe(404);
    expect(smuggled.body).toBe(nothing.body);
  });

  it("left inside a public collection shows through no door, not even as the cover", async () => {
    await trpc(
      t.app,
      "mutation",
      "collections.update",
      { id: secret.id, visibility: "public", coverArtifactId: artifacts[1] },
      victim.cookie,
    );
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(artifacts[1]);
    const stranger = await createUserWithSession(t);
    for (const cookie of [undefined, stranger.cookie, victim.cookie]) {
      const page = (await trpc(t.app, "query", "collections.items", { id: secret.id }, cookie))
        .data as CollectionItemsPage;
      expect(page.items.map((item) => item.artifact.id)).toEqual([artifacts[0], artifacts[2]]);
      expect(page.total).toBe(2);
      const detail = (await trpc(t.app, "query", "collections.byId", { id: secret.id }, cookie))
        .data as CollectionDetail;
      expect(detail.cover?.url).not.toContain(`harvest-1.`);
      expect(detail.artifactCount).toBe(2);
      const csv = await rest(t.app, "GET", `/export?format=csv&collection=${secret.id}`, {
        ...(cookie ? { cookie } : {}),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain("Harvested artifact 1,");
      expect(csv.body).toContain("Harvested artifact 0");
      const found = await rest(t.app, "GET", `/artifacts?collection=${secret.id}`, {
        ...(cookie ? { cookie } : {}),
      });
      expect(found.headers["x-total-count"]).toBe("2");
    }
  });
});

describe("many cheap accounts reporting a public collection", () => {
  it("hide nothing, reach the curators as one line, and are held to the report limits", async () => {
    const made = await trpc(
      t.app,
      "mutation",
      "collections.create",
      { title: "Honest local history", visibility: "public" },
      victim.cookie,
    );
    const target = made.data as CollectionDetail;
    const tries = REPORT_RULES.perAddress.limit + 5;
    const statuses: number[] = [];
    for (let index = 0; index < tries; index += 1) {
      const throwaway = await createUserWithSession(t, { name: `Throwaway ${index}` });
      const answer = await rest(t.app, "POST", `/collections/${target.id}/reports`, {
        cookie: throwaway.cookie,
        remoteAddress: "198.51.100.9",
        body: { reason: "spam", note: "spam" },
      });
      statuses.push(answer.statusCode);
      // Nor can one of them hide it itself, through either door.
      if (index === 0) {
        const hide = await rest(t.app, "POST", `/collections/${target.id}/hide`, {
          cookie: throwaway.cookie,
          body: { reason: "Spam" },
        });
        expect(hide.statusCode).toBe(403);
        const viaTrpc = await trpc(
          t.app,
          "mutation",
          "collections.hide",
          { id: target.id, reason: "Spam" },
          throwaway.cookie,
        );
        expect(viaTrpc.status).toBe(403);
        // Nor read the curators' list, or dismiss others' reports, over REST.
        const list = await rest(t.app, "GET", "/collections/reported", {
          cookie: throwaway.cookie,
        });
        expect(list.statusCode).toBe(403);
        const dismiss = await rest(t.app, "POST", `/collections/${target.id}/reports/dismiss`, {
          cookie: throwaway.cookie,
        });
        expect(dismiss.statusCode).toBe(403);
      }
    }
    expect(statuses.filter((code) => code === 201)).toHaveLength(REPORT_RULES.perAddress.limit);
    expect(new Set(statuses.slice(REPORT_RULES.perAddress.limit))).toEqual(new Set([429]));

    // Still public, listed and whole; the curators read one line that counts the reports.
    const seen = await rest(t.app, "GET", `/collections/${target.id}`);
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as CollectionDetail).status).toBe("published");
    const listed = await trpc(t.app, "query", "collections.list", {});
    expect((listed.data as { items: { id: number }[] }).items.map((item) => item.id)).toContain(
      target.id,
    );
    const curator = await createUserWithSession(t, { name: "Cora", role: "curator" });
    const reported = await trpc(t.app, "query", "collections.reported", {}, curator.cookie);
    const page = reported.data as ReportedCollectionPage;
    expect(page.total).toBe(1);
    expect(page.items[0]!.reportCount).toBe(REPORT_RULES.perAddress.limit);
    expect(page.items[0]!.reports).toHaveLength(REPORTS_SHOWN_PER_COLLECTION);
    expect(page.items[0]!.reports.every((report) => report.fromNewAccount)).toBe(true);
    // REST answers the same page, and no page larger than its bound.
    const viaRest = await rest(t.app, "GET", "/collections/reported", { cookie: curator.cookie });
    expect(viaRest.headers["x-total-count"]).toBe("1");
    expect((viaRest.json() as { reportCount: number }[])[0]!.reportCount).toBe(
      REPORT_RULES.perAddress.limit,
    );
    const huge = await rest(t.app, "GET", "/collections/reported?pageSize=100000", {
      cookie: curator.cookie,
    });
    expect(huge.statusCode).toBe(400);
  });

  it("cannot report a private collection, or learn that it exists by trying", async () => {
    const mallory = await createUserWithSession(t, { name: "Mallory" });
    const probe = async (id: number) =>
      rest(t.app, "POST", `/collections/${id}/reports`, {
        cookie: mallory.cookie,
        body: { reason: "spam" },
      });
    const secretAnswer = await probe(secret.id);
    const unknownAnswer = await probe(secret.id + 1000);
    expect(secretAnswer.statusCode).toBe(404);
    expect(secretAnswer.body).toBe(unknownAnswer.body);
    expect(t.db.$client.prepare("select count(*) from collection_reports").pluck().get()).toBe(0);
  });
});
