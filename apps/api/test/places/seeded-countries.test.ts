import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArtifactFacets, PlaceSuggestion } from "@artifact-atlas/shared";
import { seedDemoCollection } from "../../src/db/seed";
import { demoArtifacts } from "../../src/db/seed/demo-collection";
import { demoPlaces } from "../../src/db/seed/demo-places";
import { artifactPlaces } from "../../src/db/schema";
import { countryLookup } from "../../src/services/places/gazetteer";
import { COUNTRY_LOOKUP_VERSION, fillPlaceCountries } from "../../src/services/places/places";
import { createTestApp, type TestApp } from "../support/app";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";

/*
 * A fresh database's places have their countries (decision 122): the seed writes them as this
 * version of the country lookup finds them, so a fresh server (every browser test's, every first
 * `npm start`) has nothing to fill, reads no table to find that out and never builds the gazetteer.
 */

const REPORT_WORKERS = fileURLToPath(new URL("../support/report-workers.mjs", import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  seedDemoCollection(t.db);
});
afterAll(async () => {
  await t.close();
});

/** How many of the demo artifacts' findspots are in each country, as the seed records them. */
function seededFindspotCountries(): { value: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const { artifactName } of demoArtifacts) {
    const country = demoPlaces(artifactName)?.findspot?.country;
    if (country) counts.set(country, (counts.get(country) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

const byValue = (a: { value: string }, b: { value: string }) => a.value.localeCompare(b.value);

describe("the seed's places", () => {
  it("carry the countries this version of the lookup finds, with nothing left to fill", async () => {
    const rows = t.db.select().from(artifactPlaces).all();
    expect(rows.length).toBeGreaterThan(demoArtifacts.length);
    expect(rows.filter((row) => row.countryVersion !== COUNTRY_LOOKUP_VERSION)).toEqual([]);
    // Recorded in db/seed/demo-places.ts: a changed lookup (or its data) fails here, to be
    // written again there with a raised COUNTRY_LOOKUP_VERSION.
    const lookup = await countryLookup();
    const recorded = rows.map((row) => `${row.label}: ${row.country}`);
    expect(recorded).toEqual(rows.map((row) => `${row.label}: ${lookup(row)}`));
    expect(rows.filter((row) => row.country === null)).toEqual([]);
    expect(await fillPlaceCountries(t.db)).toBe(0);
  });
});

describe("a fresh server that seeds itself", () => {
  const dir = mkdtempSync(join(tmpdir(), "atlas-seeded-countries-"));
  let server: ServerProcess;
  const gazetteerStarts = () =>
    server.stderr.filter((line) => line === "worker thread started: gazetteer").length;

  // A real start migrates and seeds a new database: on the shared two cores that can pass 10 s.
  beforeAll(async () => {
    server = await startServer({
      databasePath: join(dir, "atlas.db"),
      env: { SEED_DEMO_COLLECTION: "true" },
      preload: [REPORT_WORKERS],
    });
  }, 60_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts its findspots' countries at once, without building the gazetteer", async () => {
    const path = `/trpc/artifacts.facets?input=${encodeURIComponent("{}")}`;
    let facets = await request(server.url, "GET", path);
    // A server just started on a busy machine may say "too busy": asked again as told, twice.
    for (let retry = 0; retry < 2 && facets.status === 503 && facets.retryAfter; retry += 1) {
      await new Promise((resolve) => setTimeout(resolve, Number(facets.retryAfter) * 1000));
      facets = await request(server.url, "GET", path);
    }
    expect(facets.status).toBe(200);
    const { countries } = (facets.body as { result: { data: ArtifactFacets } }).result.data;
    expect(countries.map(({ value, count }) => ({ value, count })).sort(byValue)).toEqual(
      seededFindspotCountries().sort(byValue),
    );
    expect(gazetteerStarts()).toBe(0);
  });

  it("builds it for the first suggestion asked for, once (the observer sees it)", async () => {
    const cookie = await signUpOn(server.url, "seeded-countries@example.com");
    const answer = await request(server.url, "GET", "/places/suggestions?q=alexandria", {
      cookie,
    });
    expect(answer.status).toBe(200);
    expect((answer.body as PlaceSuggestion[])[0]).toMatchObject({ name: "Alexandria" });
    expect(gazetteerStarts()).toBe(1);
  });
});
