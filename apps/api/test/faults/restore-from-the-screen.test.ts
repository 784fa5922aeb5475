import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { artifactFields } from "../support/artifacts";
import { jpeg } from "../support/images";
import { setRoleOn } from "../support/live-database";
import { request, signUpOn } from "../support/server";
import { listening, supervise, type Supervised } from "../support/supervised";

vi.setConfig({ testTimeout: 120_000 });

/*
 * A restore asked for on the Backups tab (issue 35), under the supervisor of `npm start`: the
 * server stops taking writes, stops, and starts again on the backup, with its images, while a
 * reader keeps asking. What was added after the backup is gone; what it held is back; the replaced
 * database is kept; everyone signs in again.
 */

let dir: string;
let supervised: Supervised | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-restore-"));
});

afterAll(async () => {
  if (supervised && supervised.child.exitCode === null) {
    supervised.child.kill("SIGTERM");
    await supervised.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

async function upload(base: string, cookie: string, file: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${base}/images`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
  return ((await response.json()) as { url: string }).url;
}

async function addArtifact(base: string, cookie: string, name: string, image: string) {
  const created = await request(base, "POST", "/artifacts", {
    cookie,
    body: artifactFields({ artifactName: name, artifactImage: image }),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  return Number((created.body as { insertedId: string }).insertedId);
}

/** A tRPC mutation as the web app sends it, from its own origin. */
async function mutation(base: string, path: string, cookie: string, input: unknown = {}) {
  const response = await fetch(`${base}/trpc/${path}`, {
    method: "POST",
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { result?: { data: unknown } };
  return { status: response.status, data: body.result?.data };
}

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

it("brings back the backup's artifacts and images while a reader keeps asking", async () => {
  const databasePath = join(dir, "atlas.db");
  supervised = supervise(dir);
  const first = await listening(supervised.stdout, 1);
  let base = first.url;
  const cookie = await signUpOn(base, "keeper@example.com");
  setRoleOn(databasePath, "keeper@example.com", "admin");

  const kept = await upload(base, cookie, await jpeg(800, 600));
  const keptId = await addArtifact(base, cookie, "Kept before the backup", kept);
  const keptBytes = await bytesOf(`${base}${kept}`);
  const made = await mutation(base, "backups.backUpNow", cookie);
  expect(made.status).toBe(200);
  const backup = (made.data as { name: string }).name;

  const later = await upload(base, cookie, await jpeg(640, 480));
  const laterId = await addArtifact(base, cookie, "Added after the backup", later);

  // A reader asks for the kept artifact, one request after another, as a browser tab would.
  const answers: { server: "first" | "second"; status: number }[] = [];
  let reading = true;
  const reader = (async () => {
    while (reading) {
      try {
        const server = base === first.url ? "first" : "second";
        const answer = await fetch(`${base}/artifacts/${keptId}`, { headers: { cookie } });
        answers.push({ server, status: answer.status });
        await answer.arrayBuffer();
      } catch {
        // The port of the server that stopped, until the second one listens.
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();

  const restore = await mutation(base, "backups.restore", cookie, { name: backup });
  expect(restore).toEqual({ status: 200, data: { restarting: true } });
  // That writes are refused from here on is test/backups-screen.test.ts's: this server stops now.

  const second = await listening(supervised.stdout, 2);
  expect(second.pid).not.toBe(first.pid);
  base = second.url;
  await new Promise((resolve) => setTimeout(resolve, 500));
  reading = false;
  await reader;

  // The reader was answered by both servers, always with the artifact (it is public), never with
  // an error; in between, the port was closed while the second server started.
  const byFirst = answers.filter((answer) => answer.server === "first");
  const bySecond = answers.filter((answer) => answer.server === "second");
  expect(byFirst.length).toBeGreaterThan(0);
  expect(bySecond.length).toBeGreaterThan(0);
  expect(answers.every((answer) => answer.status === 200)).toBe(true);

  // Everyone signs in again: the session of before the restore is gone.
  const me = await request(base, "GET", "/trpc/auth.me", { cookie });
  expect((me.body as { result: { data: unknown } }).result.data).toBeNull();
  const login = await request(base, "POST", "/trpc/auth.login", {
    body: { email: "keeper@example.com", password: "Secret123" },
  });
  expect(login.status).toBe(200);
  const again = login.setCookie
    .map((line) => line.split(";")[0] as string)
    .find((line) => line.startsWith("atlas_session=") && line.length > 15) as string;

  expect((await request(base, "GET", `/artifacts/${keptId}`, { cookie: again })).status).toBe(200);
  expect((await request(base, "GET", `/artifacts/${laterId}`, { cookie: again })).status).toBe(404);
  expect((await bytesOf(`${base}${kept}`)).equals(keptBytes)).toBe(true);

  const overview = await request(base, "GET", "/trpc/backups.overview", { cookie: again });
  const lastRestore = (
    overview.body as { result: { data: { lastRestore: { ok: boolean; backup: string } } } }
  ).result.data.lastRestore;
  expect(lastRestore).toMatchObject({ ok: true, backup });
  // The database it replaced is kept beside the backups, and the restore is done.
  const folder = join(dir, "backups");
  expect(readdirSync(folder).some((file) => file.endsWith("-before-restore.db"))).toBe(true);
  expect(existsSync(join(dir, "restore-pending.json"))).toBe(false);
  const said = supervised.stderr
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find(
      (entry) => entry.msg === "the server stopped to be started again (a restore); starting it",
    );
  expect(said).toBeDefined();
});
