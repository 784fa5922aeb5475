import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TRASH_DAYS, type ReviewedArtifact } from "@artifact-atlas/shared";
import { updateHarvestSettings } from "../../src/harvesting/settings";
import { purgeExpiredTrash } from "../../src/services/trash";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { ageHarvestRecords, oaiTime } from "../support/harvesting";
import { errorCodes, expectValidOai, oaiGet, tokenOf, type OaiAnswer } from "../support/oai";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { decided, entryFor } from "../review/support";

/*
 * Issue 34's "done when": a harvester that came before asks with `from` for what changed since,
 * after edits, curators' decisions, the trash and its purge, reached through the product's own
 * doors. What stopped being public comes back as a deleted record and nothing of it; what changed
 * comes with its new data; what did not change does not come at all.
 */

let t: TestApp;
let owner: SignedInUser;
let curator: SignedInUser;
let admin: SignedInUser;
const answers: string[] = [];

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olga Owner" });
  curator = await createUserWithSession(t, { role: "curator" });
  admin = await createUserWithSession(t, { role: "admin" });
});

afterEach(async () => {
  await expectValidOai(answers.splice(0));
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const identifier = (id: number) => `oai:localhost:artifact/${id}`;

interface Harvested {
  identifier: string;
  deleted: boolean;
  title: string | null;
}

/** A whole ListRecords harvest (every page) in oai_dc, from `from` if given. */
async function harvest(from?: number): Promise<Harvested[]> {
  const records: Harvested[] = [];
  let query = `verb=ListRecords&metadataPrefix=oai_dc${from === undefined ? "" : `&from=${oaiTime(from)}`}`;
  for (;;) {
    const answer: OaiAnswer = await oaiGet(t.app, query);
    answers.push(answer.body);
    if (errorCodes(answer).includes("noRecordsMatch")) return records;
    expect(errorCodes(answer)).toEqual([]);
    for (const record of answer.oai.ListRecords.record) {
      const header = record.header[0];
      records.push({
        identifier: header.identifier,
        deleted: header["@status"] === "deleted",
        title: record.metadata?.["oai_dc:dc"]?.["dc:title"]?.[0] ?? null,
      });
      if (header["@status"] === "deleted") expect(record.metadata).toBeUndefined();
    }
    const token = tokenOf(answer.oai.ListRecords);
    if (!token || token.token === "") return records;
    query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token.token)}`;
  }
}

async function add(name: string): Promise<ReviewedArtifact> {
  return addArtifact(t, owner, { artifactName: name });
}

describe("an incremental harvest", () => {
  it("gets edits, decisions, deletions and purges since the last one, and nothing else", async () => {
    const kept = await add("Kept Amphora");
    const edited = await add("Bronze Lamp");
    const rejected = await add("Doubtful Coin");
    const hidden = await add("Spam Tablet");
    const trashed = await add("Broken Jar");
    const purged = await add("Lost Helmet");
    const first = await harvest();
    expect(first.map((record) => record.title)).toEqual([
      "Kept Amphora",
      "Bronze Lamp",
      "Doubtful Coin",
      "Spam Tablet",
      "Broken Jar",
      "Lost Helmet",
    ]);
    // That harvest was an hour ago.
    ageHarvestRecords(t.db, HOUR);
    const since = Date.now() - HOUR / 2;

    const update = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: edited.id, fields: artifactFields({ artifactName: "Bronze Oil Lamp" }) },
      owner.cookie,
    );
    expect(update.status).toBe(200);
    const rejectEntry = await entryFor(t, curator, rejected.id, "new");
    await decided(t, curator, {
      entryId: rejectEntry.id,
      decision: "reject",
      reason: "Inaccurate",
    });
    const hideEntry = await entryFor(t, curator, hidden.id, "new");
    await decided(t, curator, { entryId: hideEntry.id, decision: "hide", reason: "Spam" });
    for (const gone of [trashed, purged]) {
      const removal = await trpc(
        t.app,
        "mutation",
        "artifacts.delete",
        { id: gone.id },
        owner.cookie,
      );
      expect(removal.status).toBe(200);
    }
    purgeExpiredTrash(t.db, Date.now() + (TRASH_DAYS + 1) * 24 * HOUR);
    expect(
      t.db.$client.prepare("select count(*) from artifacts where id = ?").pluck().get(purged.id),
    ).toBe(0);

    const firstAnswers = answers.length;
    const changes = await harvest(since);
    expect(changes).toEqual([
      { identifier: identifier(edited.id), deleted: false, title: "Bronze Oil Lamp" },
      { identifier: identifier(rejected.id), deleted: true, title: null },
      { identifier: identifier(hidden.id), deleted: true, title: null },
      { identifier: identifier(trashed.id), deleted: true, title: null },
      { identifier: identifier(purged.id), deleted: true, title: null },
    ]);
    expect(changes.map((record) => record.identifier)).not.toContain(identifier(kept.id));
    // No answer since carries a word of what is no longer public.
    for (const body of answers.slice(firstAnswers)) {
      for (const name of ["Doubtful Coin", "Spam Tablet", "Broken Jar", "Lost Helmet"]) {
        expect(body).not.toContain(name);
      }
    }
  });

  it("a like or a review note moves no datestamp; a restore brings the record back", async () => {
    const artifact = await add("Silver Ring");
    ageHarvestRecords(t.db, HOUR);
    const since = Date.now() - HOUR / 2;
    const liker = await createUserWithSession(t);
    expect(
      (await trpc(t.app, "mutation", "likes.like", { id: artifact.id }, liker.cookie)).status,
    ).toBe(200);
    expect(await harvest(since)).toEqual([]);

    await trpc(t.app, "mutation", "artifacts.delete", { id: artifact.id }, owner.cookie);
    expect(await harvest(since)).toEqual([
      { identifier: identifier(artifact.id), deleted: true, title: null },
    ]);
    const restore = await trpc(
      t.app,
      "mutation",
      "trash.restore",
      { id: artifact.id },
      curator.cookie,
    );
    expect(restore.status).toBe(200);
    expect(await harvest(since)).toEqual([
      { identifier: identifier(artifact.id), deleted: false, title: "Silver Ring" },
    ]);
  });

  it("never lists what was never public", async () => {
    const pendingTest = await createTestApp({ REVIEW_MODE: "pre" });
    try {
      const member = await createUserWithSession(pendingTest);
      const waiting = await addArtifact(pendingTest, member, { artifactName: "Waiting Vase" });
      const answer = await oaiGet(
        pendingTest.app,
        `verb=GetRecord&identifier=${identifier(waiting.id)}&metadataPrefix=oai_dc`,
      );
      answers.push(answer.body);
      expect(errorCodes(answer)).toEqual(["idDoesNotExist"]);
      const list = await oaiGet(pendingTest.app, "verb=ListIdentifiers&metadataPrefix=oai_dc");
      answers.push(list.body);
      expect(errorCodes(list)).toEqual(["noRecordsMatch"]);
    } finally {
      await pendingTest.close();
    }
  });
});

describe("only records approved by a curator", () => {
  it("holds back what waits for a first review, and tells harvesters when it comes or goes", async () => {
    const approvedBefore = await add("Reviewed Bowl");
    const entry = await entryFor(t, curator, approvedBefore.id, "new");
    await decided(t, curator, { entryId: entry.id, decision: "approve" });
    const unreviewed = await add("Fresh Spoon");
    ageHarvestRecords(t.db, HOUR);
    const since = Date.now() - HOUR / 2;

    updateHarvestSettings(
      t.db,
      admin,
      { onlyApproved: true, dataProvider: "", provider: "", adminEmail: "", requestId: null },
      Date.now(),
    );
    // The setting takes the unreviewed one out, as a deletion harvesters learn of.
    expect(await harvest(since)).toEqual([
      { identifier: identifier(unreviewed.id), deleted: true, title: null },
    ]);
    const later = await add("Later Cup");
    const now = await harvest();
    expect(now.find((record) => record.identifier === identifier(later.id))).toEqual({
      identifier: identifier(later.id),
      deleted: true,
      title: null,
    });
    expect(now.find((record) => record.identifier === identifier(approvedBefore.id))?.deleted).toBe(
      false,
    );

    const laterEntry = await entryFor(t, curator, later.id, "new");
    await decided(t, curator, { entryId: laterEntry.id, decision: "approve" });
    const afterApproval = await harvest();
    expect(afterApproval.find((record) => record.identifier === identifier(later.id))).toEqual({
      identifier: identifier(later.id),
      deleted: false,
      title: "Later Cup",
    });
  });

  it("gets an artifact whose first image's rights alone changed, with its new edm:rights", async () => {
    const fields = artifactFields({ artifactName: "Painted Bowl" });
    const changed = await add("Painted Bowl");
    const kept = await add("Plain Bowl");
    expect((await harvest()).map((record) => record.title)).toEqual(["Painted Bowl", "Plain Bowl"]);
    ageHarvestRecords(t.db, HOUR);
    const since = Date.now() - HOUR / 2;

    const ccBy = "http://creativecommons.org/licenses/by/4.0/";
    const images = [{ url: changed.artifactImage, alt: "", rights: ccBy }];
    const update = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: changed.id, fields: { ...fields, artifactImage: changed.artifactImage, images } },
      owner.cookie,
    );
    expect(update.status, JSON.stringify(update.error)).toBe(200);

    expect(await harvest(since)).toEqual([
      { identifier: identifier(changed.id), deleted: false, title: "Painted Bowl" },
    ]);
    const edm = await oaiGet(
      t.app,
      `verb=GetRecord&identifier=${identifier(changed.id)}&metadataPrefix=edm`,
    );
    answers.push(edm.body);
    const rdf = edm.oai.GetRecord.record[0].metadata["rdf:RDF"];
    expect(rdf["ore:Aggregation"]["edm:rights"]["@rdf:resource"]).toBe(ccBy);
    expect(kept.id).not.toBe(changed.id);
  });
});
