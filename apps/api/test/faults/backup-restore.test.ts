import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { artifactFields } from "../support/artifacts";
import { likeCountDrift } from "../support/fingerprint";
import {
  request,
  runCli,
  signUpOn,
  startServer,
  stopServer,
  type ServerProcess,
} from "../support/server";

// Each test starts real server processes; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });
/*
 * `pnpm db:backup` while the server takes writes, then `pnpm db:restore` of that backup: the
 * restored database holds exactly what the backup held, and the server runs on it.
 */

let dir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-backup-"));
});

afterAll(async () => {
  server?.child.kill("SIGKILL");
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
});

const TABLES = {
  users:
    "select id, email, name, photo_url, password_hash, google_subject, joined_at from users order by id",
  artifacts: "select * from artifacts order by id",
  likes: "select * from likes order by artifact_id, user_id",
};

function dump(path: string) {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(
      Object.entries(TABLES).map(([name, sql]) => [name, db.prepare(sql).all()]),
    );
  } finally {
    db.close();
  }
}

it("backs up during writes, refuses to restore under a running server, then restores the backup exactly", async () => {
  const databasePath = join(dir, "data", "atlas.db");
  const env = { DATABASE_PATH: databasePath };
  server = await startServer({ databasePath });
  const base = server.url;
  const cookie = await signUpOn(base, "backup@example.com");

  // A stream of writes for the whole backup.
  const ackedAt = new Map<number, number>();
  let stop = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i += 1) {
      const created = await request(base, "POST", "/artifacts", {
        cookie,
        body: artifactFields({ artifactName: `Backup writer ${w} item ${i}` }),
      });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      const id = Number((created.body as { insertedId: string }).insertedId);
      ackedAt.set(id, Date.now());
      await request(base, "POST", "/liked-artifacts", {
        cookie,
        body: { artifact_id: String(id) },
      });
    }
  };
  const writers = Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
  while (ackedAt.size < 30) await new Promise((resolve) => setTimeout(resolve, 5));

  const backupStartedAt = Date.now();
  const backup = await runCli(["backup"], env);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  const backupPath = backup.stdout.trim();
  while (ackedAt.size < 120) await new Promise((resolve) => setTimeout(resolve, 5));

  // The server is running: a restore must refuse and change nothing.
  const refused = await runCli(["restore", backupPath], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/is in use\. Stop the server/);
  expect(refused.stderr).toMatch(/^Nothing was changed\./);

  stop = true;
  await writers;
  expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  server = undefined;

  // The backup is a consistent, checked snapshot holding every write acknowledged before it began.
  const snapshot = dump(backupPath);
  const backedUp = new Set((snapshot.artifacts as { id: number }[]).map((row) => row.id));
  for (const [id, at] of ackedAt)
    if (at < backupStartedAt) expect(backedUp.has(id), `artifact ${id}`).toBe(true);
  expect(backedUp.size).toBeLessThan(ackedAt.size);
  const copy = new Database(backupPath, { readonly: true });
  expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
  expect(likeCountDrift(copy)).toEqual([]);
  copy.close();
  const live = dump(databasePath);

  const restored = await runCli(["restore", backupPath], env);
  expect(restored.stderr).toBe("");
  expect(restored.code).toBe(0);
  expect(restored.stdout).toContain(`Restored ${databasePath} from ${backupPath}`);
  expect(restored.stdout).toContain("Every session was ended");

  // Data equal: the restored database is the backup, table for table.
  expect(dump(databasePath)).toEqual(snapshot);
  const after = new Database(databasePath, { readonly: true });
  expect(after.pragma("integrity_check", { simple: true })).toBe("ok");
  expect(after.prepare("select count(*) as n from sessions").get()).toEqual({ n: 0 });
  after.close();
  expect(existsSync(`${databasePath}-wal`)).toBe(false);
  // The database it replaced is kept, whole, beside the backups.
  const kept = readdirSync(join(dirname(databasePath), "backups")).filter((name) =>
    name.endsWith("-before-restore.db"),
  );
  expect(kept).toHaveLength(1);
  expect(dump(join(dirname(databasePath), "backups", kept[0] as string))).toEqual(live);
  // No temporary file left behind.
  expect(readdirSync(dirname(databasePath)).filter((name) => name.includes("partial"))).toEqual([]);

  // The server runs on the restored database; the old session is gone, signing in works.
  server = await startServer({ databasePath });
  expect((await request(server.url, "GET", "/healthz")).status).toBe(200);
  const me = await request(server.url, "GET", "/trpc/auth.me", { cookie });
  expect(me.body).toEqual({ result: { data: null } });
  const login = await request(server.url, "POST", "/trpc/auth.login", {
    body: { email: "backup@example.com", password: "Secret123" },
  });
  expect(login.status).toBe(200);
  const lost = [...ackedAt.keys()].find((id) => !backedUp.has(id)) as number;
  expect((await request(server.url, "GET", `/artifacts/${lost}`)).status).toBe(404);
  const kept1 = [...backedUp][0] as number;
  expect((await request(server.url, "GET", `/artifacts/${kept1}`)).status).toBe(200);
  expect((await stopServer(server)).code).toBe(0);
  server = undefined;
});
