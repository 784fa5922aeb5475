import { statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { backupPathFor } from "../src/db/backup";
import type { Every } from "../src/jobs";
import { createTestApp, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { imageFilesUnder, jpeg, uploadImage, type UploadAnswer } from "./support/images";
import { createUserWithSession } from "./support/users";

/*
 * BACKUP_SCHEDULE under a controlled clock (issue 35): the backup job is one of the app's periodic
 * jobs (jobs.ts), run here when the test says a minute has passed; the rotation keeps what it
 * says; an image that did not change costs nothing; the health answer says when backups are late.
 */

// 45 days of backups, each checked: long on a machine eight people share.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let clock: number;
const rounds: (() => void)[] = [];
const every: Every = (_ms, run) => {
  rounds.push(run);
  return () => undefined;
};

beforeEach(async () => {
  rounds.length = 0;
  clock = new Date(2026, 0, 1, 0, 0, 0).getTime();
  t = await createTestApp(
    { BACKUP_SCHEDULE: "0 3 * * *", BACKUP_KEEP: "3 daily, 2 weekly, 2 monthly" },
    { now: () => clock, every },
  );
});

afterEach(async () => {
  await t.close();
});

/** A minute of the scheduler: every periodic job's round, then the backup job's end. */
async function minutePasses(): Promise<void> {
  for (const run of rounds) run();
  // A backup with its images takes a while on a loaded machine: wait as long as the test may.
  await vi.waitFor(() => expect(t.app.deps.backups.busy()).toBe(false), {
    interval: 5,
    timeout: 15_000,
  });
  // The round's sends and rotation run after the backup itself.
  await t.app.deps.backups.sendWaiting();
}

const nameAt = (at: Date) =>
  backupPathFor(t.env.databasePath, at).split("/").pop()?.replace(/\.db$/, "");

it("runs at 03:00 each day, keeps 3 daily, 2 weekly and 2 monthly, images linked once", async () => {
  const alice = await createUserWithSession(t);
  const upload = await uploadImage(t.app, await jpeg(400, 300), { cookie: alice.cookie });
  const image = upload.json() as UploadAnswer;
  await addArtifact(t, alice, { artifactImage: image.url });

  // Before 03:00 nothing is due.
  clock = new Date(2026, 0, 1, 2, 59, 0).getTime();
  await minutePasses();
  expect(t.app.deps.backups.list()).toEqual([]);
  expect(t.app.deps.backups.nextRunAt()).toBe(new Date(2026, 0, 1, 3, 0, 0).getTime());

  // 45 days, Thursday 1 January to Saturday 14 February, each at 03:00:30.
  const hash = image.url.split("/").pop() as string;
  const inodes = new Set<number>();
  for (let day = 1; day <= 45; day += 1) {
    clock = new Date(2026, 0, day, 3, 0, 30).getTime();
    await minutePasses();
    const newest = t.app.deps.backups.list()[0];
    expect(newest?.name).toBe(nameAt(new Date(clock)));
    expect(newest).toMatchObject({
      reason: "scheduled",
      check: "ok",
      imageFiles: imageFilesUnder(t.env.imagesDir),
    });
    inodes.add(
      statSync(join(t.app.deps.backups.folder, `${newest?.name}-images`, hash, "320.webp")).ino,
    );
    // A second round in the same minute makes no second backup.
    await minutePasses();
  }
  // The same file linked into every backup: an unchanged image costs nothing.
  expect(inodes.size).toBe(1);

  const kept = t.app.deps.backups.list().map((backup) => backup.name);
  expect(kept).toEqual(
    [
      new Date(2026, 1, 14, 3, 0, 30), // daily, weekly (9-15 Feb), monthly (February)
      new Date(2026, 1, 13, 3, 0, 30), // daily
      new Date(2026, 1, 12, 3, 0, 30), // daily
      new Date(2026, 1, 8, 3, 0, 30), // weekly (2-8 Feb)
      new Date(2026, 0, 31, 3, 0, 30), // monthly (January)
    ].map(nameAt),
  );
  const health = await t.app.inject({ method: "GET", url: "/healthz" });
  expect(health.json()).toMatchObject({ status: "ok", backup: "ok" });

  // A server that missed its 03:00 (down, or the job failing): after two days, the health answer
  // and the log say so; the server stays in service.
  clock = new Date(2026, 1, 16, 3, 0, 31).getTime();
  const late = await t.app.inject({ method: "GET", url: "/healthz" });
  expect(late.statusCode).toBe(200);
  expect(late.json()).toEqual({ status: "ok", database: "ok", backup: "late" });
  // The next round catches up with one backup, not one per missed day.
  await minutePasses();
  expect(t.app.deps.backups.list()[0]?.name).toBe(nameAt(new Date(clock)));
  expect(
    t.app.deps.backups.list().filter((b) => b.createdAt > new Date(2026, 1, 14, 4).getTime()),
  ).toHaveLength(1);
  expect((await t.app.inject({ method: "GET", url: "/healthz" })).json()).toMatchObject({
    backup: "ok",
  });
});

it("is off with BACKUP_SCHEDULE=off, and the health answer says so", async () => {
  const off = await createTestApp({ BACKUP_SCHEDULE: "off" }, { now: () => clock, every });
  try {
    clock = new Date(2026, 0, 9, 3, 0, 30).getTime();
    for (const run of rounds) run();
    await off.app.deps.backups.sendWaiting();
    expect(off.app.deps.backups.list()).toEqual([]);
    expect(off.app.deps.backups.nextRunAt()).toBeNull();
    expect((await off.app.inject({ method: "GET", url: "/healthz" })).json()).toMatchObject({
      backup: "off",
    });
  } finally {
    await off.close();
  }
});
