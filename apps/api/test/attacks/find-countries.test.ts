import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ArtifactFacets, PlaceInput } from "@artifact-atlas/shared";
import { artifacts } from "../../src/db/schema";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * An attacker against the find's country filter (issue 31): long lists of countries, codes of
 * every broken shape (three letters, digits, letters that upper-case into two, NUL, a megabyte),
 * through tRPC, REST and the export; and a hidden artifact looked for by its country. Each is a
 * clear 400 or an answer without it; nothing answers 5xx.
 */

let t: TestApp;
let victim: SignedInUser;
let mallory: SignedInUser;
let hidden: number;

const FINDSPOT: PlaceInput = { label: "A hoard", lat: 52.0891, lon: 1.338, precision: "exact" };

beforeAll(async () => {
  t = await createTestApp();
  victim = await createUserWithSession(t, { name: "Victor Victim" });
  mallory = await createUserWithSession(t, { name: "Mallory" });
  hidden = (await addArtifact(t, victim, { artifactName: "Hidden hoard" })).id;
  const set = await trpc(
    t.app,
    "mutation",
    "places.set",
    { id: hidden, findspot: FINDSPOT, presentPlace: null },
    victim.cookie,
  );
  expect(set.error).toBeUndefined();
  t.db.update(artifacts).set({ status: "hidden" }).where(eq(artifacts.id, hidden)).run();
});
afterAll(async () => {
  await t.close();
});

const BROKEN_CODES = ["GBR", "G1", "", " ", "ß", "ﬀ", "G\u0000", "Ελ", "x".repeat(100_000)];

describe("the country filter", () => {
  it("refuses broken codes with 400 through tRPC, naming the rule", async () => {
    for (const code of BROKEN_CODES) {
      const result = await trpc(
        t.app,
        "query",
        "artifacts.list",
        { countries: [code] },
        mallory.cookie,
      );
      expect(result.status, JSON.stringify(code.slice(0, 10))).toBe(400);
      expect(JSON.stringify(result.error)).toContain("two-letter ISO 3166-1 code");
    }
    for (const countries of ["GB", [1, 2], [{ code: "GB" }], [null]]) {
      const result = await trpc(t.app, "query", "artifacts.facets", { countries }, mallory.cookie);
      expect(result.status, JSON.stringify(countries)).toBe(400);
    }
  });

  it("refuses a long list with 400 before any query, through tRPC, REST and the export", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      String.fromCharCode(65 + (i % 26), 65 + (Math.floor(i / 26) % 26)),
    );
    const listed = await trpc(t.app, "query", "artifacts.list", { countries: many });
    expect(listed.status).toBe(400);
    expect(JSON.stringify(listed.error)).toContain("At most 30 values of country");
    const query = many
      .slice(0, 800)
      .map((code) => `country=${code}`)
      .join("&");
    for (const path of ["/artifacts", "/export"]) {
      const answer = await rest(t.app, "GET", `${path}?format=csv&${query}`);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.body, path).toContain("At most 30 values of country");
    }
  });

  it("refuses broken codes with 400 through REST, GET /export too", async () => {
    for (const code of BROKEN_CODES.slice(0, 8)) {
      for (const path of ["/artifacts", "/export"]) {
        const answer = await rest(
          t.app,
          "GET",
          `${path}?format=csv&country=${encodeURIComponent(code)}`,
        );
        expect(answer.statusCode, `${path} ${JSON.stringify(code)}`).toBe(400);
        expect(answer.body).toContain("two-letter ISO 3166-1 code");
      }
    }
  });

  it("finds no hidden artifact by its country, and counts none", async () => {
    const listed = await trpc(
      t.app,
      "query",
      "artifacts.list",
      { countries: ["GB"] },
      mallory.cookie,
    );
    expect(listed.status).toBe(200);
    expect((listed.data as { total: number }).total).toBe(0);
    const facets = await trpc(t.app, "query", "artifacts.facets", {}, mallory.cookie);
    expect((facets.data as ArtifactFacets).countries).toEqual([]);
    const answer = await rest(t.app, "GET", "/artifacts?country=GB", { cookie: mallory.cookie });
    expect(answer.json()).toEqual([]);
    const exported = await rest(t.app, "GET", "/export?format=csv&country=GB");
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain("Hidden hoard");
  });
});
