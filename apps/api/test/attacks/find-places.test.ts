import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceInput } from "@artifact-atlas/shared";
import { READ_CACHE_DEFAULTS } from "../../src/db/read-cache";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * A looter against the find's place filters (issue 31): bisecting boxes and shrinking circles to
 * locate a protected findspot, boxes and circles of every broken shape, and a flood of distinct
 * boxes to fill the read cache. The bisection ends on the public 10 km square, never nearer the
 * exact point; bad shapes are refused with 400; nothing answers 5xx.
 */

let t: TestApp;
let victim: SignedInUser;
let mallory: SignedInUser;
let hoard: number;

/** The exact findspot, and the centre of its 0.1° square, which is what anyone may see. */
const EXACT: PlaceInput = { label: "A hoard", lat: 52.089123, lon: 1.337987, precision: "exact" };
const PUBLIC = { lat: 52.05, lon: 1.35 };

beforeAll(async () => {
  t = await createTestApp();
  victim = await createUserWithSession(t, { name: "Victor Victim" });
  mallory = await createUserWithSession(t, { name: "Mallory" });
  hoard = (await addArtifact(t, victim, { artifactName: "Gold hoard" })).id;
  const set = await trpc(
    t.app,
    "mutation",
    "places.set",
    { id: hoard, findspot: EXACT, presentPlace: null },
    victim.cookie,
  );
  expect(set.error).toBeUndefined();
});
afterAll(async () => {
  await t.close();
});

/** Whether a find with these place filters holds the hoard, asked as Mallory through tRPC or REST. */
async function holdsHoard(
  filters: Record<string, unknown>,
  door: "trpc" | "rest",
): Promise<boolean> {
  if (door === "trpc") {
    const result = await trpc(t.app, "query", "artifacts.list", filters, mallory.cookie);
    expect(result.status).toBe(200);
    return (result.data as { items: { id: number }[] }).items.some((item) => item.id === hoard);
  }
  const query = new URLSearchParams();
  if (filters.bbox) query.set("bbox", (filters.bbox as number[]).join(","));
  if (filters.near) {
    const { lat, lon, km } = filters.near as { lat: number; lon: number; km: number };
    query.set("near", `${lat},${lon},${km}`);
  }
  const answer = await rest(t.app, "GET", `/artifacts?${query}`, { cookie: mallory.cookie });
  expect(answer.statusCode).toBe(200);
  return answer.json().some((item: { _id: string }) => item._id === String(hoard));
}

/** Halves [low, high] `steps` times, keeping the half where `holds` answers true. */
async function bisect(
  low: number,
  high: number,
  steps: number,
  holds: (low: number, high: number) => Promise<boolean>,
): Promise<[number, number]> {
  for (let step = 0; step < steps; step += 1) {
    const middle = (low + high) / 2;
    if (await holds(low, middle)) high = middle;
    else low = middle;
  }
  return [low, high];
}

describe("bisecting boxes", () => {
  for (const door of ["trpc", "rest"] as const) {
    it(`through ${door} ends on the public square, never the exact point`, async () => {
      // Twenty halvings of each axis: a box 0.00002° across, were the exact point in the column.
      const [south, north] = await bisect(-90, 90, 20, (low, high) =>
        holdsHoard({ bbox: [-180, low, 180, high] }, door),
      );
      const [west, east] = await bisect(-180, 180, 20, (low, high) =>
        holdsHoard({ bbox: [low, south, high, north] }, door),
      );
      expect(south).toBeLessThanOrEqual(PUBLIC.lat);
      expect(north).toBeGreaterThanOrEqual(PUBLIC.lat);
      expect(west).toBeLessThanOrEqual(PUBLIC.lon);
      expect(east).toBeGreaterThanOrEqual(PUBLIC.lon);
      // The exact point lies about 4 km from what the bisection found.
      expect(Math.abs(south - EXACT.lat)).toBeGreaterThan(0.03);
      expect(Math.abs(west - EXACT.lon)).toBeGreaterThan(0.01);
    });
  }

  it("shrinking circles around the exact point lose it well before 1 km", async () => {
    expect(await holdsHoard({ near: { lat: EXACT.lat, lon: EXACT.lon, km: 10 } }, "trpc")).toBe(
      true,
    );
    // The public point is about 4.4 km from the exact one.
    expect(await holdsHoard({ near: { lat: EXACT.lat, lon: EXACT.lon, km: 4 } }, "trpc")).toBe(
      false,
    );
    expect(await holdsHoard({ near: { lat: EXACT.lat, lon: EXACT.lon, km: 4 } }, "rest")).toBe(
      false,
    );
    expect(await holdsHoard({ near: { ...PUBLIC, km: 0.001 } }, "rest")).toBe(true);
  });
});

describe("broken boxes and circles", () => {
  it("are refused with 400 through tRPC", async () => {
    const inputs: unknown[] = [
      { bbox: [0, 0, 1, 1e308] },
      { bbox: [0, 0, 1, "Infinity"] },
      { bbox: [0, 0, 1, null] },
      { bbox: Array.from({ length: 10_000 }, () => 0) },
      { bbox: "0,0,1,1" },
      { bbox: { west: 0, south: 0, east: 1, north: 1 } },
      { near: { lat: 0, lon: 0, km: -1 } },
      { near: { lat: 0, lon: 0, km: 1e308 } },
      { near: { lat: "0", lon: 0, km: 1 } },
      { near: [0, 0, 1] },
      { placeKind: "exact" },
      { placeKind: "findspot; drop table artifacts" },
    ];
    for (const input of inputs) {
      const result = await trpc(t.app, "query", "artifacts.list", input, mallory.cookie);
      expect(result.status, JSON.stringify(input).slice(0, 80)).toBe(400);
    }
  });

  it("are refused with 400 through REST, GET /export too", async () => {
    const queries = [
      "bbox=0,0,1,Infinity",
      "bbox=0,0,1,1e308",
      "bbox=0,0,1,0x10",
      "bbox=0,0,1,1,5",
      "bbox=,,,",
      `bbox=${"1,".repeat(5_000)}1`,
      "bbox=0&bbox=0&bbox=1&bbox=1",
      "near=0,0,-1",
      "near=0,0,NaN",
      "near=91,0,1",
      "place=exact",
    ];
    for (const query of queries) {
      for (const path of ["/artifacts", "/export"]) {
        const answer = await rest(t.app, "GET", `${path}?${query}`, { cookie: mallory.cookie });
        expect(answer.statusCode, `${path}?${query.slice(0, 40)}`).toBe(400);
      }
    }
  });

  it("the whole world and a box of no width are answered, not refused", async () => {
    expect(await holdsHoard({ bbox: [-180, -90, 180, 90] }, "rest")).toBe(true);
    expect(
      await holdsHoard({ bbox: [PUBLIC.lon, PUBLIC.lat, PUBLIC.lon, PUBLIC.lat] }, "rest"),
    ).toBe(true);
    expect(await holdsHoard({ bbox: [180, -90, -180, 90] }, "trpc")).toBe(false);
  });
});

describe("a flood of distinct boxes", () => {
  it("keeps the read cache within its budget and every answer right", async () => {
    const cache = t.app.deps.artifactStore.readCache;
    for (let index = 0; index < 300; index += 1) {
      // Each box a hair wider than the last: 300 different cache keys, all holding the hoard.
      const bbox = [1 - index / 1000, 52, 2, 53];
      expect(await holdsHoard({ bbox }, index % 2 === 0 ? "trpc" : "rest")).toBe(true);
      expect(cache.bytes).toBeLessThanOrEqual(READ_CACHE_DEFAULTS.maxBytes);
    }
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
  });
});

describe("the map's points", () => {
  it("give the public square at the deepest zoom of the smallest box", async () => {
    const box = [PUBLIC.lon - 0.001, PUBLIC.lat - 0.001, PUBLIC.lon + 0.001, PUBLIC.lat + 0.001];
    const result = await trpc(
      t.app,
      "query",
      "map.points",
      { bbox: box, zoom: 18 },
      mallory.cookie,
    );
    expect(result.status).toBe(200);
    const answer = result.data as { points: { lat: number; lon: number; id: number | null }[] };
    expect(answer.points).toEqual([
      {
        lat: PUBLIC.lat,
        lon: PUBLIC.lon,
        count: 1,
        id: hoard,
        name: "Gold hoard",
        bounds: [PUBLIC.lon, PUBLIC.lat, PUBLIC.lon, PUBLIC.lat],
      },
    ]);
    const aroundExact = [EXACT.lon - 0.01, EXACT.lat - 0.01, EXACT.lon + 0.01, EXACT.lat + 0.01];
    const near = await trpc(t.app, "query", "map.points", { bbox: aroundExact, zoom: 18 });
    expect(near.data).toEqual({ points: [], total: 0 });
  });

  it("refuse broken zooms and boxes, and answer a flood of views within the cache's budget", async () => {
    for (const input of [
      { bbox: [0, 0, 1, 1], zoom: -1 },
      { bbox: [0, 0, 1, 1], zoom: 1e9 },
      { bbox: [0, 0, 1, 1], zoom: "18" },
      { bbox: [0, 0, 1, 1e308], zoom: 2 },
      { bbox: [0, 0, 1, 1], zoom: 2, search: "x".repeat(100_000) },
    ]) {
      const result = await trpc(t.app, "query", "map.points", input);
      expect(result.status, JSON.stringify(input).slice(0, 60)).toBe(400);
    }
    const cache = t.app.deps.artifactStore.readCache;
    for (let index = 0; index < 200; index += 1) {
      const bbox = [1 - index / 1000, 52, 2, 53];
      const result = await trpc(t.app, "query", "map.points", { bbox, zoom: index % 19 });
      expect(result.status).toBe(200);
      expect((result.data as { total: number }).total).toBe(1);
      expect(cache.bytes).toBeLessThanOrEqual(READ_CACHE_DEFAULTS.maxBytes);
    }
  });
});
