import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ArtifactPlaces, PlaceInput } from "@artifact-atlas/shared";
import { artifacts } from "../../src/db/schema";
import { demoArtifacts } from "../../src/db/seed/demo-collection";
import { demoPlaces } from "../../src/db/seed/demo-places";
import { seedDemoCollection } from "../../src/db/seed";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  stranger = await createUserWithSession(t, { name: "Sam Stranger" });
});

afterEach(async () => {
  await t.close();
});

/** A field near Sutton Hoo, to the metre. */
const FINDSPOT: PlaceInput = {
  label: "Field by the river Deben",
  lat: 52.089123,
  lon: 1.337987,
  precision: "exact",
};
const MUSEUM: PlaceInput = {
  label: "British Museum, London",
  lat: 51.5194,
  lon: -0.127,
  precision: "exact",
  geonamesId: 6944334,
};

async function setPlaces(user: SignedInUser, id: number, places: Record<string, unknown>) {
  return trpc(t.app, "mutation", "places.set", { id, ...places }, user.cookie);
}

async function placesAs(id: number, user?: SignedInUser): Promise<ArtifactPlaces> {
  const result = await trpc(t.app, "query", "places.byArtifact", { id }, user?.cookie);
  expect(result.error).toBeUndefined();
  return result.data as ArtifactPlaces;
}

describe("an artifact's places", () => {
  it("are none until set, then round-trip exact for the owner", async () => {
    const artifact = await addArtifact(t, owner);
    expect(await placesAs(artifact.id, owner)).toEqual({ findspot: null, presentPlace: null });

    const saved = await setPlaces(owner, artifact.id, { findspot: FINDSPOT, presentPlace: MUSEUM });
    expect(saved.error).toBeUndefined();
    const exact = { findspot: { ...FINDSPOT, geonamesId: null }, presentPlace: MUSEUM };
    expect(saved.data).toEqual(exact);
    expect(await placesAs(artifact.id, owner)).toEqual(exact);

    await setPlaces(owner, artifact.id, { findspot: null, presentPlace: MUSEUM });
    expect(await placesAs(artifact.id, owner)).toEqual({ findspot: null, presentPlace: MUSEUM });
  });

  it("show everyone but the owner and curators the findspot on a 10 km grid", async () => {
    const artifact = await addArtifact(t, owner);
    await setPlaces(owner, artifact.id, { findspot: FINDSPOT, presentPlace: MUSEUM });
    const coarse = {
      findspot: {
        label: FINDSPOT.label,
        lat: 52.05,
        lon: 1.35,
        precision: "about-10km",
        geonamesId: null,
      },
      presentPlace: MUSEUM,
    };
    expect(await placesAs(artifact.id)).toEqual(coarse);
    expect(await placesAs(artifact.id, stranger)).toEqual(coarse);

    const curator = await createUserWithSession(t, { role: "curator" });
    expect((await placesAs(artifact.id, curator)).findspot).toEqual({
      ...FINDSPOT,
      geonamesId: null,
    });

    const restAnswer = await rest(t.app, "GET", `/artifacts/${artifact.id}/places`);
    expect(restAnswer.statusCode).toBe(200);
    expect(restAnswer.json()).toEqual(coarse);
  });

  it("are changed only by the owner and curators", async () => {
    const artifact = await addArtifact(t, owner);
    const refused = await setPlaces(stranger, artifact.id, {
      findspot: FINDSPOT,
      presentPlace: null,
    });
    expect(refused.error?.data.code).toBe("FORBIDDEN");
    const visitor = await trpc(t.app, "mutation", "places.set", {
      id: artifact.id,
      findspot: FINDSPOT,
      presentPlace: null,
    });
    expect(visitor.error?.data.code).toBe("UNAUTHORIZED");
    expect(await placesAs(artifact.id, owner)).toEqual({ findspot: null, presentPlace: null });

    const curator = await createUserWithSession(t, { role: "curator" });
    const byCurator = await setPlaces(curator, artifact.id, {
      findspot: FINDSPOT,
      presentPlace: null,
    });
    expect(byCurator.error).toBeUndefined();
  });

  it("refuse a point off the globe and an unknown precision", async () => {
    const artifact = await addArtifact(t, owner);
    for (const findspot of [
      { ...FINDSPOT, lat: 90.5 },
      { ...FINDSPOT, lon: -181 },
      { ...FINDSPOT, precision: "street" },
      { ...FINDSPOT, label: "   " },
      { ...FINDSPOT, lat: "52" },
    ]) {
      const result = await setPlaces(owner, artifact.id, { findspot, presentPlace: null });
      expect(result.error?.data.code, JSON.stringify(findspot)).toBe("BAD_REQUEST");
    }
    expect(await placesAs(artifact.id, owner)).toEqual({ findspot: null, presentPlace: null });
  });

  it("round-trip through REST, exact for the owner", async () => {
    const artifact = await addArtifact(t, owner);
    const put = await rest(t.app, "PUT", `/artifacts/${artifact.id}/places`, {
      cookie: owner.cookie,
      body: { findspot: FINDSPOT, presentPlace: MUSEUM },
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = await rest(t.app, "GET", `/artifacts/${artifact.id}/places`, {
      cookie: owner.cookie,
    });
    expect(read.json()).toEqual({
      findspot: { ...FINDSPOT, geonamesId: null },
      presentPlace: MUSEUM,
    });

    const bad = await rest(t.app, "PUT", `/artifacts/${artifact.id}/places`, {
      cookie: owner.cookie,
      body: { findspot: { ...FINDSPOT, lat: 200 }, presentPlace: null },
    });
    expect(bad.statusCode).toBe(400);
    const strangers = await rest(t.app, "PUT", `/artifacts/${artifact.id}/places`, {
      cookie: stranger.cookie,
      body: { findspot: null, presentPlace: null },
    });
    expect(strangers.statusCode).toBe(403);
  });

  it("of an artifact the reader may not see are not found", async () => {
    const artifact = await addArtifact(t, owner);
    await setPlaces(owner, artifact.id, { findspot: FINDSPOT, presentPlace: MUSEUM });
    for (const status of ["hidden", "pending", "rejected"] as const) {
      t.db.update(artifacts).set({ status }).where(eq(artifacts.id, artifact.id)).run();
      const asVisitor = await trpc(t.app, "query", "places.byArtifact", { id: artifact.id });
      expect(asVisitor.error?.data.code, status).toBe("NOT_FOUND");
      const asStranger = await rest(t.app, "GET", `/artifacts/${artifact.id}/places`, {
        cookie: stranger.cookie,
      });
      expect(asStranger.statusCode, status).toBe(404);
      expect((await placesAs(artifact.id, owner)).findspot?.lat).toBe(FINDSPOT.lat);
    }
    t.db
      .update(artifacts)
      .set({ status: "published", deletedAt: new Date() })
      .where(eq(artifacts.id, artifact.id))
      .run();
    const deleted = await trpc(t.app, "query", "places.byArtifact", { id: artifact.id });
    expect(deleted.error?.data.code).toBe("NOT_FOUND");
  });
});

describe("the demo collection's places", () => {
  it("gives every demo artifact its present place, and a findspot where it was found", () => {
    for (const { artifactName } of demoArtifacts) {
      const places = demoPlaces(artifactName);
      expect(places, artifactName).toBeDefined();
      expect(places?.presentPlace?.label, artifactName).toBeTruthy();
    }
    const found = demoArtifacts.filter(({ artifactName }) => demoPlaces(artifactName)?.findspot);
    expect(found.length).toBeGreaterThan(40);
  });

  it("are stored by the seed, the Rosetta Stone's findspot coarsened for the public", async () => {
    seedDemoCollection(t.db);
    const rosetta = t.db
      .select({ id: artifacts.id })
      .from(artifacts)
      .where(eq(artifacts.artifactName, "Rosetta Stone"))
      .get();
    expect(rosetta).toBeDefined();
    const places = await placesAs(rosetta!.id);
    expect(places.presentPlace?.label).toBe("British Museum, London");
    expect(places.findspot).toEqual({
      label: "Fort Julien, Rashid (Rosetta), Egypt",
      lat: 31.45,
      lon: 30.45,
      precision: "about-10km",
      geonamesId: null,
    });
  });
});

describe("FINDSPOT_PUBLIC_PRECISION", () => {
  it("is applied again at start when it changes", async () => {
    const artifact = await addArtifact(t, owner);
    await setPlaces(owner, artifact.id, { findspot: FINDSPOT, presentPlace: null });
    await t.app.close();
    const { buildApp } = await import("../../src/app");
    const app = await buildApp({ env: { ...t.env, findspotPublicPrecision: "region" }, db: t.db });
    await app.ready();
    try {
      const answer = await rest(app, "GET", `/artifacts/${artifact.id}/places`);
      expect(answer.json().findspot).toEqual({
        label: FINDSPOT.label,
        lat: 52.5,
        lon: 1.5,
        precision: "region",
        geonamesId: null,
      });
    } finally {
      await app.close();
    }
  });
});
