import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FEED_PATH, OAI_PATH, type PlaceInput } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";
import { webBuildStandIn } from "../support/web-build";

/*
 * Issue 31: an exact findspot reaches its owner and curators only. Every door that shows an
 * artifact to the public, or to a member who is neither, is read whole, and none may hold the
 * exact point's digits or its GeoNames id; the owner's own door does (so the search can fail).
 */

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeEach(async () => {
  web = webBuildStandIn();
  t = await createTestApp({ WEB_DIST_PATH: web.path });
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  stranger = await createUserWithSession(t, { name: "Sam Stranger" });
});

afterEach(async () => {
  await t.close();
  web.remove();
});

const EXACT: PlaceInput = {
  label: "Sutton Hoo",
  lat: 52.089123,
  lon: 1.337987,
  precision: "exact",
  geonamesId: 2636491,
};
/** Text that only the exact point gives away. */
const SECRETS = ["52.089", "52.08", "1.337", "1.338", "2636491"];

/** Every public door's answer for the artifact, read as `cookie` or as nobody, by door. */
async function publicAnswers(id: number, slug: string, cookie?: string) {
  const options = cookie ? { cookie } : {};
  const query = async (path: string, input?: unknown) =>
    (await trpc(t.app, "query", path, input, cookie)).response.body;
  const get = async (url: string) => (await rest(t.app, "GET", url, options)).body;
  return {
    "places.byArtifact": await query("places.byArtifact", { id }),
    "artifacts.byId": await query("artifacts.byId", { id }),
    "artifacts.publicById": await query("artifacts.publicById", { id }),
    "artifacts.list": await query("artifacts.list", { search: slug }),
    "artifacts.popular": await query("artifacts.popular"),
    "artifacts.similar": await query("artifacts.similar", { id }),
    "artifacts.facets": await query("artifacts.facets", {}),
    "revisions.list": cookie ? await query("revisions.list", { id }) : "",
    "revisions.byNumber": cookie ? await query("revisions.byNumber", { id, number: 1 }) : "",
    "GET /artifacts": await get("/artifacts"),
    "GET /artifacts/{id}": await get(`/artifacts/${id}`),
    "GET /artifacts/{id}/places": await get(`/artifacts/${id}/places`),
    "GET /artifacts/{id}/revisions": cookie ? await get(`/artifacts/${id}/revisions`) : "",
    "GET /export csv": await get("/export?format=csv"),
    "GET /export json": await get("/export?format=json"),
    "GET /a/{id}": await get(`/a/${id}`),
    "GET /a/{id}/{slug}": await get(`/a/${id}/${slug}`),
    "GET /sitemap.xml": await get("/sitemap.xml"),
    "GET /iiif/artifacts/{id}/manifest.json": await get(`/iiif/artifacts/${id}/manifest.json`),
    // Issue 34's harvesting doors: OAI-PMH in both formats, the feed.
    "GET OAI ListRecords dc": await get(`${OAI_PATH}?verb=ListRecords&metadataPrefix=oai_dc`),
    "GET OAI ListRecords edm": await get(`${OAI_PATH}?verb=ListRecords&metadataPrefix=edm`),
    "GET feed": await get(FEED_PATH),
  };
}

function leaks(answers: Record<string, string>): string[] {
  return Object.entries(answers).flatMap(([door, body]) =>
    SECRETS.filter((secret) => body.includes(secret)).map((secret) => `${door}: ${secret}`),
  );
}

describe("a protected findspot", () => {
  it("is no finer than about 10 km through every public door, for visitors and members", async () => {
    const artifact = await addArtifact(t, owner, { artifactName: "Helmet" });
    const set = await trpc(
      t.app,
      "mutation",
      "places.set",
      { id: artifact.id, findspot: EXACT, presentPlace: null },
      owner.cookie,
    );
    expect(set.error).toBeUndefined();

    for (const cookie of [undefined, stranger.cookie]) {
      const answers = await publicAnswers(artifact.id, "helmet", cookie);
      expect(answers["GET /a/{id}"]).toContain("Helmet");
      expect(answers["GET /export csv"]).toContain("52.05");
      expect(answers["places.byArtifact"]).toContain("about-10km");
      expect(answers["GET /iiif/artifacts/{id}/manifest.json"]).toContain("Helmet");
      expect(answers["GET OAI ListRecords dc"]).toContain("Helmet");
      expect(answers["GET feed"]).toContain("Helmet");
      expect(leaks(answers)).toEqual([]);
    }
    // The owner's own door gives the exact point: the search above can find it.
    const own = await publicAnswers(artifact.id, "helmet", owner.cookie);
    expect(leaks(own)).toContain("places.byArtifact: 52.089");
    expect(leaks(own)).toContain("GET /artifacts/{id}/places: 2636491");
  });

  it("follows a stricter FINDSPOT_PUBLIC_PRECISION: a region's square, for everyone but its owner", async () => {
    await t.close();
    web.remove();
    web = webBuildStandIn();
    t = await createTestApp({ WEB_DIST_PATH: web.path, FINDSPOT_PUBLIC_PRECISION: "region" });
    owner = await createUserWithSession(t, { name: "Olive Owner" });
    const artifact = await addArtifact(t, owner, { artifactName: "Helmet" });
    await trpc(
      t.app,
      "mutation",
      "places.set",
      { id: artifact.id, findspot: EXACT, presentPlace: null },
      owner.cookie,
    );
    const answers = await publicAnswers(artifact.id, "helmet");
    expect(JSON.parse(answers["GET /artifacts/{id}/places"])).toMatchObject({
      findspot: { lat: 52.5, lon: 1.5, precision: "region", geonamesId: null },
    });
    expect(leaks(answers)).toEqual([]);
    expect(answers["GET /export csv"]).not.toContain("52.05");
  });
});
