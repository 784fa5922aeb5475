import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalize } from "@iiif/parser";
import { presentation3StrictUpgrade } from "@iiif/parser/strict";
import type { CollectionDetail } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { insertArtifacts } from "./support/harvesting";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";
import { webBuildStandIn } from "./support/web-build";

/*
 * A collection as a IIIF Presentation 3 Collection (issue 32): read with a IIIF library, its
 * items the manifests of its public artifacts in its order, each of which answers; what a
 * visitor may see of the collection, and nothing of a private, trashed or unknown one.
 */

let t: TestApp;
let web: ReturnType<typeof webBuildStandIn>;
let owner: SignedInUser;
let first: number;
let hidden: number;
let second: number;

beforeAll(async () => {
  web = webBuildStandIn();
  t = await createTestApp({ WEB_DIST_PATH: web.path });
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  [first, hidden, second] = insertArtifacts(t.db, 3) as [number, number, number];
  setStatus(hidden, "hidden");
});

afterAll(async () => {
  await t.close();
  web.remove();
});

async function call<T>(kind: "query" | "mutation", path: string, input: unknown): Promise<T> {
  const answer = await trpc(t.app, kind, path, input, owner.cookie);
  expect(answer.error, path).toBeUndefined();
  return answer.data as T;
}

/** A curated collection: the second artifact first, with a note; then the hidden one; then the first. */
async function curated(visibility: string): Promise<number> {
  const { id } = await call<CollectionDetail>("mutation", "collections.create", {
    title: `Workshop finds (${visibility})`,
    description: "Tools from **one** workshop.",
    visibility,
  });
  await call("mutation", "collections.addItems", {
    id,
    artifactIds: [second],
    note: "Look at the handle's wear.",
  });
  // Added while it could be seen, then hidden by a curator.
  setStatus(hidden, "published");
  await call("mutation", "collections.addItems", { id, artifactIds: [hidden, first] });
  setStatus(hidden, "hidden");
  return id;
}

function setStatus(id: number, status: string) {
  t.db.$client.prepare("update artifacts set status = ? where id = ?").run(status, id);
}

const collectionUrl = (id: number | string) => `/iiif/collections/${id}/collection.json`;

interface Normalized {
  Collection: Record<string, { label: unknown; summary: unknown; items: { id: string }[] }>;
  Manifest: Record<string, { label: unknown; summary: unknown }>;
}

describe("a collection's IIIF Collection", () => {
  it("lists its public artifacts' manifests in its order, read by a IIIF library", async () => {
    const id = await curated("public");
    const response = await rest(t.app, "GET", collectionUrl(id));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(
      /^application\/ld\+json; ?profile="http:\/\/iiif\.io\/api\/presentation\/3\/context\.json"/,
    );
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    const body = response.json() as Parameters<typeof presentation3StrictUpgrade>[0];

    const warnings: string[] = [];
    presentation3StrictUpgrade(structuredClone(body), { warnings });
    expect(warnings).toEqual([]);
    const normalized = normalize(body);
    const resource = normalized.resource as { id: string; type: string };
    expect(resource).toEqual({
      id: `${t.env.publicOrigin}${collectionUrl(id)}`,
      type: "Collection",
    });
    const entities = normalized.entities as unknown as Normalized;
    const parsed = entities.Collection[resource.id]!;
    expect(parsed.label).toEqual({ none: ["Workshop finds (public)"] });
    expect(parsed.summary).toEqual({ none: ["Tools from **one** workshop."] });
    const manifests = parsed.items.map((item) => item.id);
    expect(manifests).toEqual(
      [second, first].map(
        (artifact) => `${t.env.publicOrigin}/iiif/artifacts/${artifact}/manifest.json`,
      ),
    );
    expect(entities.Manifest[manifests[0]!]).toMatchObject({
      label: { none: [`Harvested artifact 2`] },
      summary: { none: ["Look at the handle's wear."] },
    });
    // Each item is a manifest a viewer can open.
    for (const manifest of manifests) {
      const opened = await rest(t.app, "GET", new URL(manifest).pathname);
      expect(opened.statusCode, manifest).toBe(200);
    }
    // The collection's page names it for IIIF-aware tools, as an artifact's names its manifest.
    const page = await t.app.inject({
      method: "GET",
      url: `/c/${id}`,
      headers: { accept: "text/html" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<link rel="alternate" type="application/ld+json;profile=&quot;http://iiif.io/api/presentation/3/context.json&quot;" href="${t.env.publicOrigin}${collectionUrl(id)}" />`,
    );
  });

  it("gives a saved search's artifacts newest first, and an unlisted collection's too", async () => {
    const { id } = await call<CollectionDetail>("mutation", "collections.create", {
      title: "Every workshop find",
      visibility: "unlisted",
      kind: "search",
      query: { search: "Harvested", types: ["Tools"] },
    });
    const body = (await rest(t.app, "GET", collectionUrl(id))).json() as {
      items: { id: string }[];
    };
    const ids = body.items.map((item) => Number(/artifacts\/(\d+)\//.exec(item.id)![1]));
    expect(ids).toEqual([second, first]);
  });

  it("is answered 404 for a private, trashed or unknown collection, whoever asks", async () => {
    const secret = await curated("private");
    expect((await rest(t.app, "GET", collectionUrl(secret))).statusCode).toBe(404);
    const asOwner = await rest(t.app, "GET", collectionUrl(secret), { cookie: owner.cookie });
    expect(asOwner.statusCode).toBe(404);
    expect(asOwner.body).not.toContain("Workshop finds");

    // Hidden by a curator: no IIIF Collection for anyone, its owner included.
    const curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
    const hidden = await curated("public");
    const hide = await trpc(
      t.app,
      "mutation",
      "collections.hide",
      { id: hidden, reason: "Offensive", note: "Slurs in the notes" },
      curator.cookie,
    );
    expect(hide.error).toBeUndefined();
    for (const cookie of ["", owner.cookie, curator.cookie]) {
      expect((await rest(t.app, "GET", collectionUrl(hidden), { cookie })).statusCode).toBe(404);
    }

    const trashed = await curated("public");
    await call("mutation", "collections.delete", { id: trashed });
    expect((await rest(t.app, "GET", collectionUrl(trashed))).statusCode).toBe(404);

    for (const id of ["999999", "0", "-1", "1.5", "abc", "9".repeat(40)]) {
      expect((await rest(t.app, "GET", collectionUrl(id))).statusCode, id).toBe(404);
    }
  });
});
