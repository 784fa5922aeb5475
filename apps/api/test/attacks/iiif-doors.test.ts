import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArtifactDetail } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "../support/app";
import { addArtifact, artifactFields } from "../support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "../support/images";
import { rest } from "../support/rest";
import { createUserWithSession, type SignedInUser } from "../support/users";

/*
 * Attacks on the IIIF doors (issue 30), as someone would try them who wants an image nobody shows
 * them: the info.json, tiles and manifest of a pending, hidden, rejected or trashed artifact, of an
 * image taken out of a public artifact, of an upload never saved; guessed hashes, paths that climb
 * out of the pyramid, sizes a level-0 service never made (nothing is decoded for a request: only
 * the files written at upload are served), and manifest ids that are no ids. Each is answered as
 * an image or artifact that does not exist, with the same body, and nothing answers 5xx.
 */

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let curator: SignedInUser;
let front: UploadAnswer;
let back: UploadAnswer;
let artifact: ArtifactDetail;

const VISITOR = "";
const IMMUTABLE = "public, max-age=31536000, immutable";
const UNCACHED = "private, no-store";

const hashOf = (upload: UploadAnswer) => upload.url.slice("/images/".length);
const service = (upload: UploadAnswer) => `/iiif/images/${hashOf(upload)}`;
const manifest = (id: number) => `/iiif/artifacts/${id}/manifest.json`;

/**
 * Every door to an upload's IIIF files: its info.json, the tile of the whole image at the
 * pyramid's top (its largest scale factor) and a tile of the master's own resolution.
 */
async function doorsOf(upload: UploadAnswer): Promise<string[]> {
  const info = (
    await rest(t.app, "GET", `${service(upload)}/info.json`, { cookie: owner.cookie })
  ).json() as {
    width: number;
    height: number;
    tiles: { scaleFactors: number[] }[];
  };
  const top = Math.max(...info.tiles.flatMap((tile) => tile.scaleFactors));
  return [
    `${service(upload)}/info.json`,
    `${service(upload)}/full/${Math.ceil(info.width / top)},${Math.ceil(info.height / top)}/0/default.jpg`,
    `${service(upload)}/0,0,512,512/512,512/0/default.jpg`,
  ];
}

/**
 * How `cookie`'s holder gets each door: its Cache-Control when served, else its status and body,
 * so that a refusal is seen to say no more than "not found".
 */
async function answers(paths: string[], cookie: string): Promise<string[]> {
  const seen = [];
  for (const path of paths) {
    const answer = await rest(t.app, "GET", path, { cookie });
    seen.push(
      answer.statusCode === 200
        ? String(answer.headers["cache-control"])
        : `${answer.statusCode} ${answer.body}`,
    );
  }
  return [...new Set(seen)];
}

async function upload(width: number, height: number): Promise<UploadAnswer> {
  const response = await uploadImage(t.app, await jpeg(width, height), { cookie: owner.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as UploadAnswer;
}

const IMAGE_NOT_FOUND = `404 ${JSON.stringify({ error: "Image not found" })}`;
let ARTIFACT_NOT_FOUND: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithSession(t, { name: "Olive Owner" });
  stranger = await createUserWithSession(t, { name: "Stan Stranger" });
  curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
  front = await upload(1800, 1200);
  back = await upload(1000, 1400);
  artifact = await addArtifact(t, owner, {
    artifactImage: front.url,
    images: [
      { url: front.url, alt: "Front", caption: "", credit: "" },
      { url: back.url, alt: "Back", caption: "", credit: "" },
    ],
  });
  const none = await rest(t.app, "GET", manifest(987_654));
  ARTIFACT_NOT_FOUND = `${none.statusCode} ${none.body}`;
});

afterAll(async () => {
  await t.close();
});

describe("an artifact nobody may see", () => {
  it("leaks no info.json, tile or manifest while pending, hidden, rejected or trashed", async () => {
    const doors = [...(await doorsOf(front)), ...(await doorsOf(back))];
    expect(await answers(doors, VISITOR)).toEqual([IMMUTABLE]);
    expect(await answers([manifest(artifact.id)], VISITOR)).toEqual(["public, max-age=60"]);
    expect(ARTIFACT_NOT_FOUND).toMatch(/^404 /);

    const setState = (sql: string) => t.db.$client.prepare(sql).run(artifact.id);
    for (const [state, hide, show] of [
      ["pending", "status = 'pending'", "status = 'published'"],
      ["hidden", "status = 'hidden'", "status = 'published'"],
      ["rejected", "status = 'rejected'", "status = 'published'"],
      ["trashed", "deleted_at = 1", "deleted_at = null"],
    ] as const) {
      setState(`update artifacts set ${hide} where id = ?`);
      for (const cookie of [VISITOR, stranger.cookie]) {
        expect(await answers(doors, cookie), state).toEqual([IMAGE_NOT_FOUND]);
      }
      // The owner and curators still see its images (its form, the review queue), uncached.
      if (state !== "trashed") {
        expect(await answers(doors, owner.cookie), state).toEqual([UNCACHED]);
      }
      expect(await answers(doors, curator.cookie), state).toEqual([UNCACHED]);
      // A manifest is for IIIF viewers anywhere: none for an artifact that is not public, whoever asks.
      for (const cookie of [VISITOR, stranger.cookie, owner.cookie, curator.cookie]) {
        expect(await answers([manifest(artifact.id)], cookie), state).toEqual([ARTIFACT_NOT_FOUND]);
      }
      setState(`update artifacts set ${show} where id = ?`);
      expect(await answers(doors, VISITOR), state).toEqual([IMMUTABLE]);
    }
  });

  it("stops serving an image's tiles once the public artifact no longer shows it", async () => {
    const kept = await upload(900, 700);
    const dropped = await upload(1100, 800);
    const shown = await addArtifact(t, owner, {
      artifactImage: kept.url,
      images: [
        { url: kept.url, alt: "", caption: "", credit: "" },
        { url: dropped.url, alt: "", caption: "", credit: "" },
      ],
    });
    expect(await answers(await doorsOf(dropped), VISITOR)).toEqual([IMMUTABLE]);
    const fields = artifactFields({
      artifactImage: kept.url,
      images: [{ url: kept.url, alt: "", caption: "", credit: "" }],
    });
    const updated = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: shown.id, fields },
      owner.cookie,
    );
    expect(updated.status).toBe(200);
    // Only an earlier revision names it now: its owner may still see it there, nobody else.
    expect(await answers(await doorsOf(dropped), VISITOR)).toEqual([IMAGE_NOT_FOUND]);
    expect(await answers(await doorsOf(dropped), stranger.cookie)).toEqual([IMAGE_NOT_FOUND]);
    expect(await answers(await doorsOf(dropped), owner.cookie)).toEqual([UNCACHED]);
    expect(await answers(await doorsOf(kept), VISITOR)).toEqual([IMMUTABLE]);
    const canvases = (await rest(t.app, "GET", manifest(shown.id))).json() as { items: unknown[] };
    expect(canvases.items).toHaveLength(1);
    expect(JSON.stringify(canvases)).not.toContain(hashOf(dropped));
  });

  it("serves an upload never saved with an artifact to its uploader alone", async () => {
    const draft = await upload(800, 600);
    expect(await answers(await doorsOf(draft), owner.cookie)).toEqual([UNCACHED]);
    for (const cookie of [VISITOR, stranger.cookie]) {
      expect(await answers(await doorsOf(draft), cookie)).toEqual([IMAGE_NOT_FOUND]);
    }
  });
});

describe("paths an attacker writes", () => {
  it("answers 404 for guessed hashes and paths that climb out of the pyramid, never 5xx", async () => {
    const hash = hashOf(front);
    const paths = [
      `/iiif/images/${"0".repeat(64)}/info.json`,
      `/iiif/images/${hash.toUpperCase()}/info.json`,
      `/iiif/images/${hash.slice(0, 63)}/info.json`,
      `/iiif/images/${hash}/..%2Fmaster.jpg/512,512/0/default.jpg`,
      `/iiif/images/${hash}/..%2F..%2F${hash}%2Fmaster.jpg/1,1/0/default.jpg`,
      `/iiif/images/${hash}/full/..%2F..%2Fmaster.jpg/0/default.jpg`,
      `/iiif/images/${hash}/%2E%2E/%2E%2E/0/default.jpg`,
      `/iiif/images/${hash}/full/full/0/default.jpg`,
      `/iiif/images/${hash}/full/max/0/default.jpg`,
      `/iiif/images/${hash}/full/!512,512/0/default.jpg`,
      `/iiif/images/${hash}/square/512,512/0/default.jpg`,
      `/iiif/images/${hash}/pct:0,0,50,50/512,512/0/default.jpg`,
      `/iiif/images/${hash}/0,0,512,512/512,/0/default.jpg`,
      `/iiif/images/${hash}/0,0,512,512/512,512/!0/default.jpg`,
      `/iiif/images/${hash}/0,0,512,512/512,512/0/default.webp`,
      `/iiif/images/${hash}/0,0,99999,99999/99999,99999/0/default.jpg`,
      `/iiif/images/${hash}/0,0,512,512/${"9".repeat(400)},512/0/default.jpg`,
      `/iiif/images/${hash}/master.jpg`,
      `/iiif/images/${hash}/1600.jpg`,
      `/iiif/images/${hash}/vips-properties.xml`,
    ];
    for (const path of paths) {
      const answer = await rest(t.app, "GET", path);
      expect(answer.statusCode, path).toBe(404);
    }
  });

  it("makes nothing for a size the pyramid lacks: each such ask is a quick 404, not a decode", async () => {
    // A level-0 service lists what exists; a viewer asking for any other size gets none made.
    const hash = hashOf(front);
    const sizes = [];
    for (let width = 100; width <= 1800; width += 17) {
      sizes.push(`/iiif/images/${hash}/full/${width},${Math.round((width * 2) / 3)}/0/default.jpg`);
    }
    const statuses = await Promise.all(
      sizes.map(async (path) => (await rest(t.app, "GET", path)).statusCode),
    );
    expect(new Set(statuses)).toEqual(new Set([404]));
    // The whole image as the pyramid has it, a quarter of the master's size, is there.
    const listed = await rest(t.app, "GET", `/iiif/images/${hash}/full/450,300/0/default.jpg`);
    expect(listed.statusCode).toBe(200);
  });

  it("answers a manifest of no artifact 404 or 400, never 5xx, and never an empty manifest", async () => {
    for (const id of ["0", "-1", "1e3", "abc", "99999999999999999999", `${artifact.id}.json`]) {
      const answer = await rest(t.app, "GET", `/iiif/artifacts/${id}/manifest.json`);
      expect([400, 404], id).toContain(answer.statusCode);
      expect(answer.body, id).not.toContain("Manifest");
    }
  });

  it("opens no private collection's IIIF Collection, and lists no hidden artifact in a public one", async () => {
    const made = async (visibility: string) => {
      const created = await trpc(
        t.app,
        "mutation",
        "collections.create",
        { title: `Secret hoard ${visibility}`, visibility },
        owner.cookie,
      );
      const id = (created.data as { id: number }).id;
      const added = await trpc(
        t.app,
        "mutation",
        "collections.addItems",
        { id, artifactIds: [artifact.id] },
        owner.cookie,
      );
      expect(added.error).toBeUndefined();
      return id;
    };
    const secret = await made("private");
    const shown = await made("public");
    const collection = (id: number) => `/iiif/collections/${id}/collection.json`;
    // The stranger, a curator and a visitor: the private one is no collection at all.
    for (const cookie of [stranger.cookie, curator.cookie, VISITOR, owner.cookie]) {
      const answer = await rest(t.app, "GET", collection(secret), { cookie });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain("Secret hoard");
      expect(answer.body).not.toContain(manifest(artifact.id));
    }
    // Hidden later, the artifact leaves the public collection's list of manifests.
    const listed = async () => (await rest(t.app, "GET", collection(shown))).body;
    expect(await listed()).toContain(manifest(artifact.id));
    t.db.$client.prepare("update artifacts set status = 'hidden' where id = ?").run(artifact.id);
    try {
      expect(await listed()).not.toContain(manifest(artifact.id));
    } finally {
      t.db.$client
        .prepare("update artifacts set status = 'published' where id = ?")
        .run(artifact.id);
    }
  });
});
