import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COLLECTION_SETS_PER_RECORD } from "../../src/harvesting/store";
import { insertArtifacts, insertCollection } from "../support/harvesting";
import { parseXml, schemaErrors, type Parsed } from "../support/oai";
import { startServer, stopServer, type ServerProcess } from "../support/server";
import { healthyThroughout, MEMORY_BUDGET_MB, withPeakResident } from "./support";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/*
 * Collections as OAI-PMH sets (issue 34 with issue 32) as an attacker would try them, against the
 * real server process with npm start's heap cap: thousands of sets and one artifact put in
 * hundreds of them (every page and header stays bounded), set names huge, malformed and made to
 * break the XML, a private collection's set asked for by its id, and a token of a set that
 * became private since. Nothing of a collection that is not public comes out, through any verb.
 */

const ARTIFACTS = 300;
const PUBLIC_COLLECTIONS = 2_000;
/** The collections one artifact is put in: far more than a header names. */
const CROWDED = 300;
/** Written into every private collection's title: it must appear in no answer. */
const SECRET = "Secret-private-collection";

let dir: string;
let databasePath: string;
let server: ServerProcess;
let artifactIds: number[];
let ownerId: number;
let big: number;

function withDatabase<T>(use: (db: Database.Database) => T): T {
  const db = new Database(databasePath);
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  try {
    return use(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-harvest-sets-attacks-"));
  databasePath = join(dir, "atlas.db");
  server = await startServer({
    databasePath,
    productionNodeOptions: true,
    env: { WORK_BUDGET_MS_PER_MINUTE: "600000" },
  });
  withDatabase((db) => {
    artifactIds = insertArtifacts(db, ARTIFACTS);
    ownerId = db
      .prepare("select owner_id from artifacts where id = ?")
      .pluck()
      .get(artifactIds[0]) as number;
    db.transaction(() => {
      // Titles as long as a title may be, with what XML cannot hold or must escape.
      const hostile = (n: number) =>
        `]]></setName><setSpec>type</setSpec> & <x y="'"> \u0001\u0008\uFFFE ${n} `.padEnd(
          120,
          "é",
        );
      for (let n = 0; n < PUBLIC_COLLECTIONS; n += 1) {
        insertCollection(db, {
          ownerId,
          title: hostile(n),
          visibility: "public",
          artifactIds: n < CROWDED ? [artifactIds[0]!] : [],
        });
        insertCollection(db, {
          ownerId,
          title: `${SECRET} ${n}`,
          visibility: n % 2 ? "private" : "unlisted",
          artifactIds: [artifactIds[0]!, artifactIds[1]!],
        });
      }
    })();
    // One public collection of 150 records: its list takes two pages.
    big = insertCollection(db, {
      ownerId,
      title: "Big",
      visibility: "public",
      artifactIds: artifactIds.slice(100, 250),
    });
  });
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

const oai = async (query: string) => {
  const answer = await fetch(`${server.url}/oai?${query}`);
  expect(answer.status).toBe(200);
  return answer.text();
};
const oaiOf = (xml: string): Parsed => parseXml(xml)["OAI-PMH"];
const codesOf = (xml: string): string[] =>
  (oaiOf(xml)?.error ?? []).map((error: { "@code": string }) => error["@code"]);
const tokenIn = (xml: string) => /<resumptionToken[^>]*>([^<]+)</.exec(xml)?.[1];

describe("thousands of sets", () => {
  it("are listed a bounded page at a time, valid whatever their titles hold", async () => {
    const pages: string[] = [];
    const listing = (async () => {
      let query = "verb=ListSets";
      for (;;) {
        const xml = await oai(query);
        pages.push(xml);
        const token = tokenIn(xml);
        if (!token) break;
        query = `verb=ListSets&resumptionToken=${encodeURIComponent(token)}`;
      }
    })();
    const { peakMb } = await withPeakResident(server.child.pid!, () =>
      healthyThroughout(server.url, listing),
    );
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
    const sets = pages.flatMap((xml) => oaiOf(xml).ListSets.set as Parsed[]);
    expect(pages.length).toBe(Math.ceil(sets.length / 100));
    for (const xml of pages) {
      expect(oaiOf(xml).ListSets.set.length).toBeLessThanOrEqual(100);
      expect(xml.length).toBeLessThan(100 * 1_000);
      expect(xml).not.toContain(SECRET);
    }
    const collections = sets.filter((set) => set.setSpec[0].startsWith("collection:"));
    expect(collections).toHaveLength(PUBLIC_COLLECTIONS + 1);
    // The hostile title came through as text: no element of it, its control characters left out.
    expect(collections[0].setName).toBe(
      `]]></setName><setSpec>type</setSpec> & <x y="'">  0 `.padEnd(120 - 3, "é"),
    );
    expect(await schemaErrors(pages)).toEqual([]);
  });

  it("name at most a bounded number in a header, however many hold the record", async () => {
    const id = artifactIds[0]!;
    const started = performance.now();
    const xml = await oai(
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:artifact/${id}`,
    );
    const record = oaiOf(xml).GetRecord?.record?.[0];
    expect(record, xml).toBeDefined();
    expect(record.header[0].setSpec).toHaveLength(1 + COLLECTION_SETS_PER_RECORD);
    expect(performance.now() - started).toBeLessThan(1_000);
    // A page of such records: one query for the page's sets, bounded per record.
    const page = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection");
    for (const header of oaiOf(page).ListIdentifiers.header as Parsed[]) {
      expect(header.setSpec.length).toBeLessThanOrEqual(1 + COLLECTION_SETS_PER_RECORD);
    }
    expect(xml + page).not.toContain(SECRET);
    expect(await schemaErrors([xml, page])).toEqual([]);
  });
});

describe("set names", () => {
  it("huge, malformed or made up are refused or match nothing, and the server stays up", async () => {
    const attack = (async () => {
      const asked: [string, string[]][] = [
        [`collection:${"9".repeat(300)}`, ["badArgument"]],
        [`collection:${"9".repeat(200)}`, ["noRecordsMatch"]],
        ["collection:99999999999999999999", ["noRecordsMatch"]],
        [`collection:${Number.MAX_SAFE_INTEGER}`, ["noRecordsMatch"]],
        ["collection:0", ["noRecordsMatch"]],
        ["collection:-1", ["noRecordsMatch"]],
        ["collection:01", ["noRecordsMatch"]],
        ["collection:1e3", ["noRecordsMatch"]],
        ["collection:0x10", ["noRecordsMatch"]],
        [`collection:${big}:${big}`, ["noRecordsMatch"]],
        ["collection:", ["badArgument"]],
        [`collection:${big} or 1=1`, ["badArgument"]],
        [`collection:${big}%00`, ["badArgument"]],
        [`collection:${big}'--`, ["noRecordsMatch"]],
      ];
      for (const [set, codes] of asked) {
        const xml = await oai(
          `verb=ListIdentifiers&metadataPrefix=oai_dc&set=${set.includes("%") ? set : encodeURIComponent(set)}`,
        );
        expect(codesOf(xml), set).toEqual(codes);
      }
      // Thousands of set arguments at once: one badArgument.
      const repeated = await oai(
        `verb=ListRecords&metadataPrefix=edm${`&set=collection:${big}`.repeat(500)}`,
      );
      expect(codesOf(repeated)).toEqual(["badArgument"]);
    })();
    await healthyThroughout(server.url, attack);
  });
});

describe("a collection that is not public", () => {
  it("is a set that does not exist: the same answer as an id that never was, nothing of it", async () => {
    const hidden = withDatabase(
      (db) =>
        db
          .prepare("select id from collections where visibility <> 'public' order by id limit 2")
          .pluck()
          .all() as number[],
    );
    const never = await oai("verb=ListRecords&metadataPrefix=oai_dc&set=collection:999999");
    const stripped = (xml: string) =>
      xml.replace(/<responseDate>[^<]*<\/responseDate>/, "").replace(/<request[^>]*>/, "");
    for (const id of hidden) {
      const xml = await oai(`verb=ListRecords&metadataPrefix=oai_dc&set=collection:${id}`);
      expect(stripped(xml)).toBe(stripped(never));
    }
  });

  it("ends a list begun while it was public: its token then finds nothing", async () => {
    const first = await oai(`verb=ListRecords&metadataPrefix=oai_dc&set=collection:${big}`);
    expect(oaiOf(first).ListRecords.record).toHaveLength(100);
    const token = tokenIn(first)!;
    withDatabase((db) =>
      db.prepare("update collections set visibility = 'private' where id = ?").run(big),
    );
    try {
      const next = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
      expect(codesOf(next)).toEqual(["noRecordsMatch"]);
      expect(next).not.toContain("<record>");
      const again = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:${big}`);
      expect(codesOf(again)).toEqual(["noRecordsMatch"]);
      // Its token pointed at another collection: the signature no longer fits.
      const [payload, signature] = token.split(".") as [string, string];
      const state = JSON.parse(Buffer.from(payload, "base64url").toString());
      const forged = `${Buffer.from(JSON.stringify({ ...state, set: "collection:1" })).toString("base64url")}.${signature}`;
      const refused = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(forged)}`);
      expect(codesOf(refused)).toEqual(["badResumptionToken"]);
      expect(await schemaErrors([first, next, again, refused])).toEqual([]);
    } finally {
      withDatabase((db) =>
        db.prepare("update collections set visibility = 'public' where id = ?").run(big),
      );
    }
  });
});
