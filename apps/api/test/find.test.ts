import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Artifact,
  ArtifactFacets,
  ArtifactPage,
  ArtifactType,
  FindFilters,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../src/db/client";
import * as schema from "../src/db/schema";
import { createArtifactStore } from "../src/store/artifact-store";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { facetsOf, listPage } from "./support/find";
import { rest } from "./support/rest";
import { createUserWithSession } from "./support/users";

/*
 * Issue 18's filters, facets and all-fields search, through tRPC and REST, checked against a plain
 * TypeScript reference over a small collection: every combination of filters, the facet counts
 * given the other filters, hostile search text, and the query plans.
 */

interface Fixture {
  name: string;
  type: ArtifactType;
  createdAt: string;
  location: string;
  context: string;
  /** The century the artifact is placed in (the middle of its created range), or null. */
  century: number | null;
  /** Its created range's middle year. */
  year: number | null;
}

const FIXTURES: Fixture[] = [
  {
    name: "Bronze Axe",
    type: "Tools",
    createdAt: "c. 1300–1046 BC",
    location: "British Museum, London",
    context: "Cast in a Béziers workshop.",
    century: -12,
    year: -1173,
  },
  {
    name: "Béziers Panel",
    type: "Art",
    createdAt: "15th century",
    location: "Louvre, Paris",
    context: "A painted altar panel.",
    century: 15,
    year: 1450,
  },
  {
    name: "Gutenberg Leaf",
    type: "Art",
    createdAt: "1455",
    location: "British Museum, London",
    context: "A printed page of the Bible.",
    century: 15,
    year: 1455,
  },
  {
    name: "Rosetta Stone",
    type: "Documents",
    createdAt: "196 BC",
    location: "British Museum, London",
    context: "A decree in three scripts.",
    century: -2,
    year: -196,
  },
  {
    name: "Unknown Hammer",
    type: "Tools",
    createdAt: "Never lost",
    location: "Louvre, Paris",
    context: "A hammer of bronze.",
    century: null,
    year: null,
  },
  {
    name: "Dodecahedron",
    type: "Monument",
    createdAt: "AD 150–400",
    location: "Gallo-Romeins Museum, Tongeren",
    context: "Twelve faces, each pierced.",
    century: 3,
    year: 275,
  },
];

let t: TestApp;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUserWithSession(t);
  for (const fixture of FIXTURES) {
    const artifact = await addArtifact(t, owner, {
      artifactName: fixture.name,
      artifactType: fixture.type,
      createdAt: fixture.createdAt,
      presentLocation: fixture.location,
      historicalContext: fixture.context,
    });
    ids.set(fixture.name, artifact.id);
  }
});
afterAll(async () => {
  await t.close();
});

const EMPTY: FindFilters = { types: [], eras: [], locations: [], rights: [], countries: [] };

/** A name search: a substring, ignoring ASCII case. */
const inName = (search: string) => (fixture: Fixture) =>
  fixture.name.toLowerCase().includes(search.toLowerCase());

/** The reference: which fixtures a find matches, with a name search or another `matches`. */
function reference(
  filters: FindFilters,
  search = "",
  matches: (fixture: Fixture) => boolean = inName(search),
): Fixture[] {
  const spans = filters.eras.map((era) => {
    const index = Number(era.slice(1));
    const size = era.startsWith("c") ? 100 : 1000;
    return index < 0
      ? [index * size, (index + 1) * size - 1]
      : [(index - 1) * size + 1, index * size];
  });
  if (filters.fromYear !== undefined || filters.toYear !== undefined) {
    spans.push([filters.fromYear ?? -5_000_000, filters.toYear ?? 2100]);
  }
  return FIXTURES.filter(
    (fixture) =>
      (filters.types.length === 0 || filters.types.includes(fixture.type)) &&
      (spans.length === 0 ||
        spans.some(
          ([from, to]) => fixture.year !== null && fixture.year >= from! && fixture.year <= to!,
        )) &&
      (filters.locations.length === 0 || filters.locations.includes(fixture.location)) &&
      matches(fixture),
  );
}

async function list(input: Record<string, unknown>): Promise<ArtifactPage> {
  const result = await trpc(t.app, "query", "artifacts.list", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as ArtifactPage;
}

async function facets(input: Record<string, unknown>): Promise<ArtifactFacets> {
  const result = await trpc(t.app, "query", "artifacts.facets", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as ArtifactFacets;
}

const namesOf = (items: Artifact[]) => items.map((item) => item.artifactName).sort();

/** Every combination of a type filter, an era filter, a location filter and a name search. */
const COMBINATIONS: { filters: FindFilters; search: string }[] = [];
for (const types of [[], ["Art"], ["Art", "Tools"]] as ArtifactType[][]) {
  for (const eras of [[], ["c15"], ["c15", "c-12"], ["m-2"]]) {
    for (const locations of [
      [],
      ["British Museum, London"],
      ["Louvre, Paris", "British Museum, London"],
    ]) {
      for (const search of ["", "e", "ston"]) {
        COMBINATIONS.push({
          filters: { types, eras, locations, rights: [], countries: [] },
          search,
        });
      }
    }
  }
}
COMBINATIONS.push({ filters: { ...EMPTY, fromYear: -200, toYear: 300 }, search: "" });
COMBINATIONS.push({ filters: { ...EMPTY, eras: ["c15"], fromYear: -200 }, search: "" });
// Every fixture's image is "Copyright Not Evaluated": rights=unknown keeps them all, and these
// check the Rights filter's plans beside the others (find-rights.test.ts checks its matches).
COMBINATIONS.push({ filters: { ...EMPTY, rights: ["unknown"] }, search: "" });
COMBINATIONS.push({
  filters: { ...EMPTY, types: ["Art"], rights: ["ask", "unknown"] },
  search: "e",
});
COMBINATIONS.push({
  filters: { ...EMPTY, eras: ["c15"], locations: ["Louvre, Paris"], rights: ["unknown"] },
  search: "ston",
});
COMBINATIONS.push({ filters: { ...EMPTY, types: ["Tools"], toYear: 0 - 1 }, search: "" });

describe("filters", () => {
  it("combine values of one filter with OR and filters with AND, in every combination", async () => {
    for (const { filters, search } of COMBINATIONS) {
      const page = await list({ ...filters, search });
      const expected = reference(filters, search)
        .map((fixture) => fixture.name)
        .sort();
      expect(namesOf(page.items), JSON.stringify({ filters, search })).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
  });

  it("count each filter's values given the other filters, in every combination", async () => {
    for (const { filters, search } of COMBINATIONS) {
      const counted = await facets({ ...filters, search });
      expectFacets(counted, filters, inName(search), JSON.stringify({ filters, search }));
    }
  });

  it("count them for an all-fields search too, in every combination", async () => {
    // Which fixtures each search finds in any field (checked by "finds words of every text field").
    const found: Record<string, string[]> = {
      bronze: ["Bronze Axe", "Unknown Hammer"],
      beziers: ["Bronze Axe", "Béziers Panel"],
      london: ["Bronze Axe", "Gutenberg Leaf", "Rosetta Stone"],
    };
    for (const { filters } of COMBINATIONS.filter((combination) => !combination.search)) {
      for (const [words, names] of Object.entries(found)) {
        const counted = await facets({ ...filters, search: words, in: "all" });
        const label = JSON.stringify({ filters, words });
        expectFacets(counted, filters, (fixture) => names.includes(fixture.name), label);
      }
    }
  });

  it("count every match of a search with filters on any page, past the last one too", async () => {
    const found: Record<string, string[]> = {
      bronze: ["Bronze Axe", "Unknown Hammer"],
      london: ["Bronze Axe", "Gutenberg Leaf", "Rosetta Stone"],
    };
    for (const { filters, search } of COMBINATIONS.filter((combination) => combination.search)) {
      const names = reference(filters, search).map((fixture) => fixture.name);
      for (const page of [1, 2]) {
        const label = JSON.stringify({ filters, search, page });
        const answer = await list({ ...filters, search, page });
        expect(answer.total, label).toBe(names.length);
        expect(namesOf(answer.items), label).toEqual(page === 1 ? names.sort() : []);
      }
    }
    for (const { filters } of COMBINATIONS.filter((combination) => !combination.search)) {
      for (const [words, matching] of Object.entries(found)) {
        const names = reference(filters, words, (fixture) => matching.includes(fixture.name)).map(
          (fixture) => fixture.name,
        );
        for (const page of [1, 2]) {
          const label = JSON.stringify({ filters, words, page });
          const answer = await list({ ...filters, search: words, in: "all", page });
          expect(answer.total, label).toBe(names.length);
          expect(namesOf(answer.items), label).toEqual(page === 1 ? names.sort() : []);
        }
      }
    }
  });

  it("go with every sort, unrecognised dates last when sorted by date", async () => {
    const page = await list({ types: ["Tools", "Documents"], sort: "date_asc" });
    expect(page.items.map((item) => item.artifactName)).toEqual([
      "Bronze Axe",
      "Rosetta Stone",
      "Unknown Hammer",
    ]);
    const likes = await list({ types: ["Tools"], sort: "desc" });
    expect(likes.items).toHaveLength(2);
  });

  it("refuse values that are not filters with a 400, never a 5xx", async () => {
    for (const input of [
      { types: ["Pottery"] },
      { eras: ["c0"] },
      { eras: ["c15x"] },
      { eras: Array.from({ length: 30 }, (_, i) => `c${i + 1}`) },
      { fromYear: 0 },
      { fromYear: 1500, toYear: 1400 },
      { fromYear: 1e12 },
      { locations: ["x".repeat(500)] },
      { locations: Array.from({ length: 11 }, (_, i) => `Place ${i}`) },
      { in: "everything" },
    ]) {
      for (const path of ["artifacts.list", "artifacts.facets"]) {
        const result = await trpc(t.app, "query", path, input);
        expect(result.status, `${path} ${JSON.stringify(input).slice(0, 80)}`).toBe(400);
      }
    }
  });
});

/** The facets a find answered, against the reference's counts given the other filters. */
function expectFacets(
  counted: ArtifactFacets,
  filters: FindFilters,
  matches: (fixture: Fixture) => boolean,
  label: string,
): void {
  const byType = reference({ ...filters, types: [] }, "", matches);
  expect(Object.fromEntries(counted.types.map((row) => [row.value, row.count])), label).toEqual(
    countBy(byType, (fixture) => fixture.type),
  );
  const byEra = reference(
    { ...filters, eras: [], fromYear: undefined, toYear: undefined } as FindFilters,
    "",
    matches,
  );
  expect(Object.fromEntries(counted.centuries.map((row) => [row.value, row.count])), label).toEqual(
    countBy(
      byEra.filter((fixture) => fixture.century !== null),
      (f) => String(f.century),
    ),
  );
  expect(counted.undated, label).toBe(byEra.filter((fixture) => fixture.century === null).length);
  const byLocation = countBy(
    reference({ ...filters, locations: [] }, "", matches),
    (f) => f.location,
  );
  for (const chosen of filters.locations) byLocation[chosen] ??= 0;
  expect(Object.fromEntries(counted.locations.map((row) => [row.value, row.count])), label).toEqual(
    byLocation,
  );
  // Most common first, as the list of places shows them.
  const top = counted.locations.filter((row) => !filters.locations.includes(row.value));
  expect(
    top.map((row) => row.count),
    label,
  ).toEqual(top.map((row) => row.count).sort((a, b) => b - a));
  expect(
    counted.centuries.map((row) => row.value),
    label,
  ).toEqual(counted.centuries.map((row) => row.value).sort((a, b) => a - b));
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe("search in all fields", () => {
  it("ignores case and accents, ranks the name first and answers highlights as ranges", async () => {
    const page = await list({ search: "BEZIERS", in: "all" });
    expect(page.items.map((item) => item.artifactName)).toEqual(["Béziers Panel", "Bronze Axe"]);
    expect(page.highlights).toEqual([
      { artifactName: [[0, 7]], historicalContext: [] },
      { artifactName: [], historicalContext: [[10, 17]] },
    ]);
    const [panel, axe] = page.items;
    expect(panel?.artifactName.slice(0, 7)).toBe("Béziers");
    expect(axe?.historicalContext.slice(10, 17)).toBe("Béziers");
  });

  it("finds words of every text field, and words they begin", async () => {
    const byPlace = await list({ search: "tongeren", in: "all" });
    expect(namesOf(byPlace.items)).toEqual(["Dodecahedron"]);
    const byContext = await list({ search: "bronz", in: "all" });
    expect(namesOf(byContext.items)).toEqual(["Bronze Axe", "Unknown Hammer"]);
    const withFilter = await list({
      search: "bronze",
      in: "all",
      types: ["Tools"],
      sort: "date_asc",
    });
    expect(withFilter.items.map((item) => item.artifactName)).toEqual([
      "Bronze Axe",
      "Unknown Hammer",
    ]);
    const names = await list({ search: "bronz" });
    expect(namesOf(names.items)).toEqual(["Bronze Axe"]);
    expect(names.highlights).toBeUndefined();
  });

  it("leaves out stop words when a search has other words, and looks for them alone", async () => {
    // No text of the Bronze Axe holds "the" or "of": every word of a search must match.
    const phrase = await list({ search: "The axe of bronze", in: "all" });
    expect(phrase.items.map((item) => item.artifactName)).toEqual(["Bronze Axe"]);
    expect(phrase.highlights).toEqual([
      {
        artifactName: [
          [0, 6],
          [7, 10],
        ],
        historicalContext: [],
      },
    ]);
    const alone = await list({ search: "the", in: "all" });
    expect(namesOf(alone.items)).toEqual(["Gutenberg Leaf"]);
    expect(alone.highlights).toEqual([{ artifactName: [], historicalContext: [[18, 21]] }]);
    const facetsOfPhrase = await facets({ search: "The axe of bronze", in: "all" });
    expect(facetsOfPhrase.types).toEqual([{ value: "Tools", count: 1 }]);
  });

  const HOSTILE = [
    '"',
    '""',
    "'",
    "l'homme",
    "*",
    "**",
    "bronze*",
    "-",
    "-bronze",
    "a-b",
    "NEAR(bronze axe)",
    "NEAR",
    "AND",
    "OR",
    "NOT",
    "bronze AND axe",
    "bronze OR",
    "artifact_name:bronze",
    "{artifact_name historical_context}: bronze",
    "^bronze",
    "(",
    ")",
    "a",
    "ab",
    "\u0000",
    "bronze\u0000",
    "%",
    "_",
    "\\",
    "rank:1",
    "'; drop table artifacts; --",
    "😀",
    "b\u0301eziers",
    "x".repeat(100),
  ];

  it("takes any text without breaking: it works or finds nothing, never a 5xx (tRPC)", async () => {
    for (const search of HOSTILE) {
      for (const scope of ["all", "names"]) {
        for (const extra of [{}, { types: ["Tools"] }, { eras: ["c-12"], sort: "date_desc" }]) {
          const listed = await trpc(t.app, "query", "artifacts.list", {
            search,
            in: scope,
            ...extra,
          });
          expect(listed.status, `${JSON.stringify(search)} ${scope}`).toBe(200);
          const counted = await trpc(t.app, "query", "artifacts.facets", {
            search,
            in: scope,
            ...extra,
          });
          expect(counted.status, `${JSON.stringify(search)} ${scope}`).toBe(200);
        }
      }
    }
    // Operators and punctuation are plain words or separators: every word must be found.
    expect(namesOf((await list({ search: "bronze-axe", in: "all" })).items)).toEqual([
      "Bronze Axe",
    ]);
    expect(namesOf((await list({ search: "(bronze)*", in: "all" })).items)).toEqual([
      "Bronze Axe",
      "Unknown Hammer",
    ]);
    expect((await list({ search: "NEAR(bronze axe)", in: "all" })).total).toBe(0);
    expect((await list({ search: "artifact_name:bronze", in: "all" })).total).toBe(0);
    expect((await list({ search: '"', in: "all" })).total).toBe(0);
  });

  it("takes any text without breaking through REST too", async () => {
    for (const q of HOSTILE) {
      const response = await rest(t.app, "GET", `/artifacts?in=all&q=${encodeURIComponent(q)}`);
      expect(response.statusCode, JSON.stringify(q)).toBe(200);
    }
  });
});

describe("REST GET /artifacts", () => {
  async function names(query: string): Promise<string[]> {
    const response = await rest(t.app, "GET", `/artifacts?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Artifact[]).map((item) => item.artifactName);
  }

  it("takes the same filters and search as the web app", async () => {
    expect((await names("type=Art&type=Tools")).sort()).toEqual(
      ["Béziers Panel", "Bronze Axe", "Gutenberg Leaf", "Unknown Hammer"].sort(),
    );
    expect((await names("era=c15")).sort()).toEqual(["Béziers Panel", "Gutenberg Leaf"]);
    expect((await names("fromYear=-200&toYear=300")).sort()).toEqual([
      "Dodecahedron",
      "Rosetta Stone",
    ]);
    expect(await names("location=Louvre%2C%20Paris&type=Art")).toEqual(["Béziers Panel"]);
    expect(await names("q=beziers&in=all")).toEqual(["Béziers Panel", "Bronze Axe"]);
    expect(await names("q=stone")).toEqual(["Rosetta Stone"]);
    expect(await names("sort=date_desc&type=Tools")).toEqual(["Bronze Axe", "Unknown Hammer"]);
    expect((await names("sort=date_asc")).at(-1)).toBe("Unknown Hammer");
  });

  it("links the next page with the same filters", async () => {
    const response = await rest(t.app, "GET", "/artifacts?type=Art&type=Tools&era=c15&pageSize=1");
    expect(response.headers["x-total-count"]).toBe("2");
    expect(response.headers.link).toContain("type=Art&type=Tools&era=c15&page=2&pageSize=1");
  });

  it("counts a search with filters on its own pages and past the last one", async () => {
    for (const [query, total, first] of [
      ["q=bronze&in=all&type=Tools&type=Art&pageSize=1", "2", 1],
      ["q=bronze&in=all&type=Tools&type=Art&pageSize=1&page=3", "2", 0],
      ["q=ston&type=Documents&pageSize=1&page=2", "1", 0],
      ["q=bronze&in=all&type=Monument&pageSize=1", "0", 0],
    ] as const) {
      const response = await rest(t.app, "GET", `/artifacts?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers["x-total-count"], query).toBe(total);
      expect((response.json() as Artifact[]).length, query).toBe(first);
    }
  });

  it.each([
    ["era=c0", "era"],
    ["era=x", "era"],
    ["fromYear=0", "fromYear"],
    ["fromYear=abc", "fromYear"],
    ["fromYear=10&toYear=5", "toYear"],
    ["sort=name", "sort"],
    ["in=everything", "in"],
    [`q=${"x".repeat(101)}`, "q"],
  ])("refuses ?%s with a 400 naming %s", async (query, field) => {
    const response = await rest(t.app, "GET", `/artifacts?${query}`);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error.startsWith(`${field}: `)).toBe(true);
  });

  it("keeps the spec's plain list when no new parameter is given", async () => {
    const response = await rest(t.app, "GET", "/artifacts?type=Art");
    expect(response.statusCode).toBe(200);
    expect((response.json() as Artifact[]).map((item) => item.artifactName).sort()).toEqual([
      "Béziers Panel",
      "Gutenberg Leaf",
    ]);
    expect(response.headers.link).toBe(
      '</artifacts?type=Art&page=1&pageSize=100>; rel="first", </artifacts?type=Art&page=1&pageSize=100>; rel="last"',
    );
  });
});

describe("query plans", () => {
  it("no filter, facet or search reads the artifacts table from end to end, or runs a search per row", () => {
    const statements: string[] = [];
    const sqlite = new Database(t.env.databasePath, {
      verbose: (statement) => statements.push(String(statement)),
    });
    try {
      const store = createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase, {
        readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
      });
      for (const { filters, search } of COMBINATIONS) {
        for (const scope of ["names", "all"] as const) {
          listPage(store, { search, in: scope, ...filters, sort: "default", page: 1 });
          listPage(store, { search, in: scope, ...filters, sort: "date_asc", page: 1 });
          facetsOf(store, { ...filters, search, in: scope });
        }
      }
      const tableScan = /\bSCAN artifacts\b(?! USING (?:COVERING )?INDEX)/;
      // Walking a whole index that lacks the filters' columns looks up every row in the table.
      const rowByRowWalk = /\bSCAN artifacts USING INDEX\b/;
      // FTS5 given a rowid constraint (`=` in its plan) runs the MATCH again for each id.
      const matchPerRow = /artifacts_fts VIRTUAL TABLE INDEX \d+:=/;
      const seen = new Set(statements);
      expect(seen.size).toBeGreaterThan(20);
      // Issue 30: a list reads the first image from the artifact's own columns, never the
      // images table, so more images per artifact cost a list nothing.
      expect([...seen].filter((statement) => /\bartifact_images\b/.test(statement))).toEqual([]);
      for (const statement of seen) {
        const plan = (
          sqlite.prepare(`explain query plan ${statement}`).all() as { detail: string }[]
        )
          .map((step) => step.detail)
          .join(" | ");
        expect(plan, statement).not.toMatch(tableScan);
        expect(plan, statement).not.toMatch(rowByRowWalk);
        expect(plan, statement).not.toMatch(matchPerRow);
      }
    } finally {
      sqlite.close();
    }
  });

  it("a search's counts, pages and facets read each match from the find's id index, not the table", () => {
    const statements: string[] = [];
    const sqlite = new Database(t.env.databasePath, {
      verbose: (statement) => statements.push(String(statement)),
    });
    const planOf = (statement: string) =>
      (sqlite.prepare(`explain query plan ${statement}`).all() as { detail: string }[])
        .map((step) => step.detail)
        .join(" | ");
    try {
      const store = createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase, {
        readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
      });
      for (const [search, scope, type] of [
        ["bronze", "all", "Tools"],
        ["ston", "names", "Documents"],
        ["e", "names", "Art"],
      ] as const) {
        // A type each search finds, so that every page is read.
        const filters = { ...EMPTY, types: [type] };
        const searching = (): string[] =>
          statements.filter((statement) => /_fts match|artifact_name like/.test(statement));
        statements.length = 0;
        facetsOf(store, { ...filters, search, in: scope });
        // One statement counts the facets from one look at the matches (the countries of its
        // ids are counted in memory, store/place-countries.ts, which reads no match).
        expect(searching(), search).toHaveLength(1);
        const read = [...searching()];
        for (const sort of ["date_asc", "desc", "default"] as const) {
          statements.length = 0;
          const page = listPage(store, { search, in: scope, ...filters, sort, page: 1 });
          expect(page.items.length, `${search} ${sort}`).toBeGreaterThan(0);
          // The page's statement counts the matches too: a second one found them all again.
          expect(searching(), `${search} ${sort}`).toHaveLength(1);
          read.push(...searching());
        }
        // A search that finds nothing with this filter still searches once.
        statements.length = 0;
        const none = listPage(store, {
          search,
          in: scope,
          ...EMPTY,
          types: ["Writings"],
          sort: "default",
          page: 1,
        });
        expect(none.total, search).toBe(0);
        expect(searching(), `${search} finding nothing`).toHaveLength(1);
        for (const statement of read) {
          expect(planOf(statement), statement).not.toMatch(
            /SEARCH artifacts USING INTEGER PRIMARY KEY/,
          );
        }
      }
    } finally {
      sqlite.close();
    }
  });
});
