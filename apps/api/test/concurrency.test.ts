import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Artifact, LikeStatus } from "@artifact-atlas/shared";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestAppOptions } from "./support/app";
import { addArtifact, artifactFields, type ArtifactSent } from "./support/artifacts";
import { ClientMachines } from "./support/client-machines";
import { fingerprint, likeCountDrift } from "./support/fingerprint";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Many clients at once, through the real HTTP server on a loopback port: requests interleave on the
 * wire and in the event loop as they do in production.
 */

// Hundreds of requests over real sockets: seconds, more on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp | undefined;
let base = "";
// Each user (each cookie, and the visitors together) sends from a machine of their own.
const machines = new ClientMachines();

afterEach(async () => {
  await machines.close();
  await t?.close();
  t = undefined;
});

async function start(options: TestAppOptions = {}) {
  t = await createTestApp({}, options);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return t;
}

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
  ms: number;
}

async function http(
  method: string,
  path: string,
  cookie: string | undefined,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    dispatcher: machines.for(cookie ?? "visitors"),
    method,
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    retryAfter: response.headers.get("retry-after"),
    ms: performance.now() - started,
  };
}

const trpcMutation = (path: string, cookie: string, input: unknown) =>
  http("POST", `/trpc/${path}`, cookie, input).then((answer) => ({
    ...answer,
    body: (answer.body as { result?: { data: unknown } }).result?.data ?? answer.body,
  }));

/** Like or unlike, alternating between tRPC and REST so that both doors race each other. */
function likeRequest(user: SignedInUser, id: number, liked: boolean, viaRest: boolean) {
  if (!viaRest) return trpcMutation(liked ? "likes.like" : "likes.unlike", user.cookie, { id });
  return liked
    ? http("POST", "/liked-artifacts", user.cookie, { artifact_id: String(id) })
    : http("DELETE", `/liked-artifacts/${id}`, user.cookie);
}

/** A seeded pseudo-random sequence, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("likes from many users at once", () => {
  it("counts exactly, with only successes, across hundreds of interleaved likes and unlikes", async () => {
    const app = await start();
    const owner = await createUserWithSession(app);
    const targets: number[] = [];
    for (let i = 0; i < 5; i += 1) targets.push((await addArtifact(app, owner)).id);
    const users: SignedInUser[] = [];
    for (let i = 0; i < 50; i += 1) users.push(await createUserWithSession(app));

    const rand = random(42);
    const finalState = new Map<string, boolean>();
    const answers: Answer[] = [];
    // Each user runs a sequence of 8 likes/unlikes (some sent twice at once); all users in parallel.
    await Promise.all(
      users.map(async (user, u) => {
        for (let step = 0; step < 8; step += 1) {
          const id = targets[Math.floor(rand() * targets.length)] as number;
          const liked = rand() < 0.6;
          const copies = rand() < 0.25 ? 2 : 1;
          const sent = Array.from({ length: copies }, (_, c) =>
            likeRequest(user, id, liked, (u + step + c) % 2 === 0),
          );
          answers.push(...(await Promise.all(sent)));
          finalState.set(`${user.id}:${id}`, liked);
        }
      }),
    );

    expect(answers.length).toBeGreaterThanOrEqual(400);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    for (const answer of answers) {
      expect(answer.body).toEqual({ liked: expect.any(Boolean), likeCount: expect.any(Number) });
    }
    expect(likeCountDrift(app.db)).toEqual([]);
    for (const id of targets) {
      const expected = users.filter((user) => finalState.get(`${user.id}:${id}`) === true).length;
      const row = app.db.$client
        .prepare("select like_count as n from artifacts where id = ?")
        .get(id) as { n: number };
      expect(row.n, `artifact ${id}`).toBe(expected);
    }
    // And each user's own view agrees.
    for (const user of users.slice(0, 10)) {
      for (const id of targets) {
        const status = await http("GET", `/liked-artifacts/${id}`, user.cookie);
        expect((status.body as LikeStatus).liked).toBe(finalState.get(`${user.id}:${id}`) === true);
      }
    }
  });
});

describe("edits and deletes of one artifact at once", () => {
  it("applies every parallel edit whole: each answer is what it sent, the row is one of them", async () => {
    const app = await start();
    const owner = await createUserWithSession(app);
    const stranger = await createUserWithSession(app);
    const { id } = await addArtifact(app, owner);

    const edits: ArtifactSent[] = Array.from({ length: 60 }, (_, i) =>
      artifactFields({
        artifactName: `Edit ${i}`,
        presentLocation: `Shelf ${i}`,
        createdAt: `${i} BC`,
      }),
    );
    const answers = await Promise.all(
      edits.map((fields, i) =>
        i % 2
          ? trpcMutation("artifacts.update", owner.cookie, { id, fields })
          : http("PUT", `/artifacts/${id}`, owner.cookie, fields),
      ),
    );
    const strangers = await Promise.all(
      edits
        .slice(0, 20)
        .map((fields) => trpcMutation("artifacts.update", stranger.cookie, { id, fields })),
    );

    answers.forEach((answer, i) => {
      expect(answer.status, `edit ${i}`).toBe(200);
      const artifact =
        i % 2 ? (answer.body as Artifact) : (answer.body as { artifact: Artifact }).artifact;
      expect(artifact).toMatchObject(edits[i] as ArtifactSent);
    });
    for (const answer of strangers) expect(answer.status).toBe(403);
    const final = (await http("GET", `/artifacts/${id}`, undefined)).body as Artifact;
    const matching = edits.filter((fields) => fields.artifactName === final.artifactName);
    expect(matching).toHaveLength(1);
    expect(final).toMatchObject(matching[0] as ArtifactSent);
  });

  it("lets exactly one of many parallel deletes succeed, and keeps its likes for the trash", async () => {
    const app = await start();
    const owner = await createUserWithSession(app);
    const { id } = await addArtifact(app, owner);
    const { id: keep } = await addArtifact(app, owner);
    const fans: SignedInUser[] = [];
    for (let i = 0; i < 20; i += 1) fans.push(await createUserWithSession(app));
    await Promise.all(
      fans.flatMap((fan) => [
        likeRequest(fan, id, true, false),
        likeRequest(fan, keep, true, true),
      ]),
    );

    const deletes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? trpcMutation("artifacts.delete", owner.cookie, { id })
          : http("DELETE", `/artifacts/${id}`, owner.cookie),
      ),
    );
    expect(deletes.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(deletes.filter((answer) => answer.status === 404)).toHaveLength(29);
    // A deleted artifact waits in the trash with its likes, so that a restore brings them back.
    const likes = app.db.$client
      .prepare("select artifact_id as id, count(*) as n from likes group by artifact_id")
      .all();
    expect(likes).toEqual([
      { id, n: 20 },
      { id: keep, n: 20 },
    ]);
    const trashed = app.db.$client
      .prepare("select id from artifacts where deleted_at is not null")
      .all();
    expect(trashed).toEqual([{ id }]);
    expect(likeCountDrift(app.db)).toEqual([]);
  });

  it("races edits, likes and a delete on one artifact with only the expected answers", async () => {
    const app = await start();
    const owner = await createUserWithSession(app);
    const { id } = await addArtifact(app, owner);
    const fans: SignedInUser[] = [];
    for (let i = 0; i < 40; i += 1) fans.push(await createUserWithSession(app));

    const requests: Promise<Answer & { kind: string }>[] = [];
    let answered = 0;
    let fireDelete: () => void = () => undefined;
    const deleteSent = new Promise<void>((resolve) => {
      fireDelete = resolve;
    });
    for (let i = 0; i < 120; i += 1) {
      const kind = i % 3 === 0 ? "edit" : "like";
      const request =
        kind === "edit"
          ? trpcMutation("artifacts.update", owner.cookie, { id, fields: artifactFields() })
          : likeRequest(fans[i % fans.length] as SignedInUser, id, i % 4 !== 1, i % 2 === 0);
      requests.push(
        request.then((answer) => {
          answered += 1;
          // The delete goes out while about two thirds of the rest are still in flight.
          if (answered === 40) fireDelete();
          return { ...answer, kind };
        }),
      );
    }
    requests.push(
      deleteSent
        .then(() => http("DELETE", `/artifacts/${id}`, owner.cookie))
        .then((answer) => ({ ...answer, kind: "delete" })),
    );
    const answers = await Promise.all(requests);
    expect(answers.find((answer) => answer.kind === "delete")?.status).toBe(200);
    for (const answer of answers) expect([200, 404], answer.kind).toContain(answer.status);
    // Some of the others came before the delete, some after it.
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(20);
    expect(answers.filter((answer) => answer.status === 404).length).toBeGreaterThan(0);
    // In the trash, its likes kept and counted exactly; nothing answers for it any more.
    expect(
      app.db.$client.prepare("select count(*) as n from artifacts where deleted_at is null").get(),
    ).toEqual({ n: 0 });
    expect(likeCountDrift(app.db)).toEqual([]);
    expect((await http("GET", `/artifacts/${id}`, (fans[0] as SignedInUser).cookie)).status).toBe(
      404,
    );
  });
});

/** Another connection (in its own thread, as another process would be) holding the write lock. */
function holdWriteLock(path: string, holdMs: number) {
  const betterSqlite = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const Database = require(workerData.betterSqlite);
     const db = new Database(workerData.path);
     db.exec("BEGIN IMMEDIATE");
     db.prepare("insert into users (email, name) values ('lock-holder@example.com', 'Lock Holder')").run();
     parentPort.postMessage("locked");
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
     db.exec("COMMIT");
     db.close();
     parentPort.postMessage("released");`,
    { eval: true, workerData: { path, holdMs, betterSqlite } },
  );
  const messages: string[] = [];
  const locked = new Promise<void>((resolve, reject) => {
    worker.on("message", (message: string) => {
      messages.push(message);
      if (message === "locked") resolve();
    });
    worker.on("error", reject);
  });
  const released = new Promise<void>((resolve) => worker.on("exit", () => resolve()));
  return { locked, released, messages };
}

describe("a busy database", () => {
  it("makes writes wait for another connection's lock, then succeed", async () => {
    const app = await start();
    const users: SignedInUser[] = [];
    for (let i = 0; i < 10; i += 1) users.push(await createUserWithSession(app));
    const { id } = await addArtifact(app, users[0] as SignedInUser);

    const lock = holdWriteLock(app.env.databasePath, 600);
    await lock.locked;
    const answers = await Promise.all([
      ...users.map((user, i) => likeRequest(user, id, true, i % 2 === 0)),
      ...users.map((user) => trpcMutation("artifacts.create", user.cookie, artifactFields())),
      http("POST", "/artifacts", users[1]?.cookie, artifactFields()),
      http("GET", "/artifacts", undefined),
    ]);
    await lock.released;

    expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
    // The first write waited out the lock: the lock holder's commit came before it.
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeGreaterThan(400);
    expect(lock.messages).toEqual(["locked", "released"]);
    expect(likeCountDrift(app.db)).toEqual([]);
    expect(app.db.$client.prepare("select count(*) as n from artifacts").get()).toEqual({ n: 12 });
    expect(
      app.db.$client.prepare("select like_count as n from artifacts where id = ?").get(id),
    ).toEqual({ n: 10 });
  });

  it("answers 503 with Retry-After, never 500, when the lock outlasts the busy timeout", async () => {
    const app = await start({ busyTimeoutMs: 100 });
    const user = await createUserWithSession(app);
    const { id } = await addArtifact(app, user);

    const lock = holdWriteLock(app.env.databasePath, 1_500);
    await lock.locked;
    const before = fingerprint(app.db);
    const writes = [
      await trpcMutation("likes.like", user.cookie, { id }),
      await trpcMutation("artifacts.create", user.cookie, artifactFields()),
      await http("POST", "/artifacts", user.cookie, artifactFields()),
      await http("POST", "/liked-artifacts", user.cookie, { artifact_id: String(id) }),
      await http("PUT", `/artifacts/${id}`, user.cookie, artifactFields()),
    ];
    const read = await http("GET", `/artifacts/${id}`, undefined);
    expect(fingerprint(app.db)).toEqual(before);
    await lock.released;

    for (const answer of writes) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe("1");
      expect(JSON.stringify(answer.body)).toContain("busy");
    }
    expect(read.status).toBe(200);
    // Once the lock is gone the same write goes through.
    expect((await trpcMutation("likes.like", user.cookie, { id })).status).toBe(200);
  });
});
