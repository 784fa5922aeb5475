import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REUSE_VALUES,
  type ArtifactFacets,
  type ArtifactPage,
  type ArtifactType,
  type Reuse,
} from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * The Rights filter (issue 30, decision 110): "Can I reuse it?" by the rights of each artifact's
 * first image, with its counts given the other filters and searches, through tRPC, REST and the
 * export; never counting an artifact that is pending, hidden, rejected or in the trash.
 */

const CC0 = "http://creativecommons.org/publicdomain/zero/1.0/";
const PDM = "http://creativecommons.org/publicdomain/mark/1.0/";
const CC_BY = "http://creativecommons.org/licenses/by/4.0/";
const INC_EDU = "http://rightsstatements.org/vocab/InC-EDU/1.0/";
const INC = "http://rightsstatements.org/vocab/InC/1.0/";

interface Fixture {
  name: string;
  type: ArtifactType;
  /** The first image's rights; none sent: an image elsewhere is "Copyright Not Evaluated". */
  rights?: string;
  /** The rights of a second image, which the filter does not read. */
  second?: string;
  reuse: Reuse;
}

const FIXTURES: Fixture[] = [
  { name: "Bronze Mirror", type: "Art", rights: CC0, reuse: "free" },
  { name: "Bronze Lamp", type: "Tools", rights: PDM, reuse: "free" },
  { name: "Stone Stele", type: "Monument", rights: CC_BY, reuse: "conditions" },
  { name: "Painted Panel", type: "Art", rights: INC_EDU, reuse: "conditions" },
  { name: "Gold Mask", type: "Art", rights: INC, second: CC0, reuse: "ask" },
  { name: "Clay Tablet", type: "Documents", reuse: "unknown" },
  { name: "Bronze Sword", type: "Tools", reuse: "unknown" },
];

const ids = new Map<string, number>();
let t: TestApp;
let owner: SignedInUser;

function imagesOf(fixture: Fixture, slug: string) {
  const url = `https://images.example.org/${slug}`;
  return [
    { url: `${url}-1.jpg`, ...(fixture.rights ? { rights: fixture.rights } : {}) },
    ...(fixture.second ? [{ url: `${url}-2.jpg`, rights: fixture.second }] : []),
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t);
  for (const fixture of FIXTURES) {
    const slug = fixture.name.toLowerCase().replace(" ", "-");
    const artifact = await addArtifact(t, owner, {
      artifactName: fixture.name,
      artifactType: fixture.type,
      artifactImage: undefined,
      imageAlt: undefined,
      images: imagesOf(fixture, slug) as never,
    });
    ids.set(fixture.name, artifact.id);
  }
  // Free to reuse, of every type above, each in a state nobody else may see.
  const sqlite = t.db.$client;
  for (const state of ["pending", "hidden", "rejected", "trashed"] as const) {
    for (const type of ["Art", "Tools"] as const) {
      const artifact = await addArtifact(t, owner, {
        artifactName: `Bronze ${state} ${type}`,
        artifactType: type,
        artifactImage: undefined,
        imageAlt: undefined,
        images: [{ url: `https://images.example.org/${state}-${type}.jpg`, rights: CC0 }] as never,
      });
      if (state === "trashed") {
        sqlite
          .prepare("update artifacts set deleted_at = ? where id = ?")
          .run(Date.now(), artifact.id);
      } else {
        sqlite.prepare("update artifacts set status = ? where id = ?").run(state, artifact.id);
      }
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function facets(input: Record<string, unknown>): Promise<ArtifactFacets> {
  const result = await trpc(t.app, "query", "artifacts.facets", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as ArtifactFacets;
}

async function listed(input: Record<string, unknown>): Promise<string[]> {
  const result = await trpc(t.app, "query", "artifacts.list", { ...input, page: 1 });
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return (result.data as ArtifactPage).items.map((item) => item.artifactName).sort();
}

/** The reference: the fixtures of `reuse` (any, when empty) that `keep` keeps. */
function expected(reuse: Reuse[], keep: (fixture: Fixture) => boolean = () => true): string[] {
  return FIXTURES.filter(
    (fixture) => (reuse.length === 0 || reuse.includes(fixture.reuse)) && keep(fixture),
  )
    .map((fixture) => fixture.name)
    .sort();
}

/** The reference counts of each answer among the fixtures `keep` keeps, in the filter's order. */
function expectedCounts(keep: (fixture: Fixture) => boolean = () => true) {
  return REUSE_VALUES.map((value) => ({
    value,
    count: FIXTURES.filter((fixture) => fixture.reuse === value && keep(fixture)).length,
  }));
}

const isArt = (fixture: Fixture) => fixture.type === "Art";
const hasBronze = (fixture: Fixture) => fixture.name.includes("Bronze");

describe("the Rights filter through tRPC", () => {
  it("counts every answer by the first image's rights, the unpublished never", async () => {
    const counts = (await facets({})).rights;
    expect(counts).toEqual(expectedCounts());
    expect(counts).toEqual([
      { value: "free", count: 2 },
      { value: "conditions", count: 2 },
      { value: "ask", count: 1 },
      { value: "unknown", count: 2 },
    ]);
  });

  for (const reuse of [
    ["free"],
    ["ask"],
    ["conditions", "unknown"],
    [...REUSE_VALUES],
  ] as Reuse[][]) {
    it(`lists exactly the artifacts of rights=${reuse.join(",")}`, async () => {
      expect(await listed({ rights: reuse })).toEqual(expected(reuse));
    });
  }

  it("reads the first image alone: a free second image does not make the Gold Mask free", async () => {
    expect(await listed({ rights: ["free"] })).not.toContain("Gold Mask");
    expect(await listed({ rights: ["ask"] })).toEqual(["Gold Mask"]);
  });

  it("counts given the other filters, and the other facets given it", async () => {
    expect((await facets({ types: ["Art"] })).rights).toEqual(expectedCounts(isArt));
    // Its own choice leaves its counts as they were: the other answers stay to be added.
    expect((await facets({ types: ["Art"], rights: ["free"] })).rights).toEqual(
      expectedCounts(isArt),
    );
    const types = (await facets({ rights: ["free", "ask"] })).types;
    expect(types).toEqual([
      { value: "Art", count: 2 },
      { value: "Tools", count: 1 },
    ]);
    expect(await listed({ types: ["Art"], rights: ["free", "conditions"] })).toEqual(
      expected(["free", "conditions"], isArt),
    );
  });

  for (const [label, input] of [
    ["a names search", { search: "bronze" }],
    ["an all-fields search", { search: "bronze", in: "all" }],
  ] as const) {
    it(`counts and filters the matches of ${label}`, async () => {
      expect((await facets({ ...input })).rights).toEqual(expectedCounts(hasBronze));
      expect((await facets({ ...input, types: ["Tools"] })).rights).toEqual(
        expectedCounts((fixture) => hasBronze(fixture) && fixture.type === "Tools"),
      );
      expect(await listed({ ...input, rights: ["free"] })).toEqual(expected(["free"], hasBronze));
      expect((await facets({ ...input, rights: ["unknown"] })).types).toEqual([
        { value: "Tools", count: 1 },
      ]);
    });
  }

  it("follows a change of the first image: reordered, the free one leads", async () => {
    const id = ids.get("Gold Mask")!;
    const images = [
      { url: "https://images.example.org/gold-mask-2.jpg", rights: CC0 },
      { url: "https://images.example.org/gold-mask-1.jpg", rights: INC },
    ];
    const save = async (list: typeof images) => {
      const fields = {
        artifactName: "Gold Mask",
        artifactType: "Art",
        historicalContext: "A well documented object from a long gone workshop.",
        createdAt: "100 BC",
        discoveredAt: "1799",
        discoveredBy: "A field survey",
        presentLocation: "A regional museum",
        images: list,
      };
      const saved = await trpc(t.app, "mutation", "artifacts.update", { id, fields }, owner.cookie);
      expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    };
    await save(images);
    try {
      expect(await listed({ rights: ["free"] })).toContain("Gold Mask");
      expect((await facets({})).rights.find((row) => row.value === "ask")!.count).toBe(0);
    } finally {
      await save([...images].reverse());
    }
    expect(await listed({ rights: ["ask"] })).toEqual(["Gold Mask"]);
  });

  it("refuses an answer that is not one of the four", async () => {
    const result = await trpc(t.app, "query", "artifacts.list", { rights: ["maybe"], page: 1 });
    expect(result.status).toBe(400);
  });
});

describe("the Rights filter over REST and in the export", () => {
  const namesOfIds = (found: number[]) =>
    FIXTURES.filter((fixture) => found.includes(ids.get(fixture.name)!))
      .map((fixture) => fixture.name)
      .sort();

  it("GET /artifacts?rights= lists and counts exactly those artifacts", async () => {
    for (const [query, reuse] of [
      ["rights=free", ["free"]],
      ["rights=ask&rights=unknown", ["ask", "unknown"]],
      ["rights=conditions&type=Art", ["conditions"]],
    ] as const) {
      const response = await rest(t.app, "GET", `/artifacts?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const found = (response.json() as { _id: string }[]).map((item) => Number(item._id));
      const keep = query.includes("type=Art") ? isArt : undefined;
      expect(namesOfIds(found), query).toEqual(expected([...reuse], keep));
      expect(found).toHaveLength(expected([...reuse], keep).length);
      expect(Number(response.headers["x-total-count"]), query).toBe(found.length);
    }
  });

  it("GET /export?rights= holds what GET /artifacts lists", async () => {
    const response = await rest(t.app, "GET", "/export?format=json&rights=free");
    expect(response.statusCode, response.body).toBe(200);
    const graph = (response.json() as { "@graph": { id: number }[] })["@graph"];
    expect(namesOfIds(graph.map((item) => item.id))).toEqual(expected(["free"]));
    expect(graph).toHaveLength(2);
  });

  it("refuses an unknown answer naming the four, and more answers than there are", async () => {
    const response = await rest(t.app, "GET", "/artifacts?rights=maybe");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "rights: rights must be one of free, conditions, ask, unknown.",
    });
    const tooMany = await rest(
      t.app,
      "GET",
      `/artifacts?${["free", "ask", "free", "ask", "unknown"].map((value) => `rights=${value}`).join("&")}`,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: "rights: At most 4 values of rights." });
  });

  it("is documented in /openapi.json with its four answers", async () => {
    const document = (await rest(t.app, "GET", "/openapi.json")).json() as {
      paths: Record<string, { get: { parameters: { name: string; description?: string }[] } }>;
    };
    const parameter = document.paths["/artifacts"]!.get.parameters.find(
      (item) => item.name === "rights",
    );
    expect(parameter?.description).toContain("free (Free to reuse)");
    expect(JSON.stringify(parameter)).toContain("unknown");
  });
});
