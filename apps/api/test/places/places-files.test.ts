import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ArtifactPlaces, ImportReport, PlaceInput } from "@artifact-atlas/shared";
import { parseCsv } from "../../src/open-data/csv";
import { COUNTRY_LOOKUP_VERSION, readPlaces } from "../../src/services/places/places";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/* Issue 31: places through the export and back through the import. */

let t: TestApp;
let curator: SignedInUser;
let member: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  curator = await createUserWithSession(t, { name: "Clio Curator", role: "curator" });
  member = await createUserWithSession(t, { name: "Mina Member" });
});

afterEach(async () => {
  await t.close();
});

const FINDSPOT: PlaceInput = {
  label: "Sutton Hoo",
  lat: 52.08891,
  lon: 1.33792,
  precision: "exact",
};
const MUSEUM: PlaceInput = {
  label: "British Museum, London",
  lat: 51.5194,
  lon: -0.127,
  precision: "exact",
  geonamesId: 6944334,
};

function upload(file: string, format: "csv" | "json", query: string) {
  const type = format === "csv" ? "text/csv" : "application/ld+json";
  return rest(t.app, "POST", `/imports${query}`, {
    cookie: curator.cookie,
    payload: file,
    headers: { "content-type": type },
  });
}

async function withPlaces(): Promise<number> {
  const artifact = await addArtifact(t, member, { artifactName: "Sutton Hoo Helmet" });
  const set = await trpc(
    t.app,
    "mutation",
    "places.set",
    { id: artifact.id, findspot: FINDSPOT, presentPlace: MUSEUM },
    member.cookie,
  );
  expect(set.error).toBeUndefined();
  return artifact.id;
}

/** The public's view of the places above: the findspot on its 10 km square. */
const PUBLIC_PLACES: ArtifactPlaces = {
  findspot: {
    label: "Sutton Hoo",
    lat: 52.05,
    lon: 1.35,
    precision: "about-10km",
    geonamesId: null,
  },
  presentPlace: { ...MUSEUM, geonamesId: 6944334 },
};

describe("places in the export", () => {
  it("are the public's view in CSV: the findspot on its square, never the exact point", async () => {
    await withPlaces();
    const csv = (await rest(t.app, "GET", "/export?format=csv")).body;
    const [header, row] = parseCsv(csv);
    const record = Object.fromEntries(header!.map((name, i) => [name, row![i]]));
    expect(record).toMatchObject({
      findspotLabel: "Sutton Hoo",
      findspotLat: "52.05",
      findspotLon: "1.35",
      findspotPrecision: "about-10km",
      findspotGeonamesId: "",
      presentPlaceLabel: "British Museum, London",
      presentPlaceLat: "51.5194",
      presentPlaceGeonamesId: "6944334",
    });
    expect(csv).not.toContain("52.08891");
    expect(csv).not.toContain("1.33792");
  });

  it("are the public's view in JSON-LD", async () => {
    await withPlaces();
    const document = (await rest(t.app, "GET", "/export?format=json")).json() as {
      "@graph": Record<string, unknown>[];
    };
    expect(document["@graph"][0]).toMatchObject({
      findspotLat: 52.05,
      findspotLon: 1.35,
      findspotPrecision: "about-10km",
      presentPlaceGeonamesId: 6944334,
    });
  });
});

describe("places through export and import", () => {
  it.each(["csv", "json"] as const)("come back as exported (%s)", async (format) => {
    await withPlaces();
    const file = (await rest(t.app, "GET", `/export?format=${format}`)).body;
    const run = await upload(file, format, "?dryRun=false");
    expect(run.statusCode, run.body).toBe(201);
    const report = run.json() as ImportReport;
    expect(report).toMatchObject({ added: 1, rejected: 0 });
    const imported = t.db.$client.prepare("select max(id) as id from artifacts").get() as {
      id: number;
    };
    expect(readPlaces(t.db, imported.id, true)).toEqual(PUBLIC_PLACES);
    // With their countries as the import answers: nothing is left for a later fill.
    const countries = t.db.$client
      .prepare(
        "select kind, country, country_version as version from artifact_places where artifact_id = ? order by kind",
      )
      .all(imported.id);
    expect(countries).toEqual([
      { kind: "findspot", country: "GB", version: COUNTRY_LOOKUP_VERSION },
      { kind: "presentPlace", country: "GB", version: COUNTRY_LOOKUP_VERSION },
    ]);
  });

  it("rejects a row whose place is off the globe, naming the column, and keeps it", async () => {
    const header = [
      "artifactName",
      "artifactImage",
      "artifactType",
      "historicalContext",
      "createdAt",
      "discoveredAt",
      "discoveredBy",
      "presentLocation",
      "findspotLabel",
      "findspotLat",
      "findspotLon",
    ];
    const row = [
      "Lost Coin",
      "https://images.example.org/coin.jpg",
      "Others",
      "A coin.",
      "100 AD",
      "1990",
      "A detectorist",
      "A museum",
      "A field",
      "95",
      "abc",
    ];
    const file = `${header.join(",")}\r\n${row.join(",")}\r\n`;
    const report = (await upload(file, "csv", "?dryRun=true")).json() as ImportReport;
    expect(report).toMatchObject({ added: 0, rejected: 1 });
    expect(report.rows[0]!.problems.map((problem) => problem.field)).toEqual([
      "findspotLat",
      "findspotLon",
    ]);
    const [rejectedHeader, rejected] = parseCsv(report.rejectedCsv);
    expect(rejected![rejectedHeader!.indexOf("findspotLat")]).toBe("95");
  });

  it("reads a row without place columns as an artifact without places", async () => {
    const file = [
      "artifactName,artifactImage,artifactType,historicalContext,createdAt,discoveredAt,discoveredBy,presentLocation",
      "Plain Pot,https://images.example.org/pot.jpg,Others,A pot.,100 AD,1990,A farmer,A museum",
    ].join("\r\n");
    const run = await upload(file, "csv", "?dryRun=false");
    expect(run.statusCode, run.body).toBe(201);
    const imported = t.db.$client.prepare("select max(id) as id from artifacts").get() as {
      id: number;
    };
    expect(readPlaces(t.db, imported.id, true)).toEqual({ findspot: null, presentPlace: null });
  });
});
