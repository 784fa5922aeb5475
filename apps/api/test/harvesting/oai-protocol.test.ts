import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACT_TYPES } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "../support/app";
import { edmMissing } from "../support/edm";
import {
  errorCodes,
  expectValidOai,
  schemaErrors,
  oaiGet,
  oaiPost,
  tokenOf,
  type OaiAnswer,
} from "../support/oai";
import { insertArtifacts } from "../support/harvesting";

/*
 * Issue 34: OAI-PMH 2.0 as the protocol defines it (sections 3 and 4): the six verbs by GET and by
 * POST, every error condition with its code, lists in pages of 100 with resumption tokens, and
 * every answer of this file validated against the protocol's schemas (xml-schemas/).
 */

let t: TestApp;
let clock = Date.now();
const answers: OaiAnswer[] = [];
const ARTIFACTS = 230;
let ids: number[];

async function get(query: string): Promise<OaiAnswer> {
  const answer = await oaiGet(t.app, query);
  answers.push(answer);
  return answer;
}

async function post(body: string): Promise<OaiAnswer> {
  const answer = await oaiPost(t.app, body);
  answers.push(answer);
  return answer;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ids = insertArtifacts(t.db, ARTIFACTS, (index) => ({
    artifactType: ARTIFACT_TYPES[index % ARTIFACT_TYPES.length]!,
    ...(index === 1 ? { imageRights: CC_BY } : {}),
  }));
});

afterAll(async () => {
  // Every answer this file received, against OAI-PMH.xsd and oai_dc.xsd.
  await expectValidOai(answers.map((answer) => answer.body));
  await t.close();
});

const identifier = (id: number) => `oai:localhost:artifact/${id}`;
const CC_BY = "http://creativecommons.org/licenses/by/4.0/";
const NOT_EVALUATED = "http://rightsstatements.org/vocab/CNE/1.0/";

describe("the schemas", () => {
  it("refuse answers that break them, so that every valid answer means something", async () => {
    const identify = (await get("verb=Identify")).body;
    const dublinCore = (
      await get(`verb=GetRecord&identifier=${identifier(ids[0]!)}&metadataPrefix=oai_dc`)
    ).body;
    const broken = [
      identify.replace("<deletedRecord>persistent<", "<deletedRecord>sometimes<"),
      identify.replace(
        /<earliestDatestamp>[^<]*</,
        "<earliestDatestamp>2026-01-01T00:00:00+01:00<",
      ),
      dublinCore.replace("<dc:title>", "<dc:colour>blue</dc:colour><dc:title>"),
      dublinCore.replace("<setSpec>type:Tools</setSpec>", "<setSpec>type:</setSpec>"),
    ];
    const errors = await schemaErrors(broken);
    for (const index of broken.keys()) {
      expect(errors.some((error) => error.startsWith(`answer-${index}.xml`))).toBe(true);
    }
  });
});

describe("Identify", () => {
  it("names the repository, its base URL, persistent deletions and seconds granularity", async () => {
    const answer = await get("verb=Identify");
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe("text/xml; charset=utf-8");
    const identify = answer.oai.Identify;
    expect(identify).toMatchObject({
      repositoryName: "Artifact Atlas",
      baseURL: "http://localhost:3000/oai",
      protocolVersion: "2.0",
      deletedRecord: "persistent",
      granularity: "YYYY-MM-DDThh:mm:ssZ",
    });
    expect(identify.adminEmail).toEqual(["postmaster@localhost.localdomain"]);
    expect(identify.earliestDatestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(answer.oai.request).toEqual({
      "@verb": "Identify",
      "#text": "http://localhost:3000/oai",
    });
  });

  it("answers the same by POST, as a form", async () => {
    const answer = await post("verb=Identify");
    expect(answer.oai.Identify.baseURL).toBe("http://localhost:3000/oai");
  });
});

describe("ListMetadataFormats and ListSets", () => {
  it("offers oai_dc and edm, for the repository and for one item", async () => {
    for (const query of [
      "verb=ListMetadataFormats",
      `verb=ListMetadataFormats&identifier=${identifier(ids[0]!)}`,
    ]) {
      const formats = (await get(query)).oai.ListMetadataFormats.metadataFormat;
      expect(formats.map((format: { metadataPrefix: string }) => format.metadataPrefix)).toEqual([
        "oai_dc",
        "edm",
      ]);
    }
  });

  it("says idDoesNotExist for an item it does not have", async () => {
    expect(
      errorCodes(await get(`verb=ListMetadataFormats&identifier=${identifier(999_999)}`)),
    ).toEqual(["idDoesNotExist"]);
    expect(
      errorCodes(await get("verb=ListMetadataFormats&identifier=oai:elsewhere.org:artifact/1")),
    ).toEqual(["idDoesNotExist"]);
  });

  it("lists the type sets below their parent, and the collections' parent", async () => {
    const sets = (await get("verb=ListSets")).oai.ListSets.set;
    expect(sets.map((set: { setSpec: string[] }) => set.setSpec[0])).toEqual([
      "type",
      ...ARTIFACT_TYPES.map((type) => `type:${type}`),
      "collection",
    ]);
  });
});

describe("GetRecord", () => {
  it("disseminates an artifact in Dublin Core", async () => {
    const id = ids[0]!;
    const record = (await get(`verb=GetRecord&identifier=${identifier(id)}&metadataPrefix=oai_dc`))
      .oai.GetRecord.record[0];
    expect(record.header[0].identifier).toBe(identifier(id));
    expect(record.header[0].setSpec).toEqual(["type:Tools"]);
    const dc = record.metadata["oai_dc:dc"];
    expect(dc["dc:title"]).toEqual([`Harvested artifact 0`]);
    expect(dc["dc:identifier"]).toEqual([`http://localhost:3000/a/${id}`]);
    expect(dc["dc:type"]).toEqual(["Tools", "PhysicalObject"]);
    expect(dc["dc:rights"]).toBe(NOT_EVALUATED);
  });

  it("disseminates it in EDM with every mandatory property Atlas knows", async () => {
    const id = ids[1]!;
    const record = (await get(`verb=GetRecord&identifier=${identifier(id)}&metadataPrefix=edm`)).oai
      .GetRecord.record[0];
    const rdf = record.metadata["rdf:RDF"];
    const aggregation = rdf["ore:Aggregation"];
    expect(aggregation["edm:isShownAt"]["@rdf:resource"]).toBe(`http://localhost:3000/a/${id}`);
    expect(aggregation["edm:isShownBy"]["@rdf:resource"]).toBe(
      `https://images.example.org/harvest-1.jpg`,
    );
    expect(aggregation["edm:object"]["@rdf:resource"]).toBe(
      `https://images.example.org/harvest-1.jpg`,
    );
    expect(aggregation["edm:ugc"]).toBe("true");
    expect(aggregation["edm:dataProvider"]).toBe("Artifact Atlas");
    expect(rdf["edm:ProvidedCHO"]["edm:type"]).toBe("IMAGE");
    // The first image's rights (issue 30), on the image and the aggregation.
    expect(aggregation["edm:rights"]["@rdf:resource"]).toBe(CC_BY);
    expect(rdf["edm:WebResource"]["edm:rights"]["@rdf:resource"]).toBe(CC_BY);
    expect(edmMissing(rdf)).toEqual([]);
  });

  it("says which of Europeana's mandatory properties a written object lacks", async () => {
    const documentId = ids[5]!; // Documents
    const rdf = (
      await get(`verb=GetRecord&identifier=${identifier(documentId)}&metadataPrefix=edm`)
    ).oai.GetRecord.record[0].metadata["rdf:RDF"];
    expect(rdf["edm:ProvidedCHO"]["edm:type"]).toBe("TEXT");
    // Nobody gave its image rights: Copyright Not Evaluated, said as such, never left out.
    expect(rdf["ore:Aggregation"]["edm:rights"]["@rdf:resource"]).toBe(NOT_EVALUATED);
    expect(edmMissing(rdf)).toEqual(["dc:language"]);
  });

  it("answers idDoesNotExist, cannotDisseminateFormat, or both", async () => {
    const known = identifier(ids[0]!);
    expect(
      errorCodes(
        await get(`verb=GetRecord&identifier=${identifier(999_999)}&metadataPrefix=oai_dc`),
      ),
    ).toEqual(["idDoesNotExist"]);
    expect(
      errorCodes(await get(`verb=GetRecord&identifier=${known}&metadataPrefix=marc21`)),
    ).toEqual(["cannotDisseminateFormat"]);
    expect(
      errorCodes(await get(`verb=GetRecord&identifier=nothing&metadataPrefix=marc21`)),
    ).toEqual(["idDoesNotExist", "cannotDisseminateFormat"]);
    const echoed = await get(`verb=GetRecord&identifier=${known}&metadataPrefix=marc21`);
    expect(echoed.oai.request["@metadataPrefix"]).toBe("marc21");
  });
});

describe("lists in pages with resumption tokens", () => {
  it.each(["ListRecords", "ListIdentifiers"])(
    "%s gives every record once, 100 a page, with completeListSize and cursor",
    async (verb) => {
      const seen: string[] = [];
      let answer = await get(`verb=${verb}&metadataPrefix=oai_dc`);
      const cursors: string[] = [];
      for (let page = 0; page < 10; page += 1) {
        const list = answer.oai[verb];
        const items =
          verb === "ListRecords"
            ? list.record.map((record: { header: { identifier: string }[] }) => record.header[0])
            : list.header;
        seen.push(...items.map((header: { identifier: string }) => header.identifier));
        const token = tokenOf(list)!;
        expect(token.completeListSize).toBe(String(ARTIFACTS));
        cursors.push(token.cursor!);
        if (token.token === "") break;
        expect(token.expirationDate).toMatch(/Z$/);
        // Alternately by POST: a token is the same argument either way.
        answer =
          page % 2 === 0
            ? await post(`verb=${verb}&resumptionToken=${encodeURIComponent(token.token)}`)
            : await get(`verb=${verb}&resumptionToken=${encodeURIComponent(token.token)}`);
      }
      expect(cursors).toEqual(["0", "100", "200"]);
      expect(seen).toHaveLength(ARTIFACTS);
      expect(new Set(seen).size).toBe(ARTIFACTS);
      expect(new Set(seen)).toEqual(new Set(ids.map(identifier)));
    },
  );

  it("selects by set: a type, or the parent of every type", async () => {
    const tools = await get("verb=ListIdentifiers&metadataPrefix=edm&set=type:Tools");
    const expected = ids.filter((_id, index) => index % ARTIFACT_TYPES.length === 0);
    expect(
      tools.oai.ListIdentifiers.header.map((header: { identifier: string }) => header.identifier),
    ).toEqual(expected.map(identifier));
    expect(tokenOf(tools.oai.ListIdentifiers)).toBeNull();
    const all = await get("verb=ListIdentifiers&metadataPrefix=edm&set=type");
    expect(tokenOf(all.oai.ListIdentifiers)?.completeListSize).toBe(String(ARTIFACTS));
  });

  it("selects by from and until, by the second or by the day", async () => {
    const today = new Date(clock).toISOString().slice(0, 10);
    const byDay = await get(
      `verb=ListIdentifiers&metadataPrefix=oai_dc&from=${today}&until=${today}`,
    );
    expect(tokenOf(byDay.oai.ListIdentifiers)?.completeListSize).toBe(String(ARTIFACTS));
    const later = new Date(clock + 60 * 60 * 1000).toISOString().slice(0, 19) + "Z";
    expect(errorCodes(await get(`verb=ListRecords&metadataPrefix=oai_dc&from=${later}`))).toEqual([
      "noRecordsMatch",
    ]);
    expect(
      errorCodes(await get("verb=ListRecords&metadataPrefix=oai_dc&until=2000-01-01T00:00:00Z")),
    ).toEqual(["noRecordsMatch"]);
  });

  it("says noRecordsMatch for a set that holds nothing, cannotDisseminateFormat for another format", async () => {
    expect(
      errorCodes(await get("verb=ListRecords&metadataPrefix=oai_dc&set=collection:12")),
    ).toEqual(["noRecordsMatch"]);
    expect(errorCodes(await get("verb=ListRecords&metadataPrefix=mods"))).toEqual([
      "cannotDisseminateFormat",
    ]);
  });
});

describe("badVerb and badArgument, with the request echoed without arguments", () => {
  it.each([
    ["no verb", ""],
    ["an unknown verb", "verb=Harvest"],
    ["a repeated verb", "verb=Identify&verb=Identify"],
    ["a verb in the wrong case", "verb=identify"],
  ])("badVerb for %s", async (_name, query) => {
    const answer = await get(query);
    expect(errorCodes(answer)).toEqual(["badVerb"]);
    expect(answer.oai.request).toBe("http://localhost:3000/oai");
  });

  it.each([
    ["an argument the verb does not take", "verb=Identify&metadataPrefix=oai_dc"],
    ["an unknown argument", "verb=ListSets&colour=blue"],
    ["a repeated argument", "verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=edm"],
    ["a missing metadataPrefix", "verb=ListRecords"],
    ["a missing identifier", "verb=GetRecord&metadataPrefix=oai_dc"],
    ["a token with other arguments", "verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc"],
    ["a malformed from", "verb=ListRecords&metadataPrefix=oai_dc&from=yesterday"],
    ["a time without Z", "verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01T00:00:00"],
    ["a finer granularity", "verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01T00:00:00.5Z"],
    ["a date that does not exist", "verb=ListRecords&metadataPrefix=oai_dc&until=2026-02-30"],
    [
      "two granularities",
      "verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01&until=2026-02-01T00:00:00Z",
    ],
    ["from after until", "verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-01&until=2026-01-01"],
    ["a set that is no setSpec", "verb=ListRecords&metadataPrefix=oai_dc&set=type%3A"],
    ["a prefix with a space", "verb=ListRecords&metadataPrefix=oai%20dc"],
    ["an identifier with a space", "verb=GetRecord&metadataPrefix=oai_dc&identifier=a%20b"],
  ])("badArgument for %s", async (_name, query) => {
    const answer = await get(query);
    expect(errorCodes(answer)).toEqual(["badArgument"]);
    expect(answer.oai.request).toBe("http://localhost:3000/oai");
  });

  it("answers the same errors by POST", async () => {
    expect(errorCodes(await post("verb=Harvest"))).toEqual(["badVerb"]);
    expect(errorCodes(await post("verb=ListRecords"))).toEqual(["badArgument"]);
  });
});

describe("badResumptionToken", () => {
  async function firstToken(verb = "ListRecords"): Promise<string> {
    const answer = await get(`verb=${verb}&metadataPrefix=oai_dc`);
    return tokenOf(answer.oai[verb])!.token;
  }

  it("for a token that is not ours, altered, of another list or too long", async () => {
    const token = await firstToken();
    const [payload, signature] = token.split(".");
    const state = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...state, cursor: 0, afterId: 0 })).toString(
      "base64url",
    );
    for (const bad of [
      "not-a-token",
      `${forged}.${signature}`,
      `${payload}.${"A".repeat(signature!.length)}`,
      `${token}.more`,
      "x".repeat(600),
    ]) {
      const answer = await get(`verb=ListRecords&resumptionToken=${encodeURIComponent(bad)}`);
      expect(errorCodes(answer)).toEqual(["badResumptionToken"]);
    }
    // A ListRecords token does not continue ListIdentifiers, nor ListSets.
    expect(errorCodes(await get(`verb=ListIdentifiers&resumptionToken=${token}`))).toEqual([
      "badResumptionToken",
    ]);
    expect(errorCodes(await get(`verb=ListSets&resumptionToken=${token}`))).toEqual([
      "badResumptionToken",
    ]);
  });

  it("honours a token for a day at least, and not after its expirationDate", async () => {
    const token = await firstToken("ListIdentifiers");
    const started = clock;
    try {
      clock = started + 24 * 60 * 60 * 1000;
      expect(errorCodes(await get(`verb=ListIdentifiers&resumptionToken=${token}`))).toEqual([]);
      clock = started + 49 * 60 * 60 * 1000;
      expect(errorCodes(await get(`verb=ListIdentifiers&resumptionToken=${token}`))).toEqual([
        "badResumptionToken",
      ]);
    } finally {
      clock = started;
    }
  });
});

describe("flow control", () => {
  it("answers 503 with Retry-After while every slot is taken, by GET and POST", async () => {
    const { slots } = t.app.deps.harvesting;
    const taken: (() => void)[] = [];
    for (let release = slots.take(); release; release = slots.take()) taken.push(release);
    try {
      for (const answer of [
        await oaiGet(t.app, "verb=Identify"),
        await oaiPost(t.app, "verb=Identify"),
      ]) {
        expect(answer.status).toBe(503);
        expect(answer.body).toContain("Several harvests are running right now");
      }
      const response = await t.app.inject({ method: "GET", url: "/oai?verb=Identify" });
      expect(response.headers["retry-after"]).toBe("5");
    } finally {
      for (const release of taken) release();
    }
    expect((await get("verb=Identify")).status).toBe(200);
  });
});

describe("deleted records", () => {
  it("are answered as deleted, by their header alone, in every format", async () => {
    const id = ids[2]!;
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(id);
    for (const prefix of ["oai_dc", "edm"]) {
      const answer = await get(
        `verb=GetRecord&identifier=${identifier(id)}&metadataPrefix=${prefix}`,
      );
      const record = answer.oai.GetRecord.record[0];
      expect(record.header[0]["@status"]).toBe("deleted");
      expect(record.metadata).toBeUndefined();
      expect(answer.body).not.toContain("Harvested artifact 2<");
    }
  });
});
