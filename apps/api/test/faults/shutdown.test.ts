import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { artifactFields } from "../support/artifacts";
import { likeCountDrift } from "../support/fingerprint";
import { request, signUpOn, startServer, type ServerProcess } from "../support/server";

// Each test starts real server processes; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });
/* SIGTERM while requests are in flight: every answered write is kept, and the exit is clean. */

let dir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-shutdown-"));
});

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

it("loses no acknowledged request when stopped under load, and exits 0", async () => {
  const databasePath = join(dir, "atlas.db");
  server = await startServer({ databasePath });
  const base = server.url;
  const cookie = await signUpOn(base, "shutdown@example.com");

  const acked = new Map<number, string>();
  const likedIds = new Set<number>();
  let sigtermAt = Number.POSITIVE_INFINITY;
  let answeredAcrossSigterm = 0;
  const statuses = new Map<number, number>();
  let stop = false;

  const writer = async (w: number) => {
    for (let i = 0; !stop; i += 1) {
      const name = `Writer ${w} item ${i}`;
      const sentAt = Date.now();
      let created;
      try {
        created = await request(base, "POST", "/artifacts", {
          cookie,
          body: artifactFields({ artifactName: name }),
        });
      } catch {
        return; // Connection refused or closed: the server has gone.
      }
      statuses.set(created.status, (statuses.get(created.status) ?? 0) + 1);
      if (created.status !== 201) continue;
      const id = Number((created.body as { insertedId: string }).insertedId);
      acked.set(id, name);
      if (sentAt < sigtermAt && Date.now() > sigtermAt) answeredAcrossSigterm += 1;
      try {
        const liked = await request(base, "POST", "/liked-artifacts", {
          cookie,
          body: { artifact_id: String(id) },
        });
        if (liked.status === 200) likedIds.add(id);
      } catch {
        return;
      }
    }
  };
  const writers = Promise.all(Array.from({ length: 24 }, (_, w) => writer(w)));

  while (acked.size < 60) await new Promise((resolve) => setTimeout(resolve, 5));
  sigtermAt = Date.now();
  server.child.kill("SIGTERM");
  const exit = await server.exited;
  stop = true;
  await writers;

  expect(exit).toEqual({ code: 0, signal: null });
  expect(server.stdout.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  server = undefined;
  // Only successes and the 503 of a closing server; nothing failed inside.
  for (const status of statuses.keys()) expect([201, 503]).toContain(status);

  const db = new Database(databasePath);
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const stored = new Map(
      (
        db.prepare("select id, artifact_name as name from artifacts").all() as {
          id: number;
          name: string;
        }[]
      ).map((row) => [row.id, row.name]),
    );
    for (const [id, name] of acked) expect(stored.get(id), `artifact ${id}`).toBe(name);
    const likes = new Set(
      (db.prepare("select artifact_id as id from likes").all() as { id: number }[]).map(
        (r) => r.id,
      ),
    );
    for (const id of likedIds) expect(likes.has(id), `like of ${id}`).toBe(true);
    expect(likeCountDrift(db)).toEqual([]);
  } finally {
    db.close();
  }
  // A clean close folds the WAL into the database file.
  expect(existsSync(`${databasePath}-wal`)).toBe(false);
  expect(acked.size).toBeGreaterThanOrEqual(60);
  // Some requests were already in flight when the signal came, and were still answered.
  expect(answeredAcrossSigterm).toBeGreaterThan(0);
});
