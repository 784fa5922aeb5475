import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArtifactType } from "@artifact-atlas/shared";
import { parseCsv } from "../src/open-data/csv";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession } from "./support/users";
import { exportRows } from "../src/services/find";

/*
 * GET /export takes GET /artifacts's parameters (decision 073): for each filter, search and their
 * combinations, the export holds exactly the ids that GET /artifacts lists across all its pages,
 * and never an artifact that is hidden, pending, rejected or in the trash.
 */

interface Fixture {
  name: string;
  type: ArtifactType;
  createdAt: string;
  location: string;
  context: string;
}

const PUBLIC: Fixture[] = [
  {
    name: "Bronze Axe",
    type: "Tools",
    createdAt: "c. 1300–1046 BC",
    location: "British Museum, London",
    context: "Cast in a Béziers workshop.",
  },
  {
    name: "Béziers Panel",
    type: "Art",
    createdAt: "15th century",
    location: "Louvre, Paris",
    context: "A painted altar panel.",
  },
  {
    name: "Gutenberg Leaf",
    type: "Art",
    createdAt: "1455",
    location: "British Museum, London",
    context: "A printed page of the Bible.",
  },
  {
    name: "Rosetta Stone",
    type: "Documents",
    createdAt: "196 BC",
    location: "British Museum, London",
    context: "A decree in three scripts.",
  },
  {
    name: "Unknown Hammer",
    type: "Tools",
    createdAt: "Never lost",
    location: "Louvre, Paris",
    context: "A hammer of bronze.",
  },
  {
    name: "Dodecahedron",
    type: "Monument",
    createdAt: "AD 150–400",
    location: "Gallo-Romeins Museum, Tongeren",
    context: "Twelve faces, each pierced.",
  },
];

/** Not public: each matches every filter below that one of the public ones matches. */
const UNPUBLISHED = ["pending", "hidden", "rejected", "trashed"] as const;

let t: TestApp;
const hiddenIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUserWithSession(t);
  for (const fixture of PUBLIC) {
    await addArtifact(t, owner, {
      artifactName: fixture.name,
      artifactType: fixture.type,
      createdAt: fixture.createdAt,
      presentLocation: fixture.location,
      historicalContext: fixture.context,
    });
  }
  const sqlite = t.db.$client;
  for (const state of UNPUBLISHED) {
    for (const fixture of PUBLIC) {
      const artifact = await addArtifact(t, owner, {
        artifactName: `${fixture.name} ${state}`,
        artifactType: fixture.type,
        createdAt: fixture.createdAt,
        presentLocation: fixture.location,
        historicalContext: fixture.context,
      });
      if (state === "trashed") {
        sqlite
          .prepare("update artifacts set deleted_at = ? where id = ?")
          .run(Date.now(), artifact.id);
      } else {
        sqlite.prepare("update artifacts set status = ? where id = ?").run(state, artifact.id);
      }
      hiddenIds.push(artifact.id);
    }
  }
});
afterAll(async () => {
  await t.close();
});

/** Every id GET /artifacts lists for `query`, page by page (two a page, to cross pages). */
async function listedIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const response = await rest(t.app, "GET", `/artifacts?${query}&pageSize=2&page=${page}`);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const items = response.json() as { _id: string }[];
    ids.push(...items.map((item) => Number(item._id)));
    if (ids.length >= Number(response.headers["x-total-count"])) return ids.sort((a, b) => a - b);
  }
  throw new Error(`GET /artifacts?${query} never ended`);
}

async function exportedIds(query: string, format: "csv" | "json"): Promise<number[]> {
  const response = await rest(t.app, "GET", `/export?format=${format}&${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  if (format === "json") {
    const graph = (response.json() as { "@graph": { id: number }[] })["@graph"];
    return graph.map((item) => item.id);
  }
  const [header, ...rows] = parseCsv(response.body);
  expect(header![0]).toBe("id");
  return rows.map((row) => Number(row[0]));
}

const QUERIES = [
  "",
  "type=Art",
  "type=Art&type=Tools",
  "q=bronze",
  "q=BRONZE&type=Tools",
  "q=xe",
  "q=%25",
  "q=ston",
  "q=bronze&in=all",
  "q=b%C3%A9ziers&in=all",
  "q=printed%20bible&in=all&type=Art",
  "q=...&in=all",
  "in=all",
  "era=c15",
  "era=c15&era=c-12",
  "era=m-2",
  "fromYear=-200&toYear=300",
  "fromYear=1000",
  "toYear=-1&type=Tools",
  "era=c15&fromYear=-200",
  "location=British%20Museum%2C%20London",
  "location=Louvre%2C%20Paris&location=British%20Museum%2C%20London&type=Tools",
  "rights=unknown",
  "rights=unknown&type=Art&q=e",
  "sort=date_asc",
  "sort=date_desc&era=c15",
  "q=e&era=c15&location=Louvre%2C%20Paris&type=Art&sort=date_asc",
];

describe("GET /export with GET /artifacts's parameters", () => {
  it.each(QUERIES)("holds exactly what GET /artifacts lists: ?%s", async (query) => {
    const listed = await listedIds(query);
    const csv = await exportedIds(query, "csv");
    const json = await exportedIds(query, "json");
    // The file is in id order, every artifact once.
    expect(csv).toEqual(listed);
    expect(json).toEqual(listed);
    for (const id of hiddenIds) expect(csv).not.toContain(id);
  });

  it("finds something for most queries, so that the comparison means something", async () => {
    const nonEmpty = await Promise.all(
      QUERIES.map(async (query) => (await listedIds(query)).length),
    );
    expect(nonEmpty.filter((count) => count > 0).length).toBeGreaterThanOrEqual(QUERIES.length - 3);
    expect(await exportedIds("", "csv")).toHaveLength(PUBLIC.length);
  });

  it("refuses what GET /artifacts refuses, with the same messages", async () => {
    for (const query of [
      "type=Spaceships",
      "rights=maybe",
      "in=everywhere",
      "era=c0",
      "fromYear=0",
      "fromYear=300&toYear=-200",
      "sort=likes",
      `q=${"x".repeat(101)}`,
    ]) {
      const listed = await rest(t.app, "GET", `/artifacts?${query}`);
      const exported = await rest(t.app, "GET", `/export?${query}`);
      expect(listed.statusCode, query).toBe(400);
      expect(exported.statusCode, query).toBe(400);
      expect(exported.json(), query).toEqual(listed.json());
    }
  });
});

describe("/openapi.json", () => {
  it("documents the same filter parameters, with the same schemas, for GET /export and GET /artifacts", async () => {
    const document = (await rest(t.app, "GET", "/openapi.json")).json() as {
      paths: Record<string, { get: { parameters: { name: string; schema: unknown }[] } }>;
    };
    const parameters = (path: string) =>
      Object.fromEntries(
        document.paths[path]!.get.parameters.map((parameter) => [parameter.name, parameter]),
      );
    const listed = parameters("/artifacts");
    const exported = parameters("/export");
    const filters = [
      ...["type", "q", "in", "era", "fromYear", "toYear", "location", "rights", "sort"],
      ...["country", "bbox", "near", "place", "collection"],
    ];
    expect(Object.keys(exported).sort()).toEqual(["format", ...filters].sort());
    for (const name of filters) expect(exported[name], name).toEqual(listed[name]);
  });
});

describe("an export's reader", () => {
  it("skips an artifact hidden after its id was read, and still reads to the end", async () => {
    const read = exportRows(t.app.deps.artifactStore, null, { list: "collection" });
    const first = read(0, 2);
    expect(first).toHaveLength(2);
    const all = await exportedIds("", "csv");
    const [next, afterNext] = all.slice(2) as [number, number];
    const sqlite = t.db.$client;
    sqlite.prepare("update artifacts set status = 'hidden' where id = ?").run(next);
    try {
      const second = read(first[1]!.id, 1);
      expect(second.map((row) => row.id)).toEqual([afterNext]);
      let after = afterNext;
      const rest: number[] = [];
      for (let page = read(after, 2); page.length > 0; page = read(after, 2)) {
        rest.push(...page.map((row) => row.id));
        after = page.at(-1)!.id;
      }
      expect(rest).toEqual(all.slice(4));
    } finally {
      sqlite.prepare("update artifacts set status = 'published' where id = ?").run(next);
    }
  });
});
