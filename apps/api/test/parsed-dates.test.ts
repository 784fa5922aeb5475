import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DATE_PARSER_VERSION, type Artifact, type ArtifactPage } from "@artifact-atlas/shared";
// The golden table is the parser's own test data; the demo collection must be covered by it.
import { DEMO_COLLECTION_DATES } from "../../../packages/shared/src/dates/golden-dates";
import { demoArtifacts } from "../src/db/seed/demo-collection";
import { seedDemoCollection } from "../src/db/seed";
import { refreshParsedDates } from "../src/store/artifact-dates";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/* The derived year columns: written on create and edit, filled at start, answered by REST. */

let t: TestApp;
let owner: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t);
});
afterEach(async () => {
  await t.close();
});

interface DateColumns {
  created_from_year: number | null;
  created_to_year: number | null;
  created_precision: string | null;
  created_qualifier: string | null;
  created_year: number | null;
  discovered_from_year: number | null;
  dates_parser_version: number;
}

function dateColumnsOf(id: number): DateColumns {
  return t.db.$client
    .prepare(
      `select created_from_year, created_to_year, created_precision, created_qualifier,
         created_year, discovered_from_year, dates_parser_version from artifacts where id = ?`,
    )
    .get(id) as DateColumns;
}

describe("the parsed dates of an artifact", () => {
  it("are written on create and on every edit", async () => {
    const artifact = await addArtifact(t, owner, {
      createdAt: "c. 1300–1046 BC",
      discoveredAt: "1939",
    });
    expect(dateColumnsOf(artifact.id)).toEqual({
      created_from_year: -1310,
      created_to_year: -1036,
      created_precision: "year",
      created_qualifier: "circa",
      created_year: -1173,
      discovered_from_year: 1939,
      dates_parser_version: DATE_PARSER_VERSION,
    });

    const { id, ...fields } = artifact;
    const edited = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      {
        id,
        fields: {
          ...Object.fromEntries(
            ["artifactName", "artifactImage", "artifactType", "historicalContext"].map((key) => [
              key,
              fields[key as keyof typeof fields],
            ]),
          ),
          createdAt: "Never lost",
          discoveredAt: "15th century",
          discoveredBy: "Someone",
          presentLocation: "Somewhere",
        },
      },
      owner.cookie,
    );
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({
      createdAt: "Never lost",
      createdFromYear: null,
      createdToYear: null,
      discoveredFromYear: 1401,
      discoveredToYear: 1500,
    });
    expect(dateColumnsOf(id)).toMatchObject({ created_year: null, created_qualifier: null });
  });

  it("are answered by REST beside the spec's fields, null when not recognised", async () => {
    const artifact = await addArtifact(t, owner, {
      createdAt: "5th century BC",
      discoveredAt: "?",
    });
    const response = await rest(t.app, "GET", `/artifacts/${artifact.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: String(artifact.id),
      createdAt: "5th century BC",
      discoveredAt: "?",
      createdFromYear: -500,
      createdToYear: -401,
      discoveredFromYear: null,
      discoveredToYear: null,
    });
  });

  it("are filled at start for rows never parsed or parsed by an older parser", async () => {
    const fresh = await addArtifact(t, owner, { createdAt: "1215" });
    const old = await addArtifact(t, owner, { createdAt: "1920s" });
    // As a database migrated from before the columns, and one parsed by an older parser.
    t.db.$client
      .prepare(
        `update artifacts set created_from_year = null, created_to_year = null,
           created_year = null, dates_parser_version = 0 where id = ?`,
      )
      .run(fresh.id);
    t.db.$client
      .prepare("update artifacts set created_from_year = 1, dates_parser_version = ? where id = ?")
      .run(DATE_PARSER_VERSION - 1, old.id);
    expect(refreshParsedDates(t.db)).toBe(2);
    expect(dateColumnsOf(fresh.id)).toMatchObject({ created_from_year: 1215, created_year: 1215 });
    expect(dateColumnsOf(old.id)).toMatchObject({ created_from_year: 1920, created_to_year: 1929 });
    // Current rows are left alone.
    expect(refreshParsedDates(t.db)).toBe(0);
  });

  it("refreshes thousands of rows in batches", () => {
    const sqlite = t.db.$client;
    const insert = sqlite.prepare(
      `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
         historical_context, created_at, discovered_at, discovered_by, present_location, username)
       values (?, ?, 'https://images.example.org/a.jpg', 'Art', 'Context', ?, '1900', 'Someone',
         'Somewhere', 'Owner')`,
    );
    sqlite.transaction(() => {
      for (let i = 1; i <= 2500; i += 1) insert.run(owner.id, `Batch ${i}`, `${i} BC`);
    })();
    expect(refreshParsedDates(t.db)).toBe(2500);
    const unparsed = sqlite
      .prepare("select count(*) as n from artifacts where created_from_year is null")
      .get() as { n: number };
    expect(unparsed.n).toBe(0);
  });

  it("cover every date of the demo collection, each in the parser's golden table", () => {
    const golden = new Map(DEMO_COLLECTION_DATES.map(([text, expected]) => [text, expected]));
    for (const demo of demoArtifacts) {
      expect(golden.has(demo.createdAt), demo.createdAt).toBe(true);
      expect(golden.has(demo.discoveredAt), demo.discoveredAt).toBe(true);
    }
    seedDemoCollection(t.db);
    const rows = t.db.$client
      .prepare("select created_at, created_from_year, created_to_year from artifacts")
      .all() as { created_at: string; created_from_year: number | null; created_to_year: number }[];
    for (const row of rows) {
      const expected = golden.get(row.created_at);
      expect(row.created_from_year, row.created_at).toBe(expected ? expected[0] : null);
    }
  });
});

describe("Date created sorts", () => {
  it("order by the first year, then the last, unrecognised dates last both ways", async () => {
    const made = [];
    for (const createdAt of [
      "1215",
      "Never lost",
      "c. 1300–1046 BC",
      "5th century BC",
      "1215–1300",
    ]) {
      made.push(await addArtifact(t, owner, { createdAt }));
    }
    const order = async (sort: string) => {
      const result = await trpc(t.app, "query", "artifacts.list", { sort });
      expect(result.status).toBe(200);
      return (result.data as ArtifactPage).items.map((artifact: Artifact) => artifact.createdAt);
    };
    expect(await order("date_asc")).toEqual([
      "c. 1300–1046 BC",
      "5th century BC",
      "1215",
      "1215–1300",
      "Never lost",
    ]);
    expect(await order("date_desc")).toEqual([
      "1215–1300",
      "1215",
      "5th century BC",
      "c. 1300–1046 BC",
      "Never lost",
    ]);
    expect(made).toHaveLength(5);
  });
});
