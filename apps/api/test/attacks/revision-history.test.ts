import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LIMITS,
  MESSAGES,
  TRPC_MAX_BATCH_SIZE,
  type ArtifactTextFields,
  type RevisionPage,
} from "@artifact-atlas/shared";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { expectHealthyWithinASecond, healthyThroughout } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * The history's doors (issue 17) against one hostile client: page sizes and revision numbers
 * that are not numbers, other people's artifacts, stale bases, huge bodies, and full batches of
 * the most expensive call, a comparison of two long unrelated texts. Every answer stays a 4xx or
 * a bounded 200, nothing is written that should not be, and the server stays up.
 */

const EDITS = 30;
const ATTACKERS = 4;
const ATTACK_MS = 5_000;
const BATCH_BYTES_MAX = 2 * 1024 * 1024;

let dir: string;
let server: ServerProcess;
let owner: string;
let stranger: string;
let artifactId: number;

/** Every field at its longest, its words all different from those of another `seed`. */
function longFields(seed: string): ArtifactTextFields {
  const words = (length: number) =>
    Array.from({ length }, (_, index) => `${seed}${index}`)
      .join(" ")
      .slice(0, length);
  const url = "https://images.example.org/";
  return {
    artifactName: words(LIMITS.name),
    artifactImage: `${url}${seed.repeat(LIMITS.url).slice(0, LIMITS.url - url.length - 4)}.jpg`,
    artifactType: "Documents",
    historicalContext: words(LIMITS.historicalContext),
    createdAt: words(LIMITS.shortText),
    discoveredAt: words(LIMITS.shortText),
    discoveredBy: words(LIMITS.shortText),
    presentLocation: words(LIMITS.shortText),
    imageAlt: words(LIMITS.imageAlt),
  };
}

async function trpcGet(path: string, input: unknown, cookie = owner) {
  const query = encodeURIComponent(JSON.stringify(input));
  return request(server.url, "GET", `/trpc/${path}?input=${query}`, { cookie });
}

async function revisionTotal(): Promise<number> {
  const answer = await trpcGet("revisions.list", { id: artifactId });
  return (answer.body as { result: { data: RevisionPage } }).result.data.total;
}

async function raw(method: string, path: string, body: string, cookie = owner) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body,
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-history-attack-"));
  server = await startServer({ databasePath: join(dir, "atlas.db"), productionNodeOptions: true });
  owner = await signUpOn(server.url, "keeper@example.com");
  stranger = await signUpOn(server.url, "stranger@example.com");
  const created = await request(server.url, "POST", "/trpc/artifacts.create", {
    cookie: owner,
    body: longFields("a"),
  });
  expect(created.status).toBe(200);
  artifactId = (created.body as { result: { data: { id: number } } }).result.data.id;
  for (let edit = 1; edit <= EDITS; edit += 1) {
    const saved = await request(server.url, "POST", "/trpc/artifacts.update", {
      cookie: owner,
      body: { id: artifactId, fields: longFields(edit % 2 === 0 ? "a" : "b") },
    });
    expect(saved.status).toBe(200);
  }
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

describe("hostile page sizes and numbers", () => {
  it("are refused (400 or 404), or answer an empty page, never a large or a 5xx answer", async () => {
    const base = `/artifacts/${artifactId}/revisions`;
    const refusals: [string, number][] = [
      [`${base}?pageSize=100000`, 400],
      [`${base}?pageSize=0`, 400],
      [`${base}?page=-1`, 400],
      [`${base}?page=1e400`, 400],
      [`${base}?page=${LIMITS.page + 1}`, 400],
      [`${base}/compare?from=1&to=NaN`, 400],
      [`${base}/0`, 404],
      [`${base}/1e400`, 404],
      [`${base}/9007199254740993`, 404],
      [`${base}/99999`, 404],
      ["/artifacts/99999999/revisions", 404],
    ];
    for (const [path, status] of refusals) {
      const answer = await request(server.url, "GET", path, { cookie: owner });
      expect(answer.status, path).toBe(status);
    }
    const deep = await request(server.url, "GET", `${base}?page=${LIMITS.page}&pageSize=100`, {
      cookie: owner,
    });
    expect(deep.status).toBe(200);
    expect(deep.body).toEqual([]);
    const farPage = await trpcGet("revisions.list", {
      id: artifactId,
      page: Number.MAX_SAFE_INTEGER,
    });
    expect(farPage.status).toBe(200);
    expect((farPage.body as { result: { data: RevisionPage } }).result.data.items).toEqual([]);
    const notANumber = await trpcGet("revisions.byNumber", { id: artifactId, number: "1; drop" });
    expect(notANumber.status).toBe(400);
  });
});

describe("other people's artifacts and stale bases", () => {
  it("a stranger may read the history but neither restore nor edit, and nothing is written", async () => {
    const before = await revisionTotal();
    const read = await trpcGet("revisions.list", { id: artifactId }, stranger);
    expect(read.status).toBe(200);

    const restore = await request(
      server.url,
      "POST",
      `/artifacts/${artifactId}/revisions/1/restore`,
      { cookie: stranger },
    );
    expect(restore.status).toBe(403);
    expect(restore.body).toEqual({ success: false, error: MESSAGES.restoreNotAllowed });
    const overTrpc = await request(server.url, "POST", "/trpc/revisions.restore", {
      cookie: stranger,
      body: { id: artifactId, number: 1 },
    });
    expect(overTrpc.status).toBe(403);
    const edit = await request(server.url, "PUT", `/artifacts/${artifactId}`, {
      cookie: stranger,
      body: { ...longFields("c"), baseRevision: before },
    });
    expect(edit.status).toBe(403);

    expect(await revisionTotal()).toBe(before);
  });

  it("a save from a stale base answers 409 and writes nothing, however old the base", async () => {
    const before = await revisionTotal();
    // The edits alternate two versions: the even revisions hold the other one than the current.
    for (const baseRevision of [2, before - 1, before + 1000]) {
      const stale = await request(server.url, "PUT", `/artifacts/${artifactId}`, {
        cookie: owner,
        body: { ...longFields("c"), baseRevision },
      });
      expect(stale.status, String(baseRevision)).toBe(409);
    }
    expect(await revisionTotal()).toBe(before);
  });
});

describe("huge bodies", () => {
  it("are refused before any of them is read as a save or a restore", async () => {
    const before = await revisionTotal();
    const padding = "x".repeat(200 * 1024);
    const bigPut = await raw(
      "PUT",
      `/artifacts/${artifactId}`,
      JSON.stringify({ ...longFields("c"), baseRevision: before, padding }),
    );
    expect(bigPut.status).toBe(413);
    const bigRestore = await raw(
      "POST",
      `/artifacts/${artifactId}/revisions/1/restore`,
      JSON.stringify({ padding }),
    );
    expect(bigRestore.status).toBe(413);
    const hugeNumber = await raw(
      "PUT",
      `/artifacts/${artifactId}`,
      JSON.stringify({ ...longFields("c"), baseRevision: Number("9".repeat(400)) }).replace(
        "null",
        "9".repeat(400),
      ),
    );
    expect(hugeNumber.status).toBe(400);
    expect(await revisionTotal()).toBe(before);
  });
});

describe("full batches of the costliest history call", () => {
  it("the server stays up and answers while clients repeat batches of long comparisons", async () => {
    const total = await revisionTotal();
    const compareBatch = async () => {
      const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => "revisions.compare").join(
        ",",
      );
      const inputs = Object.fromEntries(
        Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, index) => [
          index,
          { id: artifactId, from: 1 + (index % 2), to: total - (index % 2) },
        ]),
      );
      const response = await fetch(
        `${server.url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
        { headers: { cookie: owner } },
      );
      const body = await response.text();
      return { status: response.status, bytes: Buffer.byteLength(body) };
    };
    const first = await compareBatch();
    expect(first.status).toBe(200);

    const until = Date.now() + ATTACK_MS;
    const sizes: number[] = [];
    const statuses = new Set<number>();
    const attacker = async () => {
      while (Date.now() < until) {
        const answer = await compareBatch();
        statuses.add(answer.status);
        sizes.push(answer.bytes);
      }
    };
    const attack = Promise.all(Array.from({ length: ATTACKERS }, attacker));
    const checks = await healthyThroughout(server.url, attack);

    expect(checks).toBeGreaterThan(5);
    expect(sizes.length).toBeGreaterThan(ATTACKERS);
    // Shedding load (503) is an allowed answer; dying or answering megabytes is not.
    expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true);
    expect(Math.max(...sizes)).toBeLessThan(BATCH_BYTES_MAX);
    expect(server.child.exitCode).toBeNull();
    await expectHealthyWithinASecond(server.url);
  });
});
