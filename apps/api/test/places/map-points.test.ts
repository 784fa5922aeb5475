import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  MAP_MAX_POINTS,
  type ArtifactType,
  type MapAnswer,
  type MapPoint,
  type PlaceInput,
} from "@artifact-atlas/shared";
import { artifacts } from "../../src/db/schema";
import { loadEnv } from "../../src/env";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The map's points (issue 31, map.points): the public artifacts with a place in the box, gathered
 * into clusters that split as the zoom deepens, over the find's filters, never more than
 * MAP_MAX_POINTS, and each findspot at its public square.
 */

let t: TestApp;
let owner: SignedInUser;
const ids = { helmet: 0, hoard: 0, lamp: 0, hidden: 0 };

const place = (label: string, lat: number, lon: number): PlaceInput => ({
  label,
  lat,
  lon,
  precision: "exact",
});

async function placed(
  name: string,
  findspot: PlaceInput,
  type: ArtifactType = "Art",
): Promise<number> {
  const artifact = await addArtifact(t, owner, { artifactName: name, artifactType: type });
  const set = await trpc(
    t.app,
    "mutation",
    "places.set",
    { id: artifact.id, findspot, presentPlace: place("British Museum", 51.5194, -0.127) },
    owner.cookie,
  );
  expect(set.error).toBeUndefined();
  return artifact.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  // Two findspots about 50 km apart in Suffolk, one in Egypt.
  ids.helmet = await placed("Sutton Hoo helmet", place("Sutton Hoo", 52.089123, 1.337987));
  ids.hoard = await placed("Hoxne hoard", place("Hoxne", 52.3492, 1.1978), "Tools");
  ids.lamp = await placed("Pharos lamp", place("Alexandria", 31.2, 29.92));
  ids.hidden = await placed("Hidden helmet", place("Sutton Hoo", 52.089123, 1.337987));
  t.db.update(artifacts).set({ status: "hidden" }).where(eq(artifacts.id, ids.hidden)).run();
});
afterAll(async () => {
  await t.close();
});

async function points(input: Record<string, unknown>): Promise<MapAnswer> {
  const result = await trpc(t.app, "query", "map.points", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as MapAnswer;
}

const WORLD = [-180, -90, 180, 90];
const SUFFOLK = [0.5, 51.8, 2, 52.8];
const byCount = (a: MapPoint, b: MapPoint) => b.count - a.count;

describe("map.points", () => {
  it("gathers close artifacts into one cluster at a low zoom", async () => {
    const answer = await points({ bbox: WORLD, zoom: 2 });
    expect(answer.total).toBe(3);
    const sorted = answer.points.sort(byCount);
    expect(sorted.map((point) => point.count)).toEqual([2, 1]);
    expect(sorted[0]!.id).toBeNull();
    expect(sorted[1]!.id).toBe(ids.lamp);
    expect(sorted[1]!.name).toBe("Pharos lamp");
    // The cluster's bounds hold both public points, to zoom into.
    expect(sorted[0]!.bounds).toEqual([1.15, 52.05, 1.35, 52.35]);
  });

  it("splits the cluster when zoomed in", async () => {
    const answer = await points({ bbox: SUFFOLK, zoom: 10 });
    expect(answer.points.map((point) => point.id).sort()).toEqual([ids.helmet, ids.hoard].sort());
    expect(answer.points.every((point) => point.count === 1)).toBe(true);
  });

  it("shows each findspot at its public square, not the exact point", async () => {
    const answer = await points({ bbox: SUFFOLK, zoom: 18 });
    const helmet = answer.points.find((point) => point.id === ids.helmet)!;
    expect([helmet.lat, helmet.lon]).toEqual([52.05, 1.35]);
    expect(JSON.stringify(answer)).not.toContain("52.089");
  });

  it("reads the present places when asked", async () => {
    const answer = await points({ bbox: WORLD, zoom: 2, placeKind: "presentPlace" });
    expect(answer.points).toEqual([
      {
        lat: 51.5194,
        lon: -0.127,
        count: 3,
        id: null,
        name: null,
        bounds: [-0.127, 51.5194, -0.127, 51.5194],
      },
    ]);
  });

  it("follows the find's filters and search", async () => {
    const tools = await points({ bbox: WORLD, zoom: 2, types: ["Tools"] });
    expect(tools.points.map((point) => point.id)).toEqual([ids.hoard]);
    const named = await points({ bbox: WORLD, zoom: 2, search: "lamp" });
    expect(named.points.map((point) => point.id)).toEqual([ids.lamp]);
    const none = await points({ bbox: WORLD, zoom: 2, search: "zzzz" });
    expect(none).toEqual({ points: [], total: 0 });
  });

  it("crosses the antimeridian and leaves out what is outside the box", async () => {
    expect((await points({ bbox: [170, -90, -170, 90], zoom: 4 })).total).toBe(0);
    expect((await points({ bbox: [25, 25, 35, 35], zoom: 4 })).total).toBe(1);
  });

  it("refuses a missing box, a zoom past the deepest, and extra shapes", async () => {
    for (const input of [
      { zoom: 2 },
      { bbox: WORLD },
      { bbox: WORLD, zoom: 19 },
      { bbox: WORLD, zoom: 1.5 },
      { bbox: WORLD, zoom: 2, placeKind: "exact" },
    ]) {
      const result = await trpc(t.app, "query", "map.points", input);
      expect(result.status, JSON.stringify(input)).toBe(400);
    }
  });
});

describe("the map kept in memory", () => {
  it("follows a place moved, an artifact hidden and one deleted at once", async () => {
    const before = await points({ bbox: [25, 25, 35, 35], zoom: 4 });
    expect(before.points.map((point) => point.id)).toEqual([ids.lamp]);
    const moved = await trpc(
      t.app,
      "mutation",
      "places.set",
      { id: ids.lamp, findspot: place("Rosetta", 31.42, 30.42), presentPlace: null },
      owner.cookie,
    );
    expect(moved.error).toBeUndefined();
    const after = await points({ bbox: [25, 25, 35, 35], zoom: 18 });
    expect(after.points.map((point) => [point.lat, point.lon])).toEqual([[31.45, 30.45]]);

    t.db.update(artifacts).set({ status: "hidden" }).where(eq(artifacts.id, ids.lamp)).run();
    expect((await points({ bbox: [25, 25, 35, 35], zoom: 4 })).total).toBe(0);
    t.db.update(artifacts).set({ status: "published" }).where(eq(artifacts.id, ids.lamp)).run();
    expect((await points({ bbox: [25, 25, 35, 35], zoom: 4 })).total).toBe(1);
    await trpc(t.app, "mutation", "artifacts.delete", { id: ids.lamp }, owner.cookie);
    expect((await points({ bbox: [25, 25, 35, 35], zoom: 4 })).total).toBe(0);
    const listed = await trpc(t.app, "query", "map.list", { bbox: WORLD, zoom: 2 });
    expect((listed.data as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([
      ids.hoard,
      ids.helmet,
    ]);
  });
});

describe("map.list", () => {
  it("pages the artifacts in view, newest first, with the same filters", async () => {
    const result = await trpc(t.app, "query", "map.list", { bbox: SUFFOLK, zoom: 8 });
    expect(result.status).toBe(200);
    const page = result.data as { items: { id: number }[]; total: number; pageCount: number };
    expect(page.items.map((item) => item.id)).toEqual([ids.hoard, ids.helmet]);
    expect(page.total).toBe(2);
    const tools = await trpc(t.app, "query", "map.list", {
      bbox: SUFFOLK,
      zoom: 8,
      types: ["Tools"],
    });
    expect((tools.data as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([
      ids.hoard,
    ]);
    const far = await trpc(t.app, "query", "map.list", { bbox: SUFFOLK, zoom: 8, page: 2 });
    expect((far.data as { items: unknown[] }).items).toEqual([]);
  });
});

describe("map.points at many places", () => {
  it(`never answers more than ${MAP_MAX_POINTS} points, whatever the zoom`, async () => {
    // 3,000 places a degree apart, written as the server writes a findspot already public.
    const sqlite = t.db.$client;
    const first = Number(
      sqlite.prepare("select coalesce(max(id), 0) from artifacts").pluck().get(),
    );
    const artifact = sqlite.prepare(
      `insert into artifacts (id, owner_id, artifact_name, artifact_image, artifact_type,
         historical_context, created_at, discovered_at, discovered_by, present_location, username,
         added_at, edited_at)
       select ?, owner_id, 'Grid ' || ?, artifact_image, artifact_type, historical_context,
         created_at, discovered_at, discovered_by, present_location, username, added_at, edited_at
       from artifacts where id = ?`,
    );
    const spot = sqlite.prepare(
      `insert into artifact_places (artifact_id, kind, label, lat, lon, precision, public_lat,
         public_lon, public_precision, public_floor)
       values (?, 'findspot', 'Grid', ?, ?, 'region', ?, ?, 'region', 'about-10km')`,
    );
    sqlite.transaction(() => {
      for (let index = 0; index < 3_000; index += 1) {
        const id = first + 1 + index;
        const lat = -60 + Math.floor(index / 60) + 0.5;
        const lon = -150 + (index % 60) * 5 + 0.5;
        artifact.run(id, index, ids.hoard);
        spot.run(id, lat, lon, lat, lon);
      }
    })();
    for (const zoom of [0, 6, 12, 18]) {
      const answer = await points({ bbox: WORLD, zoom });
      expect(answer.points.length).toBeLessThanOrEqual(MAP_MAX_POINTS);
      expect(answer.total).toBe(3_002);
    }
    // A thin box the width of the world at the deepest zoom: still bounded, still whole.
    const thin = await points({ bbox: [-180, -11, 180, -10], zoom: 18 });
    expect(thin.points.length).toBeLessThanOrEqual(MAP_MAX_POINTS);
    expect(thin.total).toBe(60);
  });
});

describe("the base map's settings", () => {
  it("are the offline map and the findspot's floor by default", async () => {
    const result = await trpc(t.app, "query", "map.settings");
    expect(result.data).toEqual({ tiles: null, findspotPublicPrecision: "about-10km" });
  });

  it("take MAP_TILE_URL with its attribution, and refuse a URL without {z}, {x} and {y}", () => {
    const tiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
    expect(
      loadEnv({ MAP_TILE_URL: tiles, MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors" })
        .mapTiles,
    ).toEqual({ url: tiles, attribution: "© OpenStreetMap contributors" });
    expect(loadEnv({ MAP_TILE_URL: " " }).mapTiles).toBeNull();
    expect(() => loadEnv({ MAP_TILE_URL: "https://tiles.example/{z}/{x}.png" })).toThrow(
      /MAP_TILE_URL must hold \{z\}, \{x\} and \{y\}/,
    );
    expect(() => loadEnv({ MAP_TILE_URL: "javascript:alert(1)//{z}{x}{y}" })).toThrow();
  });
});
