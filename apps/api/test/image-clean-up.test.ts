import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UNUSED_IMAGE_GRACE_MS, pruneImages } from "../src/services/images/prune";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields } from "./support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

const HOUR = 60 * 60_000;

let t: TestApp;
let alice: SignedInUser;
/** The clean-up's clock: moved forward by the tests, never by the wall. */
let clock: number;

async function start(intervalMs = 3_600_000) {
  clock = Date.now();
  t = await createTestApp({}, { imagePruning: { now: () => clock, intervalMs } });
  alice = await createUserWithSession(t, { name: "Alice Archivist" });
}

afterEach(async () => {
  await t.close();
});

async function upload(width: number): Promise<UploadAnswer> {
  const response = await uploadImage(t.app, await jpeg(width, 300), { cookie: alice.cookie });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as UploadAnswer;
}

const hashOf = (answer: UploadAnswer) => answer.url.split("/").pop() as string;

/** The images on disk and in the table, by hash. */
function stored() {
  const folders = existsSync(t.env.imagesDir)
    ? readdirSync(t.env.imagesDir)
        .filter((name) => name !== ".incoming")
        .sort()
    : [];
  const rows = t.db.$client
    .prepare("select hash from images order by hash")
    .pluck()
    .all() as string[];
  return { folders, rows };
}

describe("the clean-up of images nothing refers to", () => {
  beforeEach(async () => start());

  it("keeps an upload through the grace period, so that a form being filled in keeps it", async () => {
    const image = await upload(400);
    clock += UNUSED_IMAGE_GRACE_MS - 60_000;
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, strays: 0 });
    expect(stored().rows).toEqual([hashOf(image)]);
    clock += 2 * 60_000;
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 1, strays: 0 });
    expect(stored()).toEqual({ folders: [], rows: [] });
    expect((await rest(t.app, "GET", `${image.url}/400.webp`)).statusCode).toBe(404);
  });

  it("leaves no orphan after an upload, an edit that replaces it, a delete and the trash's end", async () => {
    const first = await upload(500);
    const artifact = await addArtifact(t, alice, { artifactImage: first.url });
    const second = await upload(600);
    const edited = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactImage: second.url }) },
      alice.cookie,
    );
    expect(edited.status).toBe(200);

    clock += 2 * HOUR;
    await pruneImages(t.app.deps.images);
    // The replaced image is gone; the one in use stays, served as before.
    expect(stored()).toEqual({ folders: [hashOf(second)], rows: [hashOf(second)] });
    expect((await rest(t.app, "GET", `${second.url}/600.jpg`)).statusCode).toBe(200);

    const deleted = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: artifact.id },
      alice.cookie,
    );
    expect(deleted.status).toBe(200);
    // A deleted artifact waits in the trash, from where it can come back with its image.
    await pruneImages(t.app.deps.images);
    expect(stored()).toEqual({ folders: [hashOf(second)], rows: [hashOf(second)] });
    // The trash's purge removes the row after 30 days; then nothing refers to the image.
    t.db.$client.prepare("delete from artifacts where id = ?").run(artifact.id);
    await pruneImages(t.app.deps.images);
    expect(stored()).toEqual({ folders: [], rows: [] });
  });

  it("keeps an image that another artifact still shows", async () => {
    const shared = await upload(450);
    const one = await addArtifact(t, alice, { artifactImage: shared.url });
    await addArtifact(t, alice, { artifactImage: shared.url });
    await trpc(t.app, "mutation", "artifacts.delete", { id: one.id }, alice.cookie);
    clock += 2 * HOUR;
    await pruneImages(t.app.deps.images);
    expect(stored().rows).toEqual([hashOf(shared)]);
  });

  it("starts the grace period anew when the same bytes are uploaded again", async () => {
    const file = await jpeg(420, 300);
    await uploadImage(t.app, file, { cookie: alice.cookie });
    clock += 2 * HOUR;
    const again = await uploadImage(t.app, file, { cookie: alice.cookie });
    expect(again.statusCode).toBe(201);
    await pruneImages(t.app.deps.images);
    expect(stored().rows).toHaveLength(1);
  });

  it("removes old folders no row names and unfinished uploads, once they are as old", async () => {
    const stray = join(t.env.imagesDir, "ab".repeat(32));
    const unfinished = join(t.env.imagesDir, ".incoming", "upload-left-by-a-crash");
    mkdirSync(stray, { recursive: true });
    writeFileSync(join(stray, "320.webp"), "x");
    mkdirSync(join(t.env.imagesDir, ".incoming"), { recursive: true });
    writeFileSync(unfinished, "x");
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, strays: 0 });
    const old = new Date(Date.now() - 2 * HOUR);
    utimesSync(stray, old, old);
    utimesSync(unfinished, old, old);
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, strays: 2 });
    expect(existsSync(stray) || existsSync(unfinished)).toBe(false);
  });
});

describe("the server's own clean-up", () => {
  beforeEach(async () => start(50));

  it("removes an image nothing refers to by itself, on its timer", async () => {
    const image = await upload(380);
    clock += 2 * HOUR;
    const deadline = Date.now() + 5_000;
    const empty = () => stored().rows.length === 0 && stored().folders.length === 0;
    while (!empty() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(stored()).toEqual({ folders: [], rows: [] });
    expect((await rest(t.app, "GET", image.url)).statusCode).toBe(404);
  });
});
