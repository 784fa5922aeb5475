import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ARTIFACT_TYPES, type CollectionDetail } from "@artifact-atlas/shared";
import { COLLECTION_SETS_PER_RECORD } from "../../src/harvesting/store";
import { createTestApp, trpc, type TestApp } from "../support/app";
import {
  ageHarvestRecords,
  insertArtifacts,
  insertCollection,
  oaiTime,
} from "../support/harvesting";
import {
  errorCodes,
  expectValidOai,
  oaiGet,
  tokenOf,
  type OaiAnswer,
  type Parsed,
} from "../support/oai";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Issue 34 with issue 32: public curated collections are OAI-PMH sets, `collection` and
 * `collection:{id}`. Reached through the collections' own doors (tRPC), read as a harvester reads
 * (every answer validated against the protocol's schemas): a set holds its collection's public
 * artifacts (a hidden one as a deleted record), a header names its public collections, and every
 * change of that (an item added or removed, a collection going private, hidden, to the trash or
 * away) moves the records' datestamps so that an incremental harvest sees it. A collection that is
 * not public is a set that does not exist, through every verb.
 */

let t: TestApp;
let owner: SignedInUser;
const answers: string[] = [];

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
});

afterEach(async () => {
  await expectValidOai(answers.splice(0));
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const identifier = (id: number) => `oai:localhost:artifact/${id}`;
const FIXED_SETS = ["type", ...ARTIFACT_TYPES.map((type) => `type:${type}`), "collection"];

async function get(query: string): Promise<OaiAnswer> {
  const answer = await oaiGet(t.app, query);
  answers.push(answer.body);
  return answer;
}

async function call<T>(path: string, input: unknown, kind: "query" | "mutation" = "mutation") {
  const result = await trpc(t.app, kind, path, input, owner.cookie);
  if (result.status !== 200) throw new Error(`${path}: ${result.status} ${result.response.body}`);
  return result.data as T;
}

async function collection(
  title: string,
  visibility: "public" | "unlisted" | "private",
  artifactIds: number[] = [],
): Promise<number> {
  const made = await call<CollectionDetail>("collections.create", { title, visibility });
  if (artifactIds.length > 0) await call("collections.addItems", { id: made.id, artifactIds });
  return made.id;
}

/** A curated collection of the owner's, written straight into the database. */
const collectionRow = (title: string, visibility: string, artifactIds: number[] = []) =>
  insertCollection(t.db, { ownerId: owner.id, title, visibility, artifactIds });

interface Header {
  identifier: string;
  deleted: boolean;
  sets: string[];
  title: string | null;
}

/** A whole list (every page) of `verb` with these arguments: its records' headers. */
async function harvest(arguments_: string, verb = "ListRecords"): Promise<Header[] | "none"> {
  const headers: Header[] = [];
  let query = `verb=${verb}&metadataPrefix=oai_dc&${arguments_}`;
  for (;;) {
    const answer = await get(query);
    if (errorCodes(answer).includes("noRecordsMatch")) return headers.length ? headers : "none";
    expect(errorCodes(answer)).toEqual([]);
    const list = answer.oai[verb];
    const items: Parsed[] = verb === "ListRecords" ? list.record : list.header;
    for (const item of items) {
      const header = verb === "ListRecords" ? item.header[0] : item;
      headers.push({
        identifier: header.identifier,
        deleted: header["@status"] === "deleted",
        sets: header.setSpec ?? [],
        title: item.metadata?.["oai_dc:dc"]?.["dc:title"]?.[0] ?? null,
      });
    }
    const token = tokenOf(list);
    if (!token || token.token === "") return headers;
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token.token)}`;
  }
}

const identifiers = (headers: Header[] | "none") =>
  headers === "none" ? [] : headers.map((header) => header.identifier).sort();

async function setSpecsListed(): Promise<string[]> {
  const specs: string[] = [];
  let query = "verb=ListSets";
  for (;;) {
    const answer = await get(query);
    expect(errorCodes(answer)).toEqual([]);
    specs.push(...answer.oai.ListSets.set.map((set: Parsed) => set.setSpec[0]));
    const token = tokenOf(answer.oai.ListSets);
    if (!token || token.token === "") return specs;
    query = `verb=ListSets&resumptionToken=${encodeURIComponent(token.token)}`;
  }
}

/** An error answer's body without its <request> echo and time: what it says of the set. */
const errorPart = (answer: OaiAnswer) =>
  answer.body.replace(/<responseDate>[^<]*<\/responseDate>/, "").replace(/<request[^>]*>/, "");

describe("a public curated collection", () => {
  it("is a set of its public artifacts; no other collection is one, through any verb", async () => {
    const [a, b, c, d, e] = insertArtifacts(t.db, 5);
    const [pending] = insertArtifacts(t.db, 1, () => ({ status: "pending" }));
    const coins = await collection("Roman coins of Britain", "public", [a!, b!, c!]);
    // The owner's own pending artifact in it (as adding one's own unpublished work allows).
    t.db.$client
      .prepare(
        "insert into collection_items (collection_id, artifact_id, position, added_at) values (?, ?, 9, 0)",
      )
      .run(coins, pending);
    const privateOne = await collection("Private box", "private", [a!, d!]);
    const unlisted = await collection("By link only", "unlisted", [e!]);
    const search = await call<CollectionDetail>("collections.create", {
      title: "Every tool",
      visibility: "public",
      kind: "search",
      query: { types: ["Tools"] },
    });
    const trashed = await collection("Thrown away", "public", [a!]);
    await call("collections.delete", { id: trashed });
    const hidden = await collection("Hidden by a curator", "public", [a!]);
    t.db.$client.prepare("update collections set status = 'hidden' where id = ?").run(hidden);

    const sets = await get("verb=ListSets");
    expect(sets.oai.ListSets.set.map((set: Parsed) => [set.setSpec[0], set.setName])).toEqual([
      ...FIXED_SETS.map((spec) => [spec, expect.any(String)]),
      [`collection:${coins}`, "Roman coins of Britain"],
    ]);

    const inCoins = await harvest(`set=collection:${coins}`);
    expect(identifiers(inCoins)).toEqual([a, b, c].map((id) => identifier(id!)).sort());
    expect(inCoins).not.toBe("none");
    for (const header of inCoins as Header[]) {
      expect(header.deleted).toBe(false);
      expect(header.sets).toEqual(["type:Tools", `collection:${coins}`]);
    }
    expect(identifiers(await harvest(`set=collection:${coins}`, "ListIdentifiers"))).toEqual(
      identifiers(inCoins),
    );
    expect(identifiers(await harvest("set=collection"))).toEqual(identifiers(inCoins));

    // A curator hides b: in the set it is a deleted record, its header alone.
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(b);
    const afterHide = (await harvest(`set=collection:${coins}`)) as Header[];
    const hiddenRecord = afterHide.find((header) => header.identifier === identifier(b!))!;
    expect(hiddenRecord).toMatchObject({ deleted: true, title: null });
    const shown = afterHide.filter((header) => !header.deleted).map((header) => header.title);
    expect(shown.sort()).toEqual(["Harvested artifact 0", "Harvested artifact 2"]);

    // The pending one is published: its new record is in the sets from the start.
    t.db.$client.prepare("update artifacts set status = 'published' where id = ?").run(pending);
    const withPending = [a, b, c, pending].map((id) => identifier(id!)).sort();
    expect(identifiers(await harvest(`set=collection:${coins}`))).toEqual(withPending);
    expect(identifiers(await harvest("set=collection"))).toEqual(withPending);

    // No other collection is a set: the same answer as an id that never existed.
    const never = await get("verb=ListRecords&metadataPrefix=oai_dc&set=collection:999999");
    expect(errorCodes(never)).toEqual(["noRecordsMatch"]);
    for (const id of [privateOne, unlisted, search.id, trashed, hidden]) {
      for (const verb of ["ListRecords", "ListIdentifiers"]) {
        const answer = await get(`verb=${verb}&metadataPrefix=edm&set=collection:${id}`);
        expect(errorCodes(answer)).toEqual(["noRecordsMatch"]);
        expect(errorPart(answer)).toBe(errorPart(never).replace("ListRecords", verb));
      }
    }

    // A header names the public collections alone, in every verb.
    const record = (await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(a!)}`))
      .oai.GetRecord.record[0];
    expect(record.header[0].setSpec).toEqual(["type:Tools", `collection:${coins}`]);
    const outside = (await get(`verb=GetRecord&metadataPrefix=edm&identifier=${identifier(d!)}`))
      .oai.GetRecord.record[0];
    expect(outside.header[0].setSpec).toEqual(["type:Tools"]);
    const all = (await harvest("", "ListIdentifiers")) as Header[];
    for (const header of all) {
      expect(header.sets.filter((spec) => spec.startsWith("collection"))).toEqual(
        [a, b, c, pending].map((id) => identifier(id!)).includes(header.identifier)
          ? [`collection:${coins}`]
          : [],
      );
    }
  });

  it("names at most a bounded number of collections in a header; its own set is complete", async () => {
    const [shared] = insertArtifacts(t.db, 1);
    const made: number[] = [];
    for (let n = 0; n < COLLECTION_SETS_PER_RECORD + 5; n += 1) {
      made.push(collectionRow(`Collection ${n}`, "public", [shared!]));
    }
    const record = (
      await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(shared!)}`)
    ).oai.GetRecord.record[0];
    expect(record.header[0].setSpec).toEqual([
      "type:Tools",
      ...made.slice(0, COLLECTION_SETS_PER_RECORD).map((id) => `collection:${id}`),
    ]);
    for (const id of [made[0]!, made.at(-1)!]) {
      expect(identifiers(await harvest(`set=collection:${id}`))).toEqual([identifier(shared!)]);
    }
  });
});

describe("ListSets", () => {
  it("pages the public collections from the database, with resumption tokens", async () => {
    const sqlite = t.db.$client;
    const publicIds: number[] = [];
    for (let n = 0; n < 250; n += 1) {
      publicIds.push(collectionRow(`Public ${n}`, "public"));
      collectionRow(`Private ${n}`, n % 2 ? "private" : "unlisted");
    }
    const pages: { size?: string; cursor?: string; count: number }[] = [];
    const specs: string[] = [];
    let query = "verb=ListSets";
    for (;;) {
      const answer = await get(query);
      const list = answer.oai.ListSets;
      specs.push(...list.set.map((set: Parsed) => set.setSpec[0]));
      const token = tokenOf(list);
      pages.push({ size: token?.completeListSize, cursor: token?.cursor, count: list.set.length });
      if (!token || token.token === "") break;
      query = `verb=ListSets&resumptionToken=${encodeURIComponent(token.token)}`;
      // Made private between two pages: not named on a later one.
      sqlite
        .prepare("update collections set visibility = 'private' where id = ?")
        .run(publicIds[220]);
    }
    const total = String(FIXED_SETS.length + 250);
    expect(pages).toEqual([
      { size: total, cursor: "0", count: 100 },
      { size: total, cursor: "100", count: 100 },
      { size: total, cursor: "200", count: FIXED_SETS.length + 250 - 200 - 1 },
    ]);
    expect(specs).toEqual([
      ...FIXED_SETS,
      ...publicIds.filter((id) => id !== publicIds[220]).map((id) => `collection:${id}`),
    ]);
    expect(await setSpecsListed()).not.toContain(`collection:${publicIds[220]}`);
  });
});

describe("an incremental harvest", () => {
  it("sees items added and removed and collections leaving the sets, and nothing else", async () => {
    const [a, b, c, d, e, f] = insertArtifacts(t.db, 6);
    const coins = await collection("Coins", "public", [a!, b!]);
    const lamps = await collection("Lamps", "private", [c!]);
    const going = await collection("Going away", "public", [d!]);
    const gone = await collection("Deleted with its account", "public", [e!]);
    const hidden = await collection("Hidden", "public", [f!]);

    const round = async (change: () => Promise<unknown> | unknown) => {
      ageHarvestRecords(t.db, HOUR);
      await change();
      return harvest(`from=${oaiTime(Date.now() - HOUR / 2)}`, "ListIdentifiers");
    };
    const setsOf = (headers: Header[] | "none", id: number) =>
      (headers as Header[]).find((header) => header.identifier === identifier(id))?.sets;

    // An item added to a public collection, one removed: both records move.
    const added = await round(async () => {
      await call("collections.addItems", { id: coins, artifactIds: [c!] });
      await call("collections.removeItems", { id: coins, artifactIds: [a!] });
    });
    expect(identifiers(added)).toEqual([a, c].map((id) => identifier(id!)).sort());
    expect(setsOf(added, a!)).toEqual(["type:Tools"]);
    expect(setsOf(added, c!)).toEqual(["type:Tools", `collection:${coins}`]);

    // A private collection's items, its notes and order move nothing.
    const quiet = await round(async () => {
      await call("collections.addItems", { id: lamps, artifactIds: [a!] });
      await call("collections.changeItem", {
        id: coins,
        artifactId: b!,
        change: { note: "Look at the edge.", position: 0 },
      });
      await call("collections.update", { id: coins, title: "Coins of Britain" });
    });
    expect(quiet).toBe("none");

    // Turning public brings its items in; going private, to the trash, hidden or deleted (an
    // account's cascade) takes them out: every one of their records moves.
    const madePublic = await round(() =>
      call("collections.update", { id: lamps, visibility: "public" }),
    );
    expect(identifiers(madePublic)).toEqual([a, c].map((id) => identifier(id!)).sort());
    expect(setsOf(madePublic, a!)).toEqual(["type:Tools", `collection:${lamps}`]);
    const madePrivate = await round(() =>
      call("collections.update", { id: lamps, visibility: "unlisted" }),
    );
    expect(identifiers(madePrivate)).toEqual([a, c].map((id) => identifier(id!)).sort());
    expect(setsOf(madePrivate, a!)).toEqual(["type:Tools"]);
    const trashed = await round(() => call("collections.delete", { id: going }));
    expect(identifiers(trashed)).toEqual([identifier(d!)]);
    expect(setsOf(trashed, d!)).toEqual(["type:Tools"]);
    const restored = await round(() => call("collections.restore", { id: going }));
    expect(setsOf(restored, d!)).toEqual(["type:Tools", `collection:${going}`]);
    const hiddenByCurator = await round(() =>
      t.db.$client.prepare("update collections set status = 'hidden' where id = ?").run(hidden),
    );
    expect(identifiers(hiddenByCurator)).toEqual([identifier(f!)]);
    const deleted = await round(() =>
      t.db.$client.prepare("delete from collections where id = ?").run(gone),
    );
    expect(identifiers(deleted)).toEqual([identifier(e!)]);
    expect(setsOf(deleted, e!)).toEqual(["type:Tools"]);

    // `collection` holds what the public collections hold now, and nothing that left.
    expect(identifiers(await harvest("set=collection"))).toEqual(
      [b, c, d].map((id) => identifier(id!)).sort(),
    );

    // And the sets that left are sets no more.
    for (const id of [hidden, gone]) {
      expect(
        errorCodes(await get(`verb=ListRecords&metadataPrefix=oai_dc&set=collection:${id}`)),
      ).toEqual(["noRecordsMatch"]);
    }
    expect(await setSpecsListed()).toEqual([
      ...FIXED_SETS,
      `collection:${coins}`,
      `collection:${going}`,
    ]);
  });
});
