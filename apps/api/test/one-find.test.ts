import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Artifact,
  ArtifactFacets,
  ArtifactPage,
  ArtifactType,
  CursorPage,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../src/db/client";
import * as schema from "../src/db/schema";
import { find } from "../src/services/find";
import { createArtifactStore } from "../src/store/artifact-store";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, like } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Issue 27's one find, through every door that lists artifacts: each list the web app asks for
 * over tRPC is the same list REST answers (and the export holds), because both ask find() the
 * same query. Issue 29's names search (accents, case, words in any order) and its count of what
 * all fields would find; issue 28's bounded answer for a search in most of the collection, and
 * numbers that are decimal digits only.
 */

let t: TestApp;
let owner: SignedInUser;
let fan: SignedInUser;
const TYPES: ArtifactType[] = ["Art", "Tools", "Documents"];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t);
  fan = await createUserWithSession(t);
  const named = [
    "Göbekli Tepe Pillar 43",
    "Venus of Willendorf",
    "Béziers Panel",
    "Bronze Amphora",
    "Painted Amphora",
  ];
  for (let index = 0; index < 24; index += 1) {
    const artifact = await addArtifact(t, owner, {
      artifactName: named[index] ?? `Amphora ${index}`,
      artifactType: TYPES[index % TYPES.length],
      historicalContext: `Found near ${index % 2 === 0 ? "Tongeren" : "the river"}, amphora.`,
      presentLocation: index % 4 === 0 ? "Louvre, Paris" : "British Museum, London",
    });
    // Likes that give the most liked orders ties, and the fan a liked list.
    if (index % 3 !== 0) await like(t, fan, artifact.id);
  }
});
afterAll(async () => t.close());

async function query<T>(path: string, input?: unknown, cookie?: string): Promise<T> {
  const result = await trpc(t.app, "query", path, input, cookie);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as T;
}

async function restIds(url: string, cookie?: string): Promise<number[]> {
  const response = await rest(t.app, "GET", url, cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { _id: string }[]).map((item) => Number(item._id));
}

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe("every door asks the one find the same question", () => {
  it("the home page's most liked are the first of REST's most liked list", async () => {
    const popular = await query<Artifact[]>("artifacts.popular");
    expect(popular).toHaveLength(6);
    expect(ids(popular)).toEqual(await restIds("/artifacts?pageSize=6"));
  });

  it("Explore Similar is the type's most liked list without the artifact itself", async () => {
    const [first] = await query<Artifact[]>("artifacts.popular");
    const similar = await query<Artifact[]>("artifacts.similar", { id: first!.id });
    const ofType = await restIds(`/artifacts?type=${first!.artifactType}`);
    expect(ids(similar)).toEqual(ofType.filter((id) => id !== first!.id).slice(0, 3));
  });

  it("My Artifacts and GET /artifacts?email= hold the same artifacts, newest first", async () => {
    const pages: number[] = [];
    let cursor: number | null = null;
    do {
      const page: CursorPage<Artifact> = await query(
        "artifacts.mine",
        { cursor, limit: 5 },
        owner.cookie,
      );
      pages.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor !== null);
    const email = encodeURIComponent(owner.email);
    expect(pages).toEqual(await restIds(`/artifacts?email=${email}`, owner.cookie));
    expect(pages).toEqual([...pages].sort((a, b) => b - a));
    expect(pages).toHaveLength(24);
  });

  it("the liked list and GET /liked-artifact hold the same artifacts, most recently liked first", async () => {
    const liked = await query<CursorPage<Artifact>>("likes.list", {}, fan.cookie);
    expect(liked.items.length).toBeGreaterThan(0);
    expect(ids(liked.items)).toEqual(await restIds("/liked-artifact", fan.cookie));
    // Liked in the order they were added: the newest like first.
    expect(ids(liked.items)).toEqual([...ids(liked.items)].sort((a, b) => b - a));
  });

  it("All Artifacts, REST and the export hold the same artifacts for the same find", async () => {
    const input = { search: "amphora", in: "all", types: ["Art", "Tools"], sort: "date_asc" };
    const listed = await query<ArtifactPage>("artifacts.list", input);
    const restList = await restIds("/artifacts?q=amphora&in=all&type=Art&type=Tools&sort=date_asc");
    expect(ids(listed.items)).toEqual(restList.slice(0, 8));
    expect(listed.total).toBe(restList.length);
    const exported = await rest(
      t.app,
      "GET",
      "/export?format=json&q=amphora&in=all&type=Art&type=Tools",
    );
    const graph = (JSON.parse(exported.body) as { "@graph": { id: number }[] })["@graph"];
    expect(graph.map((item) => item.id)).toEqual([...restList].sort((a, b) => a - b));
  });

  it("the timeline's histogram is the facets of the whole collection", async () => {
    const facets = await query<ArtifactFacets>("artifacts.facets", {});
    const counted = facets.centuries.reduce((sum, row) => sum + row.count, facets.undated);
    expect(counted).toBe(24);
    expect(facets.estimated).toBeUndefined();
  });
});

describe("a names search ignores accents and case, and takes its words in any order", () => {
  it.each([
    ["gobekli", ["Göbekli Tepe Pillar 43"]],
    ["GÖBEKLI pillar", ["Göbekli Tepe Pillar 43"]],
    ["venus willendorf", ["Venus of Willendorf"]],
    ["Willendorf VENUS", ["Venus of Willendorf"]],
    ["willendorf of", ["Venus of Willendorf"]],
    ["beziers", ["Béziers Panel"]],
    ["amphora painted", ["Painted Amphora"]],
    ["amphora BRONZE", ["Bronze Amphora"]],
  ])("%s finds %j in every sort, through tRPC and REST", async (search, names) => {
    for (const sort of ["default", "asc", "desc", "date_asc", "date_desc"]) {
      const page = await query<ArtifactPage>("artifacts.list", { search, sort });
      expect(
        page.items.map((item) => item.artifactName),
        sort,
      ).toEqual(names);
      expect(page.total).toBe(names.length);
    }
    const response = await rest(t.app, "GET", `/artifacts?q=${encodeURIComponent(search)}`);
    expect((response.json() as Artifact[]).map((item) => item.artifactName)).toEqual(names);
    expect(response.headers["x-total-count"]).toBe(String(names.length));
  });

  it("still looks in names only", async () => {
    // "Tongeren" is only in the historical context.
    expect((await query<ArtifactPage>("artifacts.list", { search: "tongeren" })).total).toBe(0);
  });

  it("reads the folded names index, never the table", () => {
    const statements: string[] = [];
    const sqlite = new Database(t.env.databasePath, {
      verbose: (statement) => statements.push(String(statement)),
    });
    try {
      const store = createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase, {
        readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
      });
      for (const sort of ["default", "desc", "date_asc"] as const) {
        for (const search of ["gobekli", "venus willendorf", "willendorf of"]) {
          const page = find(store, null, {
            list: "collection",
            search,
            sort,
            window: { page: 1 },
            total: true,
          });
          expect(page.total, `${search} ${sort}`).toBe(1);
        }
      }
      const plans = [...new Set(statements)].map((statement) =>
        (sqlite.prepare(`explain query plan ${statement}`).all() as { detail: string }[])
          .map((step) => step.detail)
          .join(" | "),
      );
      expect(plans.join("\n")).toContain("artifacts_name_folded_fts VIRTUAL TABLE");
      for (const plan of plans) expect(plan).not.toMatch(/\bSCAN artifacts\b(?! USING)/);
    } finally {
      sqlite.close();
    }
  });
});

describe("a names search that finds nothing", () => {
  it("says how many a search in all fields finds, with the same filters", async () => {
    const none = await query<ArtifactPage>("artifacts.list", { search: "tongeren" });
    expect(none.total).toBe(0);
    expect(none.allFieldsTotal).toBe(12);
    const withType = await query<ArtifactPage>("artifacts.list", {
      search: "tongeren",
      types: ["Art"],
    });
    expect(withType.allFieldsTotal).toBe(4);
    expect(withType.allFieldsEstimated).toBeUndefined();
    const nowhere = await query<ArtifactPage>("artifacts.list", { search: "zzqx" });
    expect(nowhere.allFieldsTotal).toBe(0);
  });

  it("says nothing of all fields when names find something, or the search is in all fields", async () => {
    expect(
      (await query<ArtifactPage>("artifacts.list", { search: "amphora" })).allFieldsTotal,
    ).toBeUndefined();
    expect(
      (await query<ArtifactPage>("artifacts.list", { search: "zzqx", in: "all" })).allFieldsTotal,
    ).toBeUndefined();
  });
});

describe("a search in most of the collection", () => {
  /** A store on the test's database where 10 matches are "most": every 3rd match is sampled. */
  function smallStore(sqlite: Database.Database) {
    return createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase, {
      readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
      find: { commonShare: 0.5, sample: 10 },
    });
  }

  /** The reference: every artifact, read straight from SQL. */
  function artifacts(sqlite: Database.Database) {
    return sqlite
      .prepare("select id, artifact_type as type, present_location as location from artifacts")
      .all() as { id: number; type: string; location: string }[];
  }

  it("is read newest first rather than ranked, and counted exactly without filters", () => {
    const sqlite = new Database(t.env.databasePath);
    try {
      const answer = find(smallStore(sqlite), null, {
        list: "collection",
        search: "amphora",
        in: "all",
        window: { page: 1 },
        total: true,
      });
      const all = artifacts(sqlite);
      expect(answer.total).toBe(24);
      expect(answer.estimated).toBeUndefined();
      expect(ids(answer.items)).toEqual(
        ids(all)
          .sort((a, b) => b - a)
          .slice(0, 8),
      );
    } finally {
      sqlite.close();
    }
  });

  it("is counted from every n-th match with filters, and says the count is an estimate", () => {
    const sqlite = new Database(t.env.databasePath);
    try {
      const store = smallStore(sqlite);
      const answer = find(store, null, {
        list: "collection",
        search: "amphora",
        in: "all",
        types: ["Art"],
        window: { page: 1 },
        total: true,
      });
      const all = artifacts(sqlite);
      const art = all.filter((row) => row.type === "Art");
      // 24 matches, a sample of about 10: one id in 3 (scrambled), each standing for 3.
      const every = Math.floor(24 / 10) + 1;
      const inSample = (row: { id: number }) =>
        ((BigInt(row.id) * 2654435761n) >> 16n) % BigInt(every) === 0n;
      expect(answer.estimated).toBe(true);
      expect(answer.total).toBe(art.filter(inSample).length * every);
      // The page itself is exact: the newest Art artifacts.
      expect(ids(answer.items)).toEqual(
        ids(art)
          .sort((a, b) => b - a)
          .slice(0, 8),
      );
      const facets = find(store, null, {
        list: "collection",
        search: "amphora",
        in: "all",
        facets: true,
      }).facets!;
      expect(facets.estimated).toBe(true);
      const sampled = all.filter(inSample);
      for (const type of TYPES) {
        expect(facets.types.find((row) => row.value === type)?.count ?? 0, type).toBe(
          sampled.filter((row) => row.type === type).length * every,
        );
      }
      expect(facets.locations.find((row) => row.value === "Louvre, Paris")?.count ?? 0).toBe(
        sampled.filter((row) => row.location === "Louvre, Paris").length * every,
      );
    } finally {
      sqlite.close();
    }
  });

  it("counts the countries of the sampled matches, each standing for n", () => {
    const sqlite = new Database(t.env.databasePath);
    const countryOf = (id: number) => (id % 3 === 0 ? "GB" : "FR");
    try {
      // Findspots written with their country, as the server writes them (issue 31).
      const insert = sqlite.prepare(
        `insert into artifact_places (artifact_id, kind, label, lat, lon, precision, public_lat,
           public_lon, public_precision, public_floor, country, country_version)
         values (?, 'findspot', 'Site', 51, 0, 'exact', 51, 0, 'exact', 'exact', ?, 1)`,
      );
      const all = artifacts(sqlite);
      for (const { id } of all) insert.run(id, countryOf(id));
      const facets = find(smallStore(sqlite), null, {
        list: "collection",
        search: "amphora",
        in: "all",
        facets: true,
      }).facets!;
      const every = Math.floor(24 / 10) + 1;
      const sampled = all.filter(
        (row) => ((BigInt(row.id) * 2654435761n) >> 16n) % BigInt(every) === 0n,
      );
      expect(facets.estimated).toBe(true);
      for (const country of ["GB", "FR"]) {
        expect(facets.countries.find((row) => row.value === country)?.count ?? 0, country).toBe(
          sampled.filter((row) => countryOf(row.id) === country).length * every,
        );
      }
    } finally {
      sqlite.prepare("delete from artifact_places").run();
      sqlite.close();
    }
  });

  it("counts what all fields would find from every n-th match when names find nothing", () => {
    const sqlite = new Database(t.env.databasePath);
    try {
      const store = smallStore(sqlite);
      const inNames = { list: "collection", search: "tongeren", window: { page: 1 } } as const;
      const all = artifacts(sqlite);
      const contexts = sqlite
        .prepare("select id from artifacts where historical_context like '%Tongeren%'")
        .all() as { id: number }[];
      // 12 match in all fields, a sample of about 10: one id in 2, each standing for 2.
      const every = Math.floor(contexts.length / 10) + 1;
      const inSample = (row: { id: number }) =>
        ((BigInt(row.id) * 2654435761n) >> 16n) % BigInt(every) === 0n;
      const tongeren = new Set(contexts.map((row) => row.id));
      const art = all.filter((row) => row.type === "Art" && tongeren.has(row.id));
      const withType = find(store, null, {
        ...inNames,
        types: ["Art"],
        total: true,
        allFieldsTotal: true,
      });
      expect(withType.total).toBe(0);
      expect(withType.allFieldsEstimated).toBe(true);
      expect(withType.allFieldsTotal).toBe(art.filter(inSample).length * every);
      // Without filters the index counts its matches alone: exact.
      const alone = find(store, null, { ...inNames, total: true, allFieldsTotal: true });
      expect(alone.allFieldsTotal).toBe(contexts.length);
      expect(alone.allFieldsEstimated).toBeUndefined();
    } finally {
      sqlite.close();
    }
  });

  it("holds on each page what a search not taken as common holds, in every sort", () => {
    const sqlite = new Database(t.env.databasePath);
    try {
      const store = (commonShare: number) =>
        createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase, {
          readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
          find: { commonShare, sample: 10 },
        });
      const [common, exact] = [store(0.5), store(1)];
      for (const sort of ["asc", "desc", "date_asc", "date_desc"] as const) {
        for (const types of [[], ["Art", "Tools"]] as ArtifactType[][]) {
          for (const page of [1, 2, 3]) {
            const query = {
              list: "collection",
              search: "amphora",
              in: "all",
              types,
              sort,
              window: { page },
            } as const;
            const label = JSON.stringify({ sort, types, page });
            expect(ids(find(common, null, query).items), label).toEqual(
              ids(find(exact, null, query).items),
            );
          }
        }
      }
    } finally {
      sqlite.close();
    }
  });

  it("is counted exactly when it has fewer matches than a sample", () => {
    const sqlite = new Database(t.env.databasePath);
    try {
      const store = createArtifactStore(drizzle(sqlite, { schema }) as AppDatabase, {
        readCache: { maxAgeMs: 0, maxEntries: 0, maxBytes: 0 },
      });
      const answer = find(store, null, {
        list: "collection",
        search: "amphora",
        in: "all",
        types: ["Art"],
        window: { page: 1 },
        total: true,
        facets: true,
      });
      expect(answer.total).toBe(8);
      expect(answer.estimated).toBeUndefined();
      expect(answer.facets?.estimated).toBeUndefined();
    } finally {
      sqlite.close();
    }
  });
});

describe("numbers in a query are decimal digits only", () => {
  it.each([
    ["fromYear=0x10", "fromYear"],
    ["toYear=1e3", "toYear"],
    ["fromYear=%2010", "fromYear"],
    ["fromYear=", "fromYear"],
    ["page=0x2", "page"],
    ["pageSize=1e1", "pageSize"],
    ["limit=0b11", "limit"],
  ])("GET /artifacts?%s is refused with a 400 naming %s", async (queryString, field) => {
    const response = await rest(t.app, "GET", `/artifacts?${queryString}`);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error.startsWith(`${field}: `)).toBe(true);
  });

  it("GET /export refuses them too, and both take plain decimals", async () => {
    expect((await rest(t.app, "GET", "/export?fromYear=0x10")).statusCode).toBe(400);
    expect((await rest(t.app, "GET", "/artifacts?fromYear=-500&toYear=2000")).statusCode).toBe(200);
  });

  it.each([{ fromYear: "0x10" }, { toYear: "1e3" }, { page: "0x2" }, { page: "" }])(
    "artifacts.list refuses %j",
    async (input) => {
      const result = await trpc(t.app, "query", "artifacts.list", input);
      expect(result.status).toBe(400);
    },
  );
});
