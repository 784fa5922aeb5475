import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIND_LIMITS, type ArtifactFacets } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { createUserWithSession } from "./support/users";

/*
 * The present-location facet past its limit (issue 18): the most common places, most first, and
 * a chosen place that is not among them still with its real count, with and without a search in
 * either scope. find.test.ts's collection has fewer places than the limit.
 */

/** Place i holds PLACES - i artifacts: place 0 the most, the last ones fewer than the top ten. */
const PLACES = FIND_LIMITS.locationFacet + 3;
const placeName = (index: number) => `Museum ${String(index).padStart(2, "0")}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUserWithSession(t);
  for (let place = 0; place < PLACES; place += 1) {
    for (let copy = 0; copy < PLACES - place; copy += 1) {
      await addArtifact(t, owner, {
        artifactName: copy % 2 === 0 ? `Amphora ${place}-${copy}` : `Lamp ${place}-${copy}`,
        artifactType: copy % 3 === 0 ? "Art" : "Tools",
        presentLocation: placeName(place),
        historicalContext: copy % 2 === 0 ? "Glazed with cobalt." : "Cast in bronze.",
      });
    }
  }
});
afterAll(async () => {
  await t.close();
});

async function locations(input: Record<string, unknown>): Promise<ArtifactFacets["locations"]> {
  const result = await trpc(t.app, "query", "artifacts.facets", input);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return (result.data as ArtifactFacets).locations;
}

/** The reference: artifacts at place i that the search finds (copies alternate name and text). */
function expected(search: "none" | "amphora" | "cobalt", place: number): number {
  const copies = PLACES - place;
  return search === "none" ? copies : Math.ceil(copies / 2);
}

describe("the present-location facet", () => {
  for (const [label, input, search] of [
    ["without a search", {}, "none"],
    ["with a name search", { search: "amphora" }, "amphora"],
    ["with an all-fields search", { search: "cobalt", in: "all" }, "cobalt"],
  ] as const) {
    it(`lists the ${FIND_LIMITS.locationFacet} most common places and a chosen one past them, ${label}`, async () => {
      const chosen = placeName(PLACES - 1);
      const rows = await locations({ ...input, locations: [chosen] });
      const top = Array.from({ length: FIND_LIMITS.locationFacet }, (_, place) => ({
        value: placeName(place),
        count: expected(search, place),
      }));
      expect(rows).toEqual([...top, { value: chosen, count: expected(search, PLACES - 1) }]);
      expect(rows.at(-1)!.count).toBeGreaterThan(0);
    });
  }
});
