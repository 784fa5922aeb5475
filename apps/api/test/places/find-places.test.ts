import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ArtifactFacets, ArtifactPage, PlaceInput } from "@artifact-atlas/shared";
import { artifacts } from "../../src/db/schema";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The find's place filters (issue 31): `bbox` and `near` over the findspot or the present place,
 * through tRPC and REST, with searches, facets and the export. A findspot is found by its public
 * point (a 10 km square by default), never by the exact one.
 */

let t: TestApp;
let owner: SignedInUser;
const ids: Record<string, number> = {};

/** Sutton Hoo to the metre: its public point is the centre of its 0.1° square, (52.05, 1.35). */
const SUTTON_HOO: PlaceInput = {
  label: "Sutton Hoo",
  lat: 52.089123,
  lon: 1.337987,
  precision: "exact",
};
const LONDON: PlaceInput = {
  label: "British Museum",
  lat: 51.5194,
  lon: -0.127,
  precision: "exact",
};
const ALEXANDRIA: PlaceInput = {
  label: "Alexandria",
  lat: 31.2,
  lon: 29.92,
  precision: "about-10km",
};
const PARIS: PlaceInput = { label: "Louvre", lat: 48.8606, lon: 2.3376, precision: "exact" };
/** Taveuni, Fiji, on the antimeridian's east side; Samoa-ish on its west. */
const TAVEUNI: PlaceInput = { label: "Taveuni", lat: -16.85, lon: 179.95, precision: "about-10km" };
const SUVA: PlaceInput = { label: "Fiji Museum", lat: -18.15, lon: 178.43, precision: "exact" };

async function placed(
  name: string,
  places: { findspot: PlaceInput | null; presentPlace: PlaceInput | null },
  fields: Record<string, string> = {},
): Promise<number> {
  const artifact = await addArtifact(t, owner, { artifactName: name, ...fields });
  const set = await trpc(
    t.app,
    "mutation",
    "places.set",
    { id: artifact.id, ...places },
    owner.cookie,
  );
  expect(set.error).toBeUndefined();
  return artifact.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  ids.helmet = await placed(
    "Sutton Hoo helmet",
    { findspot: SUTTON_HOO, presentPlace: LONDON },
    { artifactType: "Art", historicalContext: "An Anglo-Saxon ship burial." },
  );
  ids.pharos = await placed(
    "Pharos lamp",
    { findspot: ALEXANDRIA, presentPlace: PARIS },
    { artifactType: "Tools", historicalContext: "A lamp from the harbour." },
  );
  ids.club = await placed(
    "Taveuni club",
    { findspot: TAVEUNI, presentPlace: SUVA },
    { artifactType: "Art", historicalContext: "A war club." },
  );
  ids.placeless = (await addArtifact(t, owner, { artifactName: "Placeless lamp" })).id;
  // Hidden, beside the helmet: found through no door.
  ids.hidden = await placed("Hidden helmet", { findspot: SUTTON_HOO, presentPlace: LONDON });
  t.db.update(artifacts).set({ status: "hidden" }).where(eq(artifacts.id, ids.hidden)).run();
});
afterAll(async () => {
  await t.close();
});

async function listed(input: Record<string, unknown>): Promise<number[]> {
  const result = await trpc(t.app, "query", "artifacts.list", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  const page = result.data as ArtifactPage;
  expect(page.total).toBe(page.items.length);
  return page.items.map((item) => item.id).sort((a, b) => a - b);
}

const sorted = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);

/** East Anglia and London, with room. */
const ENGLAND = [-2, 51, 2, 53];

describe("bbox", () => {
  it("finds the artifacts whose findspot is in the box, by default", async () => {
    expect(await listed({ bbox: ENGLAND })).toEqual(sorted("helmet"));
    expect(await listed({ bbox: [25, 25, 35, 35] })).toEqual(sorted("pharos"));
    expect(await listed({ bbox: [-180, -90, 180, 90] })).toEqual(
      sorted("helmet", "pharos", "club"),
    );
  });

  it("pages a box in every order with its total", async () => {
    // Enough artifacts without a place that a box of one is sorted rather than walked to.
    for (let i = 0; i < 8; i += 1) await addArtifact(t, owner, { artifactName: `Lamp ${i}` });
    const world = [-180, -90, 180, 90];
    const all = sorted("helmet", "pharos", "club");
    // Newest first (the web's list) is read from the map's points (store/map-points.ts).
    const newest = async (input: Record<string, unknown>) => {
      const result = await trpc(t.app, "query", "artifacts.list", input);
      expect(result.status, JSON.stringify(result.error)).toBe(200);
      const page = result.data as ArtifactPage;
      return { ids: page.items.map((item) => item.id), total: page.total };
    };
    expect(await newest({ bbox: world })).toEqual({ ids: [...all].reverse(), total: 3 });
    expect(await newest({ bbox: world, types: ["Art"] })).toEqual({
      ids: sorted("helmet", "club").reverse(),
      total: 2,
    });
    expect(await newest({ bbox: world, page: 2 })).toEqual({ ids: [], total: 3 });
    // Another order over much of the collection walks its index (REST's default, most liked);
    // over a few, it sorts them. Either way the same artifacts, as many as the total says.
    const pageOf = async (query: string) => {
      const answer = await rest(t.app, "GET", `/artifacts?${query}`);
      expect(answer.statusCode, query).toBe(200);
      return {
        ids: (answer.json() as { _id: string }[]).map((item) => Number(item._id)),
        total: Number(answer.headers["x-total-count"]),
      };
    };
    const box = "bbox=-180,-90,180,90";
    expect((await pageOf(box)).ids.sort((a, b) => a - b)).toEqual(all);
    const pages = [1, 2, 3].map((page) => pageOf(`${box}&sort=date_asc&pageSize=1&page=${page}`));
    const oneByOne = await Promise.all(pages);
    expect(oneByOne.map((page) => page.total)).toEqual([3, 3, 3]);
    expect(oneByOne.flatMap((page) => page.ids).sort((a, b) => a - b)).toEqual(all);
    expect(await pageOf("bbox=-2,51,2,53")).toEqual({ ids: [ids.helmet], total: 1 });
    expect(await pageOf("bbox=2,48,3,49&place=presentPlace&sort=date_desc")).toEqual({
      ids: [ids.pharos],
      total: 1,
    });
  });

  it("reads the present place when asked", async () => {
    expect(await listed({ bbox: [2, 48, 3, 49], placeKind: "presentPlace" })).toEqual(
      sorted("pharos"),
    );
    expect(await listed({ bbox: [2, 48, 3, 49] })).toEqual([]);
    expect(await listed({ bbox: [-1, 51, 0, 52], placeKind: "presentPlace" })).toEqual(
      sorted("helmet"),
    );
  });

  it("crosses the antimeridian when west is east of east", async () => {
    expect(await listed({ bbox: [179, -20, -179, -10] })).toEqual(sorted("club"));
    expect(await listed({ bbox: [178, -20, -179, -10], placeKind: "presentPlace" })).toEqual(
      sorted("club"),
    );
    expect(await listed({ bbox: [-179, -20, 179, -10] })).toEqual([]);
  });

  it("reads the public square of a findspot, not the exact point", async () => {
    // The exact point is at 52.0891; its square's centre at 52.05.
    const aroundExact = [1.33, 52.08, 1.34, 52.09];
    expect(await listed({ bbox: aroundExact })).toEqual([]);
    expect(await listed({ bbox: [1.34, 52.04, 1.36, 52.06] })).toEqual(sorted("helmet"));
    // The owner's own find reads the same public points: the collection is the public's.
    const own = await trpc(t.app, "query", "artifacts.list", { bbox: aroundExact }, owner.cookie);
    expect((own.data as ArtifactPage).items).toEqual([]);
  });

  it("combines with the other filters and both searches", async () => {
    const world = [-180, -90, 180, 90];
    expect(await listed({ bbox: world, types: ["Art"] })).toEqual(sorted("helmet", "club"));
    expect(await listed({ bbox: world, search: "lamp" })).toEqual(sorted("pharos"));
    expect(await listed({ bbox: ENGLAND, search: "lamp" })).toEqual([]);
    expect(await listed({ bbox: world, search: "club", in: "all" })).toEqual(sorted("club"));
    expect(await listed({ bbox: world, search: "burial", in: "all" })).toEqual(sorted("helmet"));
    expect(await listed({ bbox: ENGLAND, search: "harbour", in: "all" })).toEqual([]);
  });

  it("narrows the facets, with and without a search", async () => {
    for (const search of [undefined, "helmet", "burial"]) {
      const input = {
        bbox: ENGLAND,
        ...(search ? { search } : {}),
        ...(search === "burial" ? { in: "all" } : {}),
      };
      const result = await trpc(t.app, "query", "artifacts.facets", input);
      expect(result.status, JSON.stringify(result.error)).toBe(200);
      const facets = result.data as ArtifactFacets;
      expect(facets.types).toEqual([{ value: "Art", count: 1 }]);
    }
  });

  it("refuses boxes that are not boxes", async () => {
    for (const bbox of [
      [0, 10, 1, 5],
      [0, -91, 1, 5],
      [-181, 0, 1, 5],
      [0, 0, 1],
      ["a", 0, 1, 5],
      [0, 0, 1, Number.NaN],
    ]) {
      const result = await trpc(t.app, "query", "artifacts.list", { bbox });
      expect(result.status, JSON.stringify(bbox)).toBe(400);
    }
  });
});

describe("near", () => {
  it("finds the places within so many km of a point", async () => {
    expect(await listed({ near: { lat: 52.05, lon: 1.35, km: 1 } })).toEqual(sorted("helmet"));
    expect(await listed({ near: { lat: 51.5, lon: -0.1, km: 200 } })).toEqual(sorted("helmet"));
    expect(await listed({ near: { lat: 51.5, lon: -0.1, km: 50 } })).toEqual([]);
    expect(
      await listed({ near: { lat: 51.5, lon: -0.1, km: 5 }, placeKind: "presentPlace" }),
    ).toEqual(sorted("helmet"));
  });

  it("reads the public square: a kilometre around the exact findspot finds nothing", async () => {
    expect(await listed({ near: { lat: 52.089123, lon: 1.337987, km: 1 } })).toEqual([]);
  });

  it("measures across the antimeridian", async () => {
    // 179.95 is 0.15° (about 16 km at 17°S) from -179.9.
    expect(await listed({ near: { lat: -16.85, lon: -179.9, km: 20 } })).toEqual(sorted("club"));
    expect(await listed({ near: { lat: -16.85, lon: -179.9, km: 10 } })).toEqual([]);
  });

  it("refuses circles too wide or not circles", async () => {
    for (const near of [
      { lat: 0, lon: 0, km: 0 },
      { lat: 0, lon: 0, km: 1001 },
      { lat: 91, lon: 0, km: 1 },
      { lat: 0, lon: 0 },
      { lat: 0, lon: 0, km: 1, extra: 1 },
    ]) {
      const result = await trpc(t.app, "query", "artifacts.list", { near });
      expect(result.status, JSON.stringify(near)).toBe(400);
    }
  });
});

describe("REST", () => {
  it("GET /artifacts takes bbox, near and place", async () => {
    const answer = await rest(t.app, "GET", "/artifacts?bbox=-2,51,2,53");
    expect(answer.statusCode).toBe(200);
    expect(answer.json().map((item: { _id: string }) => item._id)).toEqual([String(ids.helmet)]);
    expect(answer.headers["x-total-count"]).toBe("1");

    const near = await rest(t.app, "GET", "/artifacts?near=48.86,2.34,5&place=presentPlace");
    expect(near.json().map((item: { _id: string }) => item._id)).toEqual([String(ids.pharos)]);
  });

  it("keeps the filters in the Link of the next page", async () => {
    const answer = await rest(t.app, "GET", "/artifacts?bbox=-180,-90,180,90&pageSize=1");
    expect(answer.headers["x-total-count"]).toBe("3");
    expect(String(answer.headers.link)).toContain("bbox=-180%2C-90%2C180%2C90");
  });

  it("names what is wrong with a bad bbox, near or place", async () => {
    for (const [query, words] of [
      ["bbox=1,2,3", "bbox must be west,south,east,north"],
      ["bbox=a,b,c,d", "bbox must be west,south,east,north"],
      ["bbox=0,10,1,5", "south must not be north of north"],
      ["bbox=0,0,200,5", "east must be a longitude"],
      ["near=0,0", "near must be lat,lon,km"],
      ["near=0,0,5000", "at most 1000 km"],
      ["place=moon", "place must be findspot or presentPlace"],
    ] as const) {
      const answer = await rest(t.app, "GET", `/artifacts?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body, query).toContain(words);
    }
  });

  it("GET /export takes the same box", async () => {
    const answer = await rest(t.app, "GET", "/export?format=csv&bbox=-2,51,2,53");
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("Sutton Hoo helmet");
    expect(answer.body).not.toContain("Pharos lamp");
    expect(answer.body).not.toContain("Hidden helmet");
  });

  it("is documented in /openapi.json", async () => {
    const spec = (await rest(t.app, "GET", "/openapi.json")).json();
    const names = spec.paths["/artifacts"].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(["bbox", "near", "place"]));
  });
});
