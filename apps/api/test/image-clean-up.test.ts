import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { everyOnTheWall } from "../src/jobs";
import { UNUSED_IMAGE_GRACE_MS, pruneImages } from "../src/services/images/prune";
import { MASTER_FILE, TILES_FOLDER } from "../src/services/images/storage";
import { purgeExpiredTrash, TRASH_MS } from "../src/services/trash";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact, artifactFields } from "./support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";
import { decided, queue } from "./review/support";

const HOUR = 60 * 60_000;

let t: TestApp;
let alice: SignedInUser;
/** The clean-up's clock: moved forward by the tests, never by the wall. */
let clock: number;

async function start(intervalMs = 3_600_000, env: { REVIEW_MODE?: "pre" } = {}) {
  clock = Date.now();
  t = await createTestApp(env, {
    now: () => clock,
    every: (_ms, run) => everyOnTheWall(intervalMs, run),
  });
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
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, bytes: 0, strays: 0 });
    expect(stored().rows).toEqual([hashOf(image)]);
    clock += 2 * 60_000;
    expect(await pruneImages(t.app.deps.images)).toEqual({
      removed: 1,
      bytes: expect.any(Number),
      strays: 0,
    });
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
    // The replaced image stays while revision 1 shows it (decision 076); both are served.
    const both = [hashOf(first), hashOf(second)].sort();
    expect(stored()).toEqual({ folders: both, rows: both });
    expect((await rest(t.app, "GET", `${second.url}/600.jpg`)).statusCode).toBe(200);

    const deleted = await trpc(
      t.app,
      "mutation",
      "artifacts.delete",
      { id: artifact.id },
      alice.cookie,
    );
    expect(deleted.status).toBe(200);
    // The trash keeps the artifact and its history, and so their images, until the purge
    // (decision 053), which takes the revisions with the artifact.
    await pruneImages(t.app.deps.images);
    expect(stored()).toEqual({ folders: both, rows: both });
    purgeExpiredTrash(t.db, clock + TRASH_MS);
    await pruneImages(t.app.deps.images);
    expect(stored()).toEqual({ folders: [], rows: [] });
  });

  it("keeps an image only an old revision shows, so that restoring that version shows it", async () => {
    const first = await upload(520);
    const artifact = await addArtifact(t, alice, { artifactImage: first.url });
    const second = await upload(620);
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactImage: second.url }) },
      alice.cookie,
    );
    clock += 2 * HOUR;
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, bytes: 0, strays: 0 });

    const restored = await trpc(
      t.app,
      "mutation",
      "revisions.restore",
      { id: artifact.id, number: 1 },
      alice.cookie,
    );
    expect(restored.status, JSON.stringify(restored.data)).toBe(200);
    const shown = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect(shown.data).toMatchObject({ artifactImage: first.url });
    expect((await rest(t.app, "GET", `${first.url}/520.jpg`)).statusCode).toBe(200);
    // Now the second image is only in revision 2's past: kept as well.
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, bytes: 0, strays: 0 });
  });

  it("lets an account's images go with the account, its artifacts and their history", async () => {
    const first = await upload(540);
    const artifact = await addArtifact(t, alice, { artifactImage: first.url });
    const second = await upload(640);
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactImage: second.url }) },
      alice.cookie,
    );
    const left = await trpc(
      t.app,
      "mutation",
      "account.delete",
      { artifacts: "delete", confirmEmail: alice.email },
      alice.cookie,
    );
    expect(left.status, JSON.stringify(left.data)).toBe(200);
    clock += 2 * HOUR;
    expect(await pruneImages(t.app.deps.images)).toEqual({
      removed: 2,
      bytes: expect.any(Number),
      strays: 0,
    });
    expect(stored()).toEqual({ folders: [], rows: [] });
  });

  it("reads the images in use from their own indexes, not from every artifact or revision", () => {
    const plan = (
      t.db.$client
        .prepare(`explain query plan ${t.app.deps.images.statements.unused.source}`)
        .all({ before: 0, limit: 1 }) as { detail: string }[]
    ).map((step) => step.detail);
    expect(plan).toContain(
      "SCAN artifact_images USING COVERING INDEX artifact_images_uploaded_idx",
    );
    expect(plan).toContain("SCAN revision_images USING COVERING INDEX revision_images_path_idx");
    expect(plan.filter((step) => /^SCAN (artifacts|artifact_revisions)\b/.test(step))).toEqual([]);
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
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, bytes: 0, strays: 0 });
    const old = new Date(Date.now() - 2 * HOUR);
    utimesSync(stray, old, old);
    utimesSync(unfinished, old, old);
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, bytes: 0, strays: 2 });
    expect(existsSync(stray) || existsSync(unfinished)).toBe(false);
  });

  it("removes an unused image's master and IIIF tiles with it, and counts their bytes", async () => {
    const image = await upload(2000);
    const folder = join(t.env.imagesDir, hashOf(image));
    const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    const names = files.map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
    expect(names).toContain(MASTER_FILE);
    expect(names).toContain(join(TILES_FOLDER, "info.json"));
    expect(names.filter((name) => name.startsWith(`${TILES_FOLDER}/`)).length).toBeGreaterThan(2);
    const bytes = files.reduce(
      (sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size,
      0,
    );

    clock += 2 * HOUR;
    const result = await pruneImages(t.app.deps.images);
    expect(result.removed).toBe(1);
    expect(result.bytes).toBeGreaterThanOrEqual(bytes);
    expect(existsSync(folder)).toBe(false);
    expect(stored()).toEqual({ folders: [], rows: [] });
    expect((await rest(t.app, "GET", `/iiif/images/${hashOf(image)}/info.json`)).statusCode).toBe(
      404,
    );
  });
});

describe("the clean-up in REVIEW_MODE=pre", () => {
  beforeEach(async () => start(3_600_000, { REVIEW_MODE: "pre" }));

  it("keeps the image of an edit waiting for approval, which then shows it", async () => {
    const curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
    const artifact = await addArtifact(t, curator, { artifactName: "Curated Bowl" });
    const proposed = await upload(560);
    t.db.$client
      .prepare("update artifacts set owner_id = ? where id = ?")
      .run(alice.id, artifact.id);
    const edit = await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      {
        id: artifact.id,
        fields: artifactFields({ artifactName: "Curated Bowl", artifactImage: proposed.url }),
      },
      alice.cookie,
    );
    expect(edit.status, JSON.stringify(edit.data)).toBe(200);
    clock += 2 * HOUR;
    expect(await pruneImages(t.app.deps.images)).toEqual({ removed: 0, bytes: 0, strays: 0 });

    const entry = (await queue(t, curator)).find((item) => item.artifact.id === artifact.id)!;
    expect(entry).toMatchObject({ kind: "edit", waiting: true });
    await decided(t, curator, { entryId: entry.id, decision: "approve" });
    const shown = await trpc(t.app, "query", "artifacts.byId", { id: artifact.id });
    expect(shown.data).toMatchObject({ artifactImage: proposed.url });
  });

  it("lets a rejected edit's image go", async () => {
    const curator = await createUserWithSession(t, { role: "curator", name: "Cora Curator" });
    const artifact = await addArtifact(t, curator);
    t.db.$client
      .prepare("update artifacts set owner_id = ? where id = ?")
      .run(alice.id, artifact.id);
    const proposed = await upload(580);
    await trpc(
      t.app,
      "mutation",
      "artifacts.update",
      { id: artifact.id, fields: artifactFields({ artifactImage: proposed.url }) },
      alice.cookie,
    );
    const entry = (await queue(t, curator)).find((item) => item.artifact.id === artifact.id)!;
    await decided(t, curator, { entryId: entry.id, decision: "reject", reason: "Inaccurate" });
    clock += 2 * HOUR;
    expect(await pruneImages(t.app.deps.images)).toEqual({
      removed: 1,
      bytes: expect.any(Number),
      strays: 0,
    });
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
