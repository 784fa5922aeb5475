import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { artifactFields } from "../support/artifacts";
import { likeCountDrift } from "../support/fingerprint";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";

// Each test starts real server processes; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });
/*
 * The server killed with SIGKILL in the middle of a stream of writes, restarted, several rounds:
 * the file stays intact and every write the client saw acknowledged is there.
 */

const ROUNDS = 5;
const WRITERS = 8;

let dir: string;
let databasePath: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-crash-"));
  databasePath = join(dir, "atlas.db");
});

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

interface Acknowledged {
  artifacts: Map<number, string>;
  likes: Set<number>;
}

/** Writers that create and like artifacts until the server stops answering. */
async function streamWrites(base: string, cookie: string, round: number, acked: Acknowledged) {
  let stop = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i += 1) {
      try {
        const name = `Round ${round} writer ${w} item ${i}`;
        const created = await request(base, "POST", "/artifacts", {
          cookie,
          body: artifactFields({ artifactName: name }),
        });
        if (created.status !== 201) throw new Error(`create answered ${created.status}`);
        const id = Number((created.body as { insertedId: string }).insertedId);
        acked.artifacts.set(id, name);
        const liked = await request(base, "POST", "/liked-artifacts", {
          cookie,
          body: { artifact_id: String(id) },
        });
        if (liked.status === 200) acked.likes.add(id);
      } catch {
        return; // The server is gone: this writer is done.
      }
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return {
    running,
    stop: () => {
      stop = true;
    },
  };
}

function verify(acked: Acknowledged) {
  const db = new Database(databasePath);
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const names = new Map(
      (
        db.prepare("select id, artifact_name as name from artifacts").all() as {
          id: number;
          name: string;
        }[]
      ).map((row) => [row.id, row.name]),
    );
    for (const [id, name] of acked.artifacts) expect(names.get(id), `artifact ${id}`).toBe(name);
    const liked = new Set(
      (db.prepare("select artifact_id as id from likes").all() as { id: number }[]).map(
        (row) => row.id,
      ),
    );
    for (const id of acked.likes) expect(liked.has(id), `like of ${id}`).toBe(true);
    expect(likeCountDrift(db)).toEqual([]);
    return names.size;
  } finally {
    db.close();
  }
}

it(`keeps every acknowledged write through ${ROUNDS} rounds of SIGKILL mid-stream`, async () => {
  server = await startServer({ databasePath });
  const cookie = await signUpOn(server.url, "crash@example.com");
  const acked: Acknowledged = { artifacts: new Map(), likes: new Set() };
  let lastCount = 0;

  for (let round = 1; round <= ROUNDS; round += 1) {
    server ??= await startServer({ databasePath });
    const stream = await streamWrites(server.url, cookie, round, acked);
    const before = acked.artifacts.size;
    // Let a few dozen writes through, then pull the plug while requests are in flight.
    const killAt = Date.now() + 5_000;
    while (acked.artifacts.size < before + 20 + round * 5 && Date.now() < killAt) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    server.child.kill("SIGKILL");
    const { signal } = await server.exited;
    expect(signal).toBe("SIGKILL");
    server = undefined;
    stream.stop();
    await stream.running;

    expect(acked.artifacts.size).toBeGreaterThan(before);
    const count = verify(acked);
    expect(count).toBeGreaterThanOrEqual(lastCount);
    lastCount = count;
  }

  // And it starts cleanly on what the crashes left, with the session that survived them.
  server = await startServer({ databasePath });
  expect((await request(server.url, "GET", "/healthz")).status).toBe(200);
  // The own list comes 100 to a page: every page together holds every artifact.
  let listed = 0;
  for (let page = 1; ; page += 1) {
    const url = `/artifacts?email=crash@example.com&page=${page}`;
    const mine = await request(server.url, "GET", url, { cookie });
    expect(mine.status).toBe(200);
    const items = mine.body as unknown[];
    if (items.length === 0) break;
    listed += items.length;
  }
  expect(listed).toBe(lastCount);
  expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  server = undefined;
});
