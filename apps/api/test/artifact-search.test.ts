import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE, SORT_VALUES, type Artifact, type SortValue } from "@artifact-atlas/shared";
import { closeDatabase, openDatabase, type AppDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { READ_CACHE_DEFAULTS } from "../src/db/read-cache";
import * as schema from "../src/db/schema";
import { createArtifactStore, type ArtifactStore } from "../src/store/artifact-store";
import { nearerEnd } from "../src/store/find";
import { nameWords } from "../src/store/find-sql";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { listPage } from "./support/find";
import { copyTemplateDatabase } from "./support/template-database";
import { createUserWithSession } from "./support/users";

/*
 * artifacts.list at the level of its SQL: words of three or more characters go to the FTS5
 * trigram indexes, one or two to LIKE over a narrow index with a cached count, deep pages are
 * read from the nearer end. Whatever the path, the answer must be exactly "the names that hold
 * every word of the search, in any order" (issue 29), ignoring case and accents in words of three
 * characters or more and ASCII letter case in shorter ones, in the sort's order; checked here
 * against a plain TypeScript reference.
 */

const SORTS: readonly SortValue[] = SORT_VALUES;

/**
 * The reference: every word (at most 8) is in the name. A word of three characters or more is
 * compared without case or accents; a shorter one as SQLite's LIKE compares it, folding ASCII
 * letters only, so é and É stay different.
 */
function contains(name: string, search: string): boolean {
  const ascii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = [...new Set(search.split(/\s+/u).filter((word) => word.length > 0))].slice(0, 8);
  return words.every((word) =>
    [...word].length >= 3 ? folded(name).includes(folded(word)) : ascii(name).includes(ascii(word)),
  );
}

interface Row {
  id: number;
  name: string;
  likes: number;
}

function referenceOrder(rows: Row[], sort: SortValue): Row[] {
  const sorted = [...rows];
  if (sort === "default") sorted.sort((a, b) => b.id - a.id);
  if (sort === "asc") sorted.sort((a, b) => a.likes - b.likes || a.id - b.id);
  if (sort === "desc") sorted.sort((a, b) => b.likes - a.likes || a.id - b.id);
  // seed() writes no parsed dates: every date is unrecognised, and ties go by id.
  if (sort === "date_asc") sorted.sort((a, b) => a.id - b.id);
  if (sort === "date_desc") sorted.sort((a, b) => b.id - a.id);
  return sorted;
}

/** Every page of a search, as the API answers them, until the first empty one. */
function allPages(store: ArtifactStore, search: string | undefined, sort: SortValue) {
  const first = listPage(store, { search, sort, page: 1 });
  const items: Artifact[] = [...first.items];
  for (let page = 2; page <= first.pageCount; page += 1) {
    const next = listPage(store, { search, sort, page });
    expect(next.total).toBe(first.total);
    items.push(...next.items);
  }
  const past = listPage(store, { search, sort, page: first.pageCount + 1 });
  expect(past.items).toEqual([]);
  expect(past.total).toBe(first.total);
  return { total: first.total, pageCount: first.pageCount, items };
}

/** Writes artifacts straight to SQL (the triggers still run) and gives each its like count. */
function seed(db: AppDatabase, names: string[], likesOf: (index: number) => number): Row[] {
  const sqlite = db.$client;
  const userIds: number[] = [];
  const insertUser = sqlite.prepare("insert into users (email, name) values (?, ?) returning id");
  const insertArtifact = sqlite.prepare(
    `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
       historical_context, created_at, discovered_at, discovered_by, present_location, username)
     values (?, ?, 'https://images.example.org/a.jpg', 'Art', 'Context', '100 BC', '1900', 'Someone',
       'Somewhere', 'Owner') returning id`,
  );
  const insertLike = sqlite.prepare("insert into likes (artifact_id, user_id) values (?, ?)");
  const suffix = sqlite.prepare("select count(*) as n from users").get() as { n: number };
  return sqlite.transaction(() => {
    const maxLikes = Math.max(0, ...names.map((_, index) => likesOf(index)));
    for (let i = 0; i <= maxLikes; i += 1) {
      const row = insertUser.get(`seed${suffix.n}-${i}@example.com`, `Seed ${i}`) as { id: number };
      userIds.push(row.id);
    }
    return names.map((name, index) => {
      const { id } = insertArtifact.get(userIds[0], name) as { id: number };
      const likes = likesOf(index);
      for (let i = 0; i < likes; i += 1) insertLike.run(id, userIds[i + 1]);
      return { id, name, likes };
    });
  })();
}

function expectAnswer(store: ArtifactStore, rows: Row[], search: string, sort: SortValue): void {
  const expected = referenceOrder(
    rows.filter((row) => contains(row.name, search)),
    sort,
  );
  const answer = allPages(store, search, sort);
  const label = `${JSON.stringify(search)} sort=${sort}`;
  expect(answer.total, label).toBe(expected.length);
  expect(answer.pageCount, label).toBe(Math.ceil(expected.length / PAGE_SIZE));
  expect(
    answer.items.map((item) => item.id),
    label,
  ).toEqual(expected.map((row) => row.id));
}

let dir: string;
let db: AppDatabase;
let store: ArtifactStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-search-"));
  copyTemplateDatabase(join(dir, "search.db"));
  db = openDatabase(join(dir, "search.db"));
  store = createArtifactStore(db);
});

afterAll(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

describe("nameWords", () => {
  it("quotes each word as an FTS5 phrase, lowering ASCII letters only for the ASCII index", () => {
    expect(nameWords("Bronze Urn")).toMatchObject({
      match: '"Bronze" "Urn"',
      asciiMatch: '"bronze" "urn"',
      short: [],
    });
    expect(nameWords('Say "NEAR" * AND')).toMatchObject({
      asciiMatch: '"say" """near""" "and"',
      short: ["*"],
    });
    expect(nameWords("ÉTÉ Été").asciiMatch).toBe('"ÉtÉ" "Été"');
  });

  it("sends words of three code points or more to the index, and nothing with a NUL", () => {
    expect(nameWords("urn").match).toBe('"urn"');
    expect(nameWords("ur")).toMatchObject({ match: null, short: ["ur"] });
    // Two code points in three UTF-16 units: too short for trigrams.
    expect(nameWords("a🏺")).toMatchObject({ match: null, short: ["a🏺"] });
    expect(nameWords("a🏺b").match).toBe('"a🏺b"');
    expect(nameWords("ab\u0000c").none).toBe(true);
  });
});

/** The window of page `page` of PAGE_SIZE in a list of `total`. */
const windowOf = (page: number, total: number) =>
  nearerEnd({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, total);

describe("nearerEnd", () => {
  it("reads a page from the nearer end of its order", () => {
    expect(windowOf(1, 100)).toEqual({ direction: "forward", offset: 0, limit: PAGE_SIZE });
    expect(windowOf(6, 100)).toEqual({ direction: "forward", offset: 40, limit: PAGE_SIZE });
    expect(windowOf(7, 100)).toEqual({ direction: "backward", offset: 44, limit: PAGE_SIZE });
    // The last page holds the 4 left over: the first 4 from the end.
    expect(windowOf(13, 100)).toEqual({ direction: "backward", offset: 0, limit: 4 });
    expect(windowOf(14, 100)).toBeNull();
    expect(windowOf(1, 0)).toBeNull();
  });
});

describe("answers exactly what LIKE answers, on every path", () => {
  const NAMES = [
    "Bronze Urn",
    "bronze urn of Ur",
    "BRONZE URN",
    "Iron Ring",
    "Urn",
    "ur",
    "Été Mask",
    "été mask",
    "Straße Stone",
    "🏺 Amphora",
    "Amphora 🏺🏺",
    'The "Quoted" Vase',
    "Star * Chart",
    "100% Bronze",
    "snake_case Tablet",
    "Back\\slash Scroll",
    "NEAR(the river)",
    "Stone AND Iron OR Clay",
    "caret^colon: Jar",
    "Kelvin \u212a Sign",
    "a",
    "ab",
    // Issue 29: accents, and words in any order.
    "Göbekli Tepe Pillar",
    "Venus of Willendorf",
  ];
  let rows: Row[];

  beforeAll(() => {
    // Repeat the names so that pages, ties and both ways to sort by likes are exercised.
    const names = Array.from({ length: 5 }, () => NAMES).flat();
    rows = seed(db, names, (index) => (index * 7) % 5);
  });

  const SEARCHES = [
    "bronze",
    "BRONZE URN",
    "urn",
    "Ur",
    "u",
    "ron",
    "é",
    "É",
    "été",
    "ÉTÉ",
    "ss",
    "ß",
    "🏺",
    "🏺 A",
    "a🏺",
    "🏺🏺",
    '"',
    '"Quoted"',
    '""',
    "*",
    "* C",
    "%",
    "100%",
    "_",
    "e_c",
    "\\",
    "k\\s",
    "NEAR(",
    "AND Iron OR",
    "^colon:",
    "kel",
    "k",
    "zzz",
    "x".repeat(100),
    "gobekli",
    "GÖBEKLI tepe",
    "venus willendorf",
    "WILLENDORF venus",
    "of venus",
    "willendorf of",
  ];

  for (const search of SEARCHES) {
    it(`${JSON.stringify(search)} in every sort and page`, () => {
      for (const sort of SORTS) expectAnswer(store, rows, search, sort);
    });
  }

  it("holds for any search made of awkward characters (property)", () => {
    // Whole code points: a lone surrogate is not text (SQLite stores it as U+FFFD).
    const alphabet = fc.constantFrom(...Array.from('aAbBrRnNuU éÉß%_\\"*:^-()🏺K\u212a'));
    fc.assert(
      fc.property(
        fc.array(alphabet, { minLength: 1, maxLength: 5 }).map((chars) => chars.join("")),
        fc.constantFrom(...SORTS),
        (raw, sort) => {
          const search = raw.trim();
          if (!search) return;
          expectAnswer(store, rows, search, sort);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a search with more matches than a search keeps the ids of", () => {
  // More than 256 matches: pages walk a sort's index with LIKE, or sort the matches, which the
  // folded index finds; LIKE only when it finds them all (no "Cafè" for "cafe"). No "u", "ur"
  // or "é", which the plans below count on being rare.
  let rows: Row[];

  beforeAll(() => {
    const kinds = ["Cafè Tablet", "Cafe Bowl", "Qzx Jar"];
    const names = Array.from({ length: 900 }, (_, index) => `${kinds[index % 3]} ${index}`);
    seed(db, names, (index) => index % 4);
    rows = db.$client
      .prepare(
        `select id, artifact_name as name, like_count as likes from artifacts
         where status = 'published' and deleted_at is null`,
      )
      .all() as Row[];
  });

  for (const search of ["cafe", "CAFÈ", "qzx", "jar QZX", "bowl", "cafe 1", "cafè ta"]) {
    it(`${JSON.stringify(search)} in every sort and page`, () => {
      for (const sort of SORTS) expectAnswer(store, rows, search, sort);
    });
  }
});

describe("the index and the cached counts follow every change", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  async function list(search: string, sort: SortValue = "default") {
    const result = await trpc(t.app, "query", "artifacts.list", { search, sort });
    expect(result.status).toBe(200);
    return result.data as { items: Artifact[]; total: number };
  }

  it("adds, renames and deletes, through the API and from another connection", async () => {
    // Another process's write shows once kept answers are older than maxAgeMs (src/db/read-cache.ts).
    const { maxAgeMs } = READ_CACHE_DEFAULTS;
    const owner = await createUserWithSession(t);
    const fan = await createUserWithSession(t);
    expect((await list("qx")).total).toBe(0);
    expect((await list("qxv")).total).toBe(0);

    const first = await addArtifact(t, owner, { artifactName: "The QXV Stone" });
    expect((await list("qx")).total).toBe(1);
    expect((await list("qxv")).items.map((item) => item.id)).toEqual([first.id]);

    // A write from another connection (the sqlite3 shell, a script) reaches the caches too.
    const other = new Database(t.env.databasePath);
    other
      .prepare(
        `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type,
           historical_context, created_at, discovered_at, discovered_by, present_location, username)
         values (?, 'Second qxv', 'https://images.example.org/b.jpg', 'Art', 'C', '1', '2', '3', '4', 'O')`,
      )
      .run(owner.id);
    other.close();
    await new Promise((resolve) => setTimeout(resolve, maxAgeMs + 20));
    expect((await list("qx")).total).toBe(2);
    expect((await list("QXV")).total).toBe(2);

    const renamed = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: first.id, fields: { ...first, artifactName: "Plain Stone" } },
      owner.cookie,
    );
    expect(renamed.status).toBe(200);
    expect((await list("qx")).total).toBe(1);
    expect((await list("qxv")).items.map((item) => item.artifactName)).toEqual(["Second qxv"]);
    expect((await list("plain")).items.map((item) => item.id)).toEqual([first.id]);

    // Likes change the order of a cached short search, not its members.
    const third = await addArtifact(t, owner, { artifactName: "Third QX" });
    expect((await list("qx", "desc")).items[0]?.artifactName).toBe("Second qxv");
    const liked = await trpc(t.app, "mutation", "likes.like", { id: third.id }, fan.cookie);
    expect(liked.status).toBe(200);
    expect((await list("qx", "desc")).items.map((item) => item.artifactName)).toEqual([
      "Third QX",
      "Second qxv",
    ]);

    const deleted = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: third.id },
      owner.cookie,
    );
    expect(deleted.status).toBe(200);
    expect((await list("qx")).total).toBe(1);
    expect((await list("third")).total).toBe(0);

    // Deleting the owner takes the artifacts with it (ON DELETE CASCADE), and out of the index.
    t.db.$client.prepare("delete from users where id = ?").run(owner.id);
    expect((await list("qx")).total).toBe(0);
    expect((await list("second")).total).toBe(0);
    // FTS5 compares the index with the names and throws when they disagree.
    const check = t.db.$client.prepare(
      "insert into artifacts_name_fts (artifacts_name_fts) values ('integrity-check')",
    );
    expect(() => check.run()).not.toThrow();
    const folded = t.db.$client.prepare(
      "insert into artifacts_name_folded_fts (artifacts_name_folded_fts) values ('integrity-check')",
    );
    expect(() => folded.run()).not.toThrow();
  });

  it("folds accents once a name holds them, in every sort", async () => {
    // Over ASCII names an ASCII search reads the ASCII index; a name with an accent changes that.
    const owner = await createUserWithSession(t);
    await addArtifact(t, owner, { artifactName: "Vqz Cafe Mug" });
    for (const sort of SORT_VALUES) expect((await list("vqz cafe", sort)).total).toBe(1);
    await addArtifact(t, owner, { artifactName: "Vqz Café Cup" });
    for (const sort of SORT_VALUES) {
      const names = (await list("vqz cafe", sort)).items.map((item) => item.artifactName);
      expect(names.sort()).toEqual(["Vqz Cafe Mug", "Vqz Café Cup"]);
    }
    expect((await list("CAFÉ vqz")).total).toBe(2);
  });
});

describe("query plans", () => {
  /** The plans of every statement a list call runs, on a traced connection to the same file. */
  function plansOf(search: string | undefined, sort: SortValue, page = 1): string[] {
    const statements: string[] = [];
    const sqlite = new Database(join(dir, "search.db"), {
      verbose: (statement) => statements.push(String(statement)),
    });
    try {
      listPage(createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase), {
        search,
        sort,
        page,
      });
      const run = [...statements];
      return run.map((statement) =>
        (sqlite.prepare(`explain query plan ${statement}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join(" | "),
      );
    } finally {
      sqlite.close();
    }
  }

  const tableScan = /\bSCAN (?:artifacts|a)\b(?! USING)/;

  it("searches of three or more characters use the trigram index, never a table scan", () => {
    for (const sort of SORTS) {
      for (const search of ["bronze", "urn", "zzz"]) {
        const plans = plansOf(search, sort);
        expect(plans.join("\n"), `${search} ${sort}`).toMatch(
          /artifacts_name(?:_folded)?_fts VIRTUAL TABLE/,
        );
        for (const plan of plans) expect(plan, `${search} ${sort}`).not.toMatch(tableScan);
      }
    }
  });

  it("lists read the sort's own index, from either end", () => {
    const indexOf = {
      default: "artifacts_list_idx",
      asc: "artifacts_likes_idx",
      desc: "artifacts_likes_desc_idx",
      date_asc: "artifacts_created_asc_idx",
      date_desc: "artifacts_created_desc_idx",
    };
    const total = listPage(store, { sort: "default", page: 1 }).total;
    const lastPage = Math.ceil(total / PAGE_SIZE);
    expect(windowOf(lastPage, total)?.direction).toBe("backward");
    for (const sort of SORTS) {
      for (const page of [1, lastPage]) {
        const plans = plansOf(undefined, sort, page);
        expect(plans.join("\n"), `${sort} page ${page}`).toContain(
          `COVERING INDEX ${indexOf[sort]}`,
        );
        for (const plan of plans) expect(plan, `${sort} page ${page}`).not.toMatch(tableScan);
      }
    }
  });

  it("a short search with many matches walks the sort's own index and stops at the page", () => {
    // More matches than a rare term's kept ids (256): pages are read by walking the index.
    seed(
      db,
      Array.from({ length: 300 }, (_, index) => `Many Qz ${index}`),
      (index) => index % 3,
    );
    const indexOf = {
      default: "artifacts_list_idx",
      asc: "artifacts_likes_idx",
      desc: "artifacts_likes_desc_idx",
      date_asc: "artifacts_created_asc_idx",
      date_desc: "artifacts_created_desc_idx",
    };
    for (const sort of SORTS) {
      const plans = plansOf("qz", sort).join("\n");
      expect(plans, sort).toContain(`SCAN artifacts USING COVERING INDEX ${indexOf[sort]}`);
      // Walking in the sort's order needs no sort of every match before the page.
      expect(plans, sort).not.toContain(
        `COVERING INDEX ${indexOf[sort]} | USE TEMP B-TREE FOR ORDER BY | USE TEMP B-TREE`,
      );
      expect(plans, sort).not.toMatch(tableScan);
    }
  });

  it("one- and two-character searches read a narrow index, never the table", () => {
    for (const sort of SORTS) {
      for (const search of ["u", "ur", "é"]) {
        const plans = plansOf(search, sort);
        expect(plans.join("\n"), `${search} ${sort}`).toContain(
          "COVERING INDEX artifacts_list_idx",
        );
        for (const plan of plans) expect(plan, `${search} ${sort}`).not.toMatch(tableScan);
      }
    }
  });
});

describe("migration 0002 on an existing collection", () => {
  it("indexes the artifacts that were there before it", () => {
    const folder = fileURLToPath(new URL("../drizzle", import.meta.url));
    const work = mkdtempSync(join(tmpdir(), "atlas-migrate-"));
    try {
      // The migrations up to 0001 only, as a database made before search existed has them.
      const older = join(work, "drizzle");
      mkdirSync(join(older, "meta"), { recursive: true });
      const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
        entries: { tag: string }[];
      };
      const before = journal.entries.slice(0, 2);
      writeFileSync(
        join(older, "meta/_journal.json"),
        JSON.stringify({ ...journal, entries: before }),
      );
      for (const entry of before) {
        cpSync(join(folder, `${entry.tag}.sql`), join(older, `${entry.tag}.sql`));
      }
      const old = openDatabase(join(work, "old.db"));
      try {
        migrateDatabase(old, older);
        const rows = seed(old, ["Ancient Bronze Urn", "Iron Ring", "bronze bell"], () => 0);
        migrateDatabase(old);
        const oldStore = createArtifactStore(old);
        expectAnswer(oldStore, rows, "bronze", "default");
        expectAnswer(oldStore, rows, "ring", "desc");
        expectAnswer(oldStore, rows, "br", "asc");
      } finally {
        closeDatabase(old);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
