import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { imageFilesUnder, jpeg, uploadImage } from "./support/images";
import { rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * The Backups tab's calls (issue 35) for an admin: the overview, Back up now, a download of the
 * file that was made, and a restore asked for (the restart itself is test/faults/restore.test.ts).
 */

let t: TestApp;
let admin: SignedInUser;

beforeEach(async () => {
  t = await createTestApp({
    BACKUP_SCHEDULE: "30 2 * * *",
    BACKUP_KEEP: "5 daily, 3 weekly, 2 monthly",
  });
  admin = await createUserWithSession(t, { role: "admin" });
});

afterEach(async () => {
  await t.close();
});

interface Overview {
  schedule: string | null;
  keep: { daily: number; weekly: number; monthly: number };
  nextRunAt: number | null;
  target: string | null;
  health: { state: string; lastGoodAt: number | null };
  lastAttempt: { ok: boolean; name?: string } | null;
  busy: boolean;
  backups: Record<string, unknown>[];
}

const overview = async () =>
  (await trpc(t.app, "query", "backups.overview", undefined, admin.cookie)).data as Overview;

it("shows the schedule and the rotation, then a backup made now, its file downloadable", async () => {
  const before = await overview();
  expect(before).toMatchObject({
    schedule: "30 2 * * *",
    keep: { daily: 5, weekly: 3, monthly: 2 },
    target: null,
    health: { state: "ok", lastGoodAt: null },
    lastAttempt: null,
    busy: false,
    backups: [],
  });
  expect(new Date(before.nextRunAt as number).getHours()).toBe(2);
  expect(new Date(before.nextRunAt as number).getMinutes()).toBe(30);

  // An image narrower than 320 px has two derivatives (IMAGE_WIDTHS), a master and its IIIF tiles
  // (issue 30): every file goes into the backup.
  const image = await uploadImage(t.app, await jpeg(300, 200), { cookie: admin.cookie });
  await addArtifact(t, admin, { artifactImage: (image.json() as { url: string }).url });

  const made = await trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie);
  expect(made.status).toBe(200);
  const { name } = made.data as { name: string };
  expect(name).toMatch(/^artifact-atlas-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/);

  const after = await overview();
  expect(after.lastAttempt).toMatchObject({ ok: true, name });
  expect(after.health.lastGoodAt).not.toBeNull();
  expect(after.backups).toHaveLength(1);
  const [listed] = after.backups;
  expect(imageFilesUnder(t.env.imagesDir)).toBeGreaterThan(3);
  expect(listed).toMatchObject({
    name,
    reason: "manual",
    check: "ok",
    imageFiles: imageFilesUnder(t.env.imagesDir),
    send: null,
  });
  // The checksum is the server's business (sends), not the screen's.
  expect(listed).not.toHaveProperty("sha256");

  const file = join(t.app.deps.backups.folder, `${name}.db`);
  const download = await rest(t.app, "GET", `/admin/backups/${name}/download`, {
    cookie: admin.cookie,
  });
  expect(download.statusCode).toBe(200);
  expect(download.headers["content-type"]).toBe("application/vnd.sqlite3");
  expect(download.headers["content-disposition"]).toBe(`attachment; filename="${name}.db"`);
  expect(download.headers["cache-control"]).toMatch(/no-store/);
  expect(download.rawPayload.equals(readFileSync(file))).toBe(true);
  expect(download.rawPayload.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
  expect(listed?.bytes).toBe(download.rawPayload.length);
});

it("refuses a second Back up now while one is being made", async () => {
  const first = trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie);
  const second = await trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie);
  expect(second.status).toBe(409);
  expect(second.error?.message).toBe("A backup is being made already.");
  expect((await first).status).toBe(200);
  expect((await overview()).backups).toHaveLength(1);
});

it("a restore asked for is written down for the next start, and writes stop at once", async () => {
  const made = await trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie);
  const { name } = made.data as { name: string };

  const unknown = await trpc(
    t.app,
    "mutation",
    "backups.restore",
    { name: "artifact-atlas-2020-01-01T00-00-00" },
    admin.cookie,
  );
  expect(unknown.status).toBe(400);
  expect(unknown.error?.message).toBe(
    "There is no backup named artifact-atlas-2020-01-01T00-00-00.",
  );
  const pending = join(dirname(t.env.databasePath), "restore-pending.json");
  expect(existsSync(pending)).toBe(false);

  const restore = await trpc(t.app, "mutation", "backups.restore", { name }, admin.cookie);
  expect(restore.status).toBe(200);
  expect(restore.data).toEqual({ restarting: true });
  expect(JSON.parse(readFileSync(pending, "utf8"))).toEqual({ backup: name });

  // A write now would be lost with the database it went to.
  const write = await trpc(t.app, "mutation", "backups.backUpNow", undefined, admin.cookie);
  expect(write.status).toBe(503);
  expect(write.response.headers["retry-after"]).toBe("10");
  // Reads go on until the server stops.
  expect((await overview()).backups).toHaveLength(1);
});
