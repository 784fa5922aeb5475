import { execFile } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, expect, test } from "vitest";
import { buildApp } from "../src/app";
import { closeDatabase, openDatabase } from "../src/db/client";
import { imagesBackupPathFor } from "../src/db/image-backup";
import { folderBytes } from "../src/services/images/storage";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { rest } from "./support/rest";
import { createUserWithSession } from "./support/users";

/*
 * pnpm db:backup, db:restore and images:prune (tsx src/db/cli.ts, as the root scripts run it) with
 * uploaded images, on the database of a real app.
 */

const apiDir = fileURLToPath(new URL("..", import.meta.url));
const tsxCli = join(
  dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
  "dist/cli.mjs",
);

let t: TestApp;
let image: UploadAnswer;
let dataDir: string;

function cli(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [tsxCli, "src/db/cli.ts", ...args],
      { cwd: apiDir, env: { ...process.env, DATABASE_PATH: t.env.databasePath } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeEach(async () => {
  t = await createTestApp();
  dataDir = dirname(t.env.databasePath);
  const alice = await createUserWithSession(t);
  const response = await uploadImage(t.app, await jpeg(900, 600), { cookie: alice.cookie });
  expect(response.statusCode).toBe(201);
  image = response.json() as UploadAnswer;
  await addArtifact(t, alice, { artifactImage: image.url });
});

afterEach(async () => {
  await t.close();
});

const hash = () => image.url.split("/").pop() as string;

test("a backup carries the images, and a restore brings them back to be served again", async () => {
  const backup = await cli(["backup"]);
  expect(backup.code, backup.stderr).toBe(0);
  const backupPath = backup.stdout.trim();
  const backedUp = join(imagesBackupPathFor(backupPath), hash());
  expect(readdirSync(backedUp).sort()).toEqual([
    "320.jpg",
    "320.webp",
    "640.jpg",
    "640.webp",
    "900.jpg",
    "900.webp",
    "iiif",
    "master.jpg",
  ]);
  // The master's tiles, folder within folder (issue 30), all of them.
  const tiles = (root: string) =>
    readdirSync(join(root, "iiif"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(root.length))
      .sort();
  const live = join(t.env.imagesDir, hash());
  expect(tiles(backedUp)).toEqual(tiles(live));
  expect(tiles(backedUp)).toContain("/iiif/info.json");

  // The server stops, and the images folder is lost.
  await t.app.close();
  closeDatabase(t.db);
  rmSync(t.env.imagesDir, { recursive: true, force: true });

  const restored = await cli(["restore", backupPath]);
  expect(restored.code, restored.stderr).toBe(0);
  // The 6 derivatives, the master and every tile with its info.json.
  expect(restored.stdout).toContain(
    `${6 + 1 + tiles(backedUp).length} image files put back in ${t.env.imagesDir}`,
  );

  const db = openDatabase(t.env.databasePath);
  const app = await buildApp({
    env: t.env,
    db,
    loadShedding: { maxHeapUsedBytes: 0, maxEventLoopDelayMs: 0 },
  });
  try {
    const service = `/iiif/images/${hash()}`;
    for (const path of [
      image.url,
      `${image.url}/640.webp`,
      `${service}/info.json`,
      `${service}/0,0,512,512/512,512/0/default.jpg`,
    ]) {
      const response = await rest(app, "GET", path);
      expect(response.statusCode, path).toBe(200);
    }
  } finally {
    await app.close();
    closeDatabase(db);
  }
});

test("images:prune removes at once the images nothing refers to, after the grace period", async () => {
  t.db.$client.prepare("delete from artifacts").run();
  const fresh = await cli(["prune-images"]);
  expect(fresh.code, fresh.stderr).toBe(0);
  expect(fresh.stdout).toContain("Removed 0 uploaded images");
  expect(existsSync(join(t.env.imagesDir, hash()))).toBe(true);

  t.db.$client.prepare("update images set uploaded_at = ?").run(Date.now() - 2 * 60 * 60_000);
  // What the master, derivatives and tiles take, which the clean-up reports in MB.
  const bytes = await folderBytes(join(t.env.imagesDir, hash()));
  expect(bytes).toBeGreaterThan(0);
  const old = await cli(["prune-images"]);
  expect(old.code, old.stderr).toBe(0);
  expect(old.stdout).toContain(
    `Removed 1 uploaded images that no artifact refers to (${(bytes / (1024 * 1024)).toFixed(1)} MB of masters, derivatives and IIIF tiles)`,
  );
  expect(existsSync(join(t.env.imagesDir, hash()))).toBe(false);
  expect(existsSync(dataDir)).toBe(true);
});
