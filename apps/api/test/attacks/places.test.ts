import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ArtifactPlaces, PlaceInput } from "@artifact-atlas/shared";
import { artifacts } from "../../src/db/schema";
import { readPlaces } from "../../src/services/places/places";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Attacks on an artifact's places (issue 31: places.byArtifact, places.set, GET and PUT
 * /artifacts/{id}/places): a member moving others' places, a looter asking for the exact findspot
 * by every shape of input, bodies too big or malformed, another site's form riding a cookie, and
 * walking ids to find hidden artifacts' places. Nothing moves that is not the caller's, nothing
 * finer than the public square comes back, and nothing answers 5xx.
 */

let t: TestApp;
let mallory: SignedInUser;
let victim: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  mallory = await createUserWithSession(t, { name: "Mallory" });
  victim = await createUserWithSession(t, { name: "Victor Victim" });
});

afterEach(async () => {
  await t.close();
});

const HOARD: PlaceInput = { label: "A hoard", lat: 52.089123, lon: 1.337987, precision: "exact" };

async function victimsHoard(): Promise<number> {
  const artifact = await addArtifact(t, victim);
  const set = await trpc(
    t.app,
    "mutation",
    "places.set",
    { id: artifact.id, findspot: HOARD, presentPlace: null },
    victim.cookie,
  );
  expect(set.error).toBeUndefined();
  return artifact.id;
}

const exactly = (id: number): ArtifactPlaces => readPlaces(t.db, id, true);

describe("a member after others' places", () => {
  it("cannot move or remove them through either door", async () => {
    const id = await victimsHoard();
    const moved = { findspot: { ...HOARD, lat: 0, lon: 0 }, presentPlace: null };
    const answers = [
      await trpc(t.app, "mutation", "places.set", { id, ...moved }, mallory.cookie),
      await trpc(
        t.app,
        "mutation",
        "places.set",
        { id, findspot: null, presentPlace: null },
        mallory.cookie,
      ),
    ];
    for (const answer of answers) expect(answer.error?.data.code).toBe("FORBIDDEN");
    for (const body of [moved, { findspot: null, presentPlace: null }]) {
      const put = await rest(t.app, "PUT", `/artifacts/${id}/places`, {
        cookie: mallory.cookie,
        body,
      });
      expect(put.statusCode).toBe(403);
    }
    expect(exactly(id).findspot?.lat).toBe(HOARD.lat);
  });

  it("gets the public square whatever the input asks for", async () => {
    const id = await victimsHoard();
    for (const input of [
      { id, exact: true },
      { id, viewer: victim.id },
      { id: `${id}`, role: "curator" },
    ]) {
      const answer = await trpc(t.app, "query", "places.byArtifact", input, mallory.cookie);
      expect(answer.response.body).not.toContain("52.089");
    }
    for (const url of [
      `/artifacts/${id}/places?exact=true`,
      `/artifacts/${id}/places?role=curator`,
      `/artifacts/${id}/places/`,
    ]) {
      const answer = await rest(t.app, "GET", url, { cookie: mallory.cookie });
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.body).not.toContain("52.089");
    }
  });

  it("walks ids and finds no place of a hidden, pending, rejected or deleted artifact", async () => {
    const ids: number[] = [];
    for (const status of ["hidden", "pending", "rejected"] as const) {
      const id = await victimsHoard();
      t.db.update(artifacts).set({ status }).where(eq(artifacts.id, id)).run();
      ids.push(id);
    }
    const deleted = await victimsHoard();
    await trpc(t.app, "mutation", "artifacts.delete", { id: deleted }, victim.cookie);
    ids.push(deleted);
    for (const id of ids) {
      const viaTrpc = await trpc(t.app, "query", "places.byArtifact", { id }, mallory.cookie);
      expect(viaTrpc.error?.data.code).toBe("NOT_FOUND");
      const viaRest = await rest(t.app, "GET", `/artifacts/${id}/places`);
      expect(viaRest.statusCode).toBe(404);
      const write = await trpc(
        t.app,
        "mutation",
        "places.set",
        { id, findspot: null, presentPlace: null },
        mallory.cookie,
      );
      expect(write.error?.data.code).toBe("NOT_FOUND");
    }
  });
});

describe("bad bodies", () => {
  it("are refused with 400 and change nothing", async () => {
    const id = await victimsHoard();
    const bodies: unknown[] = [
      { findspot: { ...HOARD, label: "x".repeat(100_000) }, presentPlace: null },
      { findspot: { ...HOARD, lat: "NaN" }, presentPlace: null },
      { findspot: { ...HOARD, lat: 1e308 }, presentPlace: null },
      { findspot: { ...HOARD, geonamesId: -1 }, presentPlace: null },
      { findspot: { ...HOARD, geonamesId: 1.5 }, presentPlace: null },
      { findspot: [HOARD, HOARD], presentPlace: null },
      { findspot: HOARD },
      "not an object",
      null,
    ];
    for (const body of bodies) {
      const put = await rest(t.app, "PUT", `/artifacts/${id}/places`, {
        cookie: victim.cookie,
        body,
      });
      expect([400, 413], JSON.stringify(body).slice(0, 80)).toContain(put.statusCode);
    }
    expect(exactly(id).findspot?.lat).toBe(HOARD.lat);
  });

  it("from another site's form, riding the owner's cookie, is refused", async () => {
    const id = await victimsHoard();
    const put = await rest(t.app, "PUT", `/artifacts/${id}/places`, {
      cookie: victim.cookie,
      origin: "https://evil.example",
      body: { findspot: null, presentPlace: null },
    });
    expect(put.statusCode).toBe(403);
    const form = await t.app.inject({
      method: "POST",
      url: "/trpc/places.set",
      headers: {
        cookie: victim.cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `id=${id}`,
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    expect(exactly(id).findspot?.lat).toBe(HOARD.lat);
  });

  it("as a flood of saves hits the write limit with 429", async () => {
    await t.close();
    t = await createTestApp({ WRITE_RATE_LIMIT_PER_MINUTE: "10" });
    victim = await createUserWithSession(t, { name: "Victor Victim" });
    const id = await victimsHoard();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const put = await rest(t.app, "PUT", `/artifacts/${id}/places`, {
        cookie: victim.cookie,
        body: { findspot: HOARD, presentPlace: null },
      });
      statuses.push(put.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
  });
});

describe("the gazetteer", () => {
  it("answers odd text within its bounds, and visitors not at all", async () => {
    for (const q of [
      "ü".repeat(60),
      "%_*.?[](){}\\^$|",
      "\u0301\u0301\u0301",
      "s".repeat(60),
      "a\u0000b",
      "'; drop table artifacts; --",
    ]) {
      const answer = await rest(t.app, "GET", `/places/suggestions?q=${encodeURIComponent(q)}`, {
        cookie: mallory.cookie,
      });
      expect([200, 400], q).toContain(answer.statusCode);
      if (answer.statusCode === 200)
        expect((answer.json() as unknown[]).length).toBeLessThanOrEqual(8);
    }
    const tooLong = await rest(t.app, "GET", `/places/suggestions?q=${"a".repeat(10_000)}`, {
      cookie: mallory.cookie,
    });
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
    expect((await rest(t.app, "GET", "/places/suggestions?q=Rome")).statusCode).toBe(401);
  });
});
