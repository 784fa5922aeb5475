import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, type ArtifactPage } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { fingerprint } from "../support/fingerprint";
import { createUserWithSession } from "../support/users";

/*
 * SQL (LIKE) and FTS5 query syntax in the search box: every character is literal. The answer is
 * exactly the names that contain the search, ignoring ASCII letter case (spec: case-insensitive
 * substring of the name), whether the search runs on LIKE or on a full-text index.
 */

const NAMES = [
  "O'Brien's Oil Lamp",
  'The "Quoted" Vase',
  "100% Bronze Mirror",
  "snake_case Tablet",
  "Star * Chart",
  "NEAR the River Stele",
  "Stone AND Iron OR Clay",
  "NOT a Forgery",
  "(Parenthesized) Coin",
  "Back\\slash Scroll",
  "caret^colon: Jar",
  "Plus+Minus-Dash Ring",
  "Semi;colon -- Dropped Bowl",
  "Curly {braces} Box",
  "Ünïcödé Bowl",
  "日本の刀",
  "🏺 Amphora",
  "Nearby Ordinary Andiron",
  "Underscore Lover",
  "Percentage Weights",
];

const SEARCHES = [
  "'",
  '"',
  "%",
  "_",
  "*",
  "NEAR",
  "near",
  "AND",
  "OR",
  "NOT",
  "(",
  ")",
  "\\",
  "^",
  ":",
  "-",
  "+",
  ";",
  "{",
  "O'Brien",
  '"Quoted"',
  "100%",
  "e_c",
  "%%",
  "__",
  "NEAR(",
  "NEAR(a b)",
  "AND OR",
  "Stone AND Iron",
  "' OR '1'='1",
  "' OR 1=1 --",
  '"; DROP TABLE artifacts; --',
  "') OR ('a'='a",
  'a" OR "b',
  "St*",
  "*ar",
  "col:val",
  "artifact_name:Lamp",
  "^Star",
  "-Dash",
  "\\s",
  "Back\\",
  "Ünï",
  "日本",
  "🏺",
  "  OR  ",
  "x".repeat(100),
];

/**
 * The expected answer: names holding every word of the search, in any order (issue 29); words of
 * three characters or more compared without case or accents, shorter ones without ASCII case.
 */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
function expectedNames(search: string): string[] {
  const words = [...new Set(search.trim().split(/\s+/u))];
  const holds = (name: string, word: string) =>
    [...word].length >= 3
      ? folded(name).includes(folded(word))
      : asciiLower(name).includes(asciiLower(word));
  return NAMES.filter((name) => words.every((word) => holds(name, word))).sort();
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUserWithSession(t);
  for (const artifactName of NAMES) await addArtifact(t, user, { artifactName });
});

afterAll(async () => {
  await t.close();
});

/** Every page of the answer, checking that each page is consistent with the total. */
async function searchAll(search: string): Promise<{ names: string[]; total: number }> {
  const names: string[] = [];
  let total = 0;
  for (let page = 1; page <= 10; page += 1) {
    const result = await trpc(t.app, "query", "artifacts.list", { search, page });
    expect(result.status, `${search} page ${page}`).toBe(200);
    const data = result.data as ArtifactPage;
    total = data.total;
    names.push(...data.items.map((item) => item.artifactName));
    if (page >= data.pageCount) break;
    expect(data.items).toHaveLength(PAGE_SIZE);
  }
  return { names: names.sort(), total };
}

describe("artifacts.list search", () => {
  it.each(SEARCHES)("treats %j literally", async (search) => {
    const before = fingerprint(t.db);
    const expected = expectedNames(search);
    const { names, total } = await searchAll(search);
    expect(names).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(fingerprint(t.db)).toEqual(before);
  });

  it("finds names that contain the metacharacters themselves", () => {
    // A guard on the table above: most searches must find something, or the test proves little.
    const finding = SEARCHES.filter((search) => expectedNames(search).length > 0);
    expect(finding.length).toBeGreaterThan(SEARCHES.length * 0.6);
  });

  it("answers 400, never 500, to a search that is too long or not text", async () => {
    for (const search of ["x".repeat(101), 42, ["a"], { $ne: "" }, null]) {
      const result = await trpc(t.app, "query", "artifacts.list", { search });
      expect(result.status, JSON.stringify(search).slice(0, 20)).toBe(400);
    }
  });

  it("keeps every sort order correct with metacharacters in the search", async () => {
    for (const sort of ["default", "asc", "desc"] as const) {
      const result = await trpc(t.app, "query", "artifacts.list", { search: "%", sort });
      expect(result.status).toBe(200);
      expect((result.data as ArtifactPage).items.map((item) => item.artifactName).sort()).toEqual(
        expectedNames("%"),
      );
    }
  });
});
