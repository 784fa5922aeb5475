import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ArtifactFacets, ArtifactPage, MapAnswer, PlaceInput } from "@artifact-atlas/shared";
import { artifactPlaces, artifacts } from "../../src/db/schema";
import {
  COUNTRY_LOOKUP_VERSION,
  fillPlaceCountries,
  OLDER_COUNTRY_CHECK,
} from "../../src/services/places/places";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * The Country filter and facet (issue 31): each place's country from the gazetteer (a GeoNames
 * place's own, a country chosen by name, or the nearest town's for a typed point), filtered and
 * counted through tRPC, REST, the export and the map; hidden artifacts in no count.
 */

let t: TestApp;
let owner: SignedInUser;
const ids: Record<string, number> = {};

/** Typed by hand, to the metre: the nearest town is Woodbridge, England. */
const SUTTON_HOO: PlaceInput = {
  label: "Sutton Hoo",
  lat: 52.0891,
  lon: 1.338,
  precision: "exact",
};
/**
 * Chosen from the gazetteer: Alexandria, Egypt (GeoNames 361058), with its point moved out to
 * sea, 250 km from any town: its GeoNames id alone says Egypt.
 */
const ALEXANDRIA: PlaceInput = {
  label: "Alexandria, Egypt",
  lat: 34,
  lon: 29.9,
  precision: "about-10km",
  geonamesId: 361058,
};
/** A country chosen as such: its name is its label. */
const FIJI: PlaceInput = { label: "Fiji", lat: -17.8, lon: 178.1, precision: "country" };
/** The middle of the Atlantic: no town within 200 km, no country. */
const AT_SEA: PlaceInput = { label: "A wreck", lat: 30, lon: -40, precision: "exact" };
const LONDON: PlaceInput = {
  label: "British Museum",
  lat: 51.5194,
  lon: -0.127,
  precision: "exact",
};
const PARIS: PlaceInput = { label: "Louvre", lat: 48.8606, lon: 2.3376, precision: "exact" };

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
  ids.buckle = await placed(
    "Sutton Hoo buckle",
    { findspot: SUTTON_HOO, presentPlace: LONDON },
    { artifactType: "Tools", historicalContext: "A gold buckle from the burial." },
  );
  ids.pharos = await placed(
    "Pharos lamp",
    { findspot: ALEXANDRIA, presentPlace: PARIS },
    { artifactType: "Tools", historicalContext: "A lamp from the harbour." },
  );
  ids.club = await placed(
    "Fijian club",
    { findspot: FIJI, presentPlace: null },
    { artifactType: "Art" },
  );
  ids.wreck = await placed("Wreck bell", { findspot: AT_SEA, presentPlace: LONDON });
  // Hidden, found at Sutton Hoo: in no count and no list.
  ids.hidden = await placed("Hidden helmet", { findspot: SUTTON_HOO, presentPlace: LONDON });
  t.db.update(artifacts).set({ status: "hidden" }).where(eq(artifacts.id, ids.hidden)).run();
});
afterAll(async () => {
  await t.close();
});

const sorted = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);

async function listed(input: Record<string, unknown>): Promise<number[]> {
  const result = await trpc(t.app, "query", "artifacts.list", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  const page = result.data as ArtifactPage;
  expect(page.total).toBe(page.items.length);
  return page.items.map((item) => item.id).sort((a, b) => a - b);
}

async function facetsOf(input: Record<string, unknown>): Promise<ArtifactFacets> {
  const result = await trpc(t.app, "query", "artifacts.facets", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data as ArtifactFacets;
}

function countriesOf(artifactId: number) {
  return t.db
    .select({ kind: artifactPlaces.kind, country: artifactPlaces.country })
    .from(artifactPlaces)
    .where(eq(artifactPlaces.artifactId, artifactId))
    .all()
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

describe("a place's country", () => {
  it("is the gazetteer's: a GeoNames place's own, a country by name, the nearest town's", () => {
    expect(countriesOf(ids.pharos!)).toEqual([
      { kind: "findspot", country: "EG" },
      { kind: "presentPlace", country: "FR" },
    ]);
    expect(countriesOf(ids.helmet!)).toEqual([
      { kind: "findspot", country: "GB" },
      { kind: "presentPlace", country: "GB" },
    ]);
    expect(countriesOf(ids.club!)).toEqual([{ kind: "findspot", country: "FJ" }]);
    expect(countriesOf(ids.wreck!)[0]).toEqual({ kind: "findspot", country: null });
  });

  it("is filled at start for places written before it (the backfill)", async () => {
    t.db.update(artifactPlaces).set({ country: null, countryVersion: 0 }).run();
    expect(countriesOf(ids.pharos!)[0]!.country).toBeNull();
    const updated = await fillPlaceCountries(t.db);
    expect(updated).toBe(11);
    expect(countriesOf(ids.pharos!)[0]).toEqual({ kind: "findspot", country: "EG" });
    expect(countriesOf(ids.club!)).toEqual([{ kind: "findspot", country: "FJ" }]);
    // Every place is now of this lookup: a second start looks nothing up.
    expect(await fillPlaceCountries(t.db)).toBe(0);
  });

  it("is checked for at start through the country version's index, not the table", () => {
    const plan = t.db.$client
      .prepare(`explain query plan ${OLDER_COUNTRY_CHECK}`)
      .all(COUNTRY_LOOKUP_VERSION) as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual([
      "SEARCH artifact_places USING COVERING INDEX artifact_places_country_version_idx (country_version<?)",
    ]);
  });
});

describe("the country filter", () => {
  it("finds the artifacts whose findspot is in a country, any of several", async () => {
    expect(await listed({ countries: ["GB"] })).toEqual(sorted("helmet", "buckle"));
    expect(await listed({ countries: ["GB", "EG"] })).toEqual(sorted("helmet", "buckle", "pharos"));
    expect(await listed({ countries: ["gb"] })).toEqual(sorted("helmet", "buckle"));
    expect(await listed({ countries: ["DE"] })).toEqual([]);
    // With the other filters and a search.
    expect(await listed({ countries: ["GB"], types: ["Art"] })).toEqual(sorted("helmet"));
    expect(await listed({ countries: ["GB"], search: "buckle" })).toEqual(sorted("buckle"));
    expect(await listed({ countries: ["GB"], search: "gold", in: "all" })).toEqual(
      sorted("buckle"),
    );
  });

  it("reads the present place when asked", async () => {
    expect(await listed({ countries: ["GB"], placeKind: "presentPlace" })).toEqual(
      sorted("helmet", "buckle", "wreck"),
    );
    expect(await listed({ countries: ["FR"], placeKind: "presentPlace" })).toEqual(
      sorted("pharos"),
    );
    expect(await listed({ countries: ["FR"] })).toEqual([]);
  });

  it("reaches REST, the export and the map", async () => {
    const answer = await rest(t.app, "GET", "/artifacts?country=gb&country=EG");
    expect(answer.statusCode, answer.body).toBe(200);
    const restIds = (body: { _id: string }[]) =>
      body.map((item) => Number(item._id)).sort((a, b) => a - b);
    expect(restIds(answer.json())).toEqual(sorted("helmet", "buckle", "pharos"));
    expect(answer.headers["x-total-count"]).toBe("3");

    const present = await rest(t.app, "GET", "/artifacts?country=FR&place=presentPlace");
    expect(restIds(present.json())).toEqual(sorted("pharos"));

    const exported = await rest(t.app, "GET", "/export?format=csv&country=EG");
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("Pharos lamp");
    expect(exported.body).not.toContain("Sutton Hoo");

    const onTheMap = async (countries: string[]) => {
      const map = await trpc(t.app, "query", "map.points", {
        bbox: [-180, -90, 180, 90],
        zoom: 18,
        countries,
      });
      expect(map.status, JSON.stringify(map.error)).toBe(200);
      return map.data as MapAnswer;
    };
    expect((await onTheMap(["GB"])).total).toBe(2);
    const egypt = await onTheMap(["EG"]);
    expect(egypt.points.map((point) => point.id)).toEqual([ids.pharos]);
  });

  it("refuses codes that are not codes, and too many, with a clear 400", async () => {
    for (const [query, words] of [
      ["country=GBR", "two-letter ISO 3166-1 code"],
      ["country=G1", "two-letter ISO 3166-1 code"],
      ["country=", "two-letter ISO 3166-1 code"],
      [Array.from({ length: 31 }, () => "country=GB").join("&"), "At most 30 values of country"],
    ] as const) {
      const answer = await rest(t.app, "GET", `/artifacts?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.body, query).toContain(words);
    }
    const listedBad = await trpc(t.app, "query", "artifacts.list", { countries: ["Egypt"] });
    expect(listedBad.status).toBe(400);
  });

  it("is documented in /openapi.json", async () => {
    const spec = (await rest(t.app, "GET", "/openapi.json")).json();
    const names = spec.paths["/artifacts"].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toContain("country");
  });
});

describe("the Country facet", () => {
  it("counts public artifacts by their findspot's country, named in English, most first", async () => {
    const facets = await facetsOf({});
    expect(facets.countries).toEqual([
      { value: "GB", count: 2, name: "United Kingdom" },
      { value: "EG", count: 1, name: "Egypt" },
      { value: "FJ", count: 1, name: "Fiji" },
    ]);
  });

  it("counts given the other filters, and its own choice leaves the others to choose", async () => {
    expect((await facetsOf({ types: ["Tools"] })).countries).toEqual([
      { value: "EG", count: 1, name: "Egypt" },
      { value: "GB", count: 1, name: "United Kingdom" },
    ]);
    const chosen = await facetsOf({ countries: ["GB", "DE"] });
    expect(chosen.countries).toEqual([
      { value: "GB", count: 2, name: "United Kingdom" },
      { value: "EG", count: 1, name: "Egypt" },
      { value: "FJ", count: 1, name: "Fiji" },
      { value: "DE", count: 0, name: "Germany" },
    ]);
    // The other facets are counted within the chosen countries.
    expect(chosen.types).toEqual([
      { value: "Art", count: 1 },
      { value: "Tools", count: 1 },
    ]);
  });

  it("counts a search's matches, in names and in all fields", async () => {
    expect((await facetsOf({ search: "sutton" })).countries).toEqual([
      { value: "GB", count: 2, name: "United Kingdom" },
    ]);
    expect((await facetsOf({ search: "lamp harbour", in: "all" })).countries).toEqual([
      { value: "EG", count: 1, name: "Egypt" },
    ]);
    expect((await facetsOf({ search: "sutton", types: ["Art"] })).countries).toEqual([
      { value: "GB", count: 1, name: "United Kingdom" },
    ]);
  });

  it("counts the present places when asked", async () => {
    expect((await facetsOf({ placeKind: "presentPlace" })).countries).toEqual([
      { value: "GB", count: 3, name: "United Kingdom" },
      { value: "FR", count: 1, name: "France" },
    ]);
  });

  it("follows a hidden artifact and a moved place at the next count", async () => {
    const gb = async () =>
      (await facetsOf({})).countries.find((row) => row.value === "GB")?.count ?? 0;
    expect(await gb()).toBe(2);
    t.db.update(artifacts).set({ status: "hidden" }).where(eq(artifacts.id, ids.buckle!)).run();
    expect(await gb()).toBe(1);
    expect(await listed({ countries: ["GB"] })).toEqual(sorted("helmet"));
    const moved = await trpc(
      t.app,
      "mutation",
      "places.set",
      { id: ids.club, findspot: SUTTON_HOO, presentPlace: null },
      owner.cookie,
    );
    expect(moved.error).toBeUndefined();
    expect(await gb()).toBe(2);
    expect((await facetsOf({})).countries.map((row) => row.value)).not.toContain("FJ");
  });
});
