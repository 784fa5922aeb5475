import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LIMITS,
  MY_ARTIFACTS_PAGE_SIZE,
  TRPC_MAX_BATCH_SIZE,
  type MyArtifactsPage,
} from "@artifact-atlas/shared";
import { maximumArtifact } from "../support/artifacts";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { expectHealthyWithinASecond, healthyThroughout } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * A member's lists, batched: before paging, one member with 60 maximum-size artifacts and a batch
 * of `artifacts.mine` calls made answers of megabytes per call, and a few hundred calls in one
 * request ended the process. Now every call answers one bounded page, so a full batch of them
 * stays small however many artifacts the member has.
 */

const ARTIFACTS = 60;
const ATTACKERS = 6;
const ATTACK_MS = 6_000;
/** The most a full batch of member-list calls may answer. */
const BATCH_BYTES_MAX = 2 * 1024 * 1024;

let dir: string;
let server: ServerProcess;
let cookie: string;
let added: number[];

/** GET of `calls` batched calls of `procedure`, each with `input`; answers status and size. */
async function batch(procedure: string, calls: number, input: unknown) {
  const paths = Array.from({ length: calls }, () => procedure).join(",");
  const inputs = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, input]));
  const response = await fetch(
    `${server.url}/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
    { headers: { cookie } },
  );
  const body = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(body), body };
}

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  const body = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(body), body };
}

/** Every id of the member's own artifacts, page by page, as the web app reads them. */
async function allMine(): Promise<number[]> {
  const ids: number[] = [];
  let cursor: number | null = null;
  do {
    const input = encodeURIComponent(JSON.stringify({ cursor }));
    const answer = await request(server.url, "GET", `/trpc/artifacts.mine?input=${input}`, {
      cookie,
    });
    expect(answer.status).toBe(200);
    const page = (answer.body as { result: { data: MyArtifactsPage } }).result.data;
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return ids;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-member-lists-"));
  server = await startServer({
    databasePath: join(dir, "atlas.db"),
    productionNodeOptions: true,
  });
  cookie = await signUpOn(server.url, "hoarder@example.com");
  added = [];
  for (let index = 0; index < ARTIFACTS; index += 1) {
    const created = await request(server.url, "POST", "/trpc/artifacts.create", {
      cookie,
      body: maximumArtifact(index),
    });
    expect(created.status).toBe(200);
    const { id } = (created.body as { result: { data: { id: number } } }).result.data;
    added.push(id);
    const liked = await request(server.url, "POST", "/trpc/likes.like", { cookie, body: { id } });
    expect(liked.status).toBe(200);
  }
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

describe("batches over a member's lists", () => {
  it(`a batch of ${TRPC_MAX_BATCH_SIZE} artifacts.mine calls answers one page each, under 2 MB`, async () => {
    const single = await batch("artifacts.mine", 1, {});
    // Each artifact is at its longest: a page of them is as large as a page can be.
    const perArtifact = single.bytes / MY_ARTIFACTS_PAGE_SIZE;
    expect(perArtifact).toBeGreaterThan(LIMITS.historicalContext + LIMITS.url);

    const full = await batch("artifacts.mine", TRPC_MAX_BATCH_SIZE, {});
    expect(full.status).toBe(200);
    const answers = JSON.parse(full.body) as { result: { data: MyArtifactsPage } }[];
    expect(answers).toHaveLength(TRPC_MAX_BATCH_SIZE);
    for (const answer of answers) {
      expect(answer.result.data.items).toHaveLength(MY_ARTIFACTS_PAGE_SIZE);
      expect(answer.result.data.nextCursor).not.toBeNull();
    }
    expect(full.bytes).toBeLessThan(BATCH_BYTES_MAX);
  });

  it("a batch asking for more than a page is refused, running none of it", async () => {
    const greedy = await batch("artifacts.mine", TRPC_MAX_BATCH_SIZE, { limit: 1_000_000 });
    expect(greedy.status).toBe(400);
    expect(greedy.bytes).toBeLessThan(20_000);
  });

  it("the server stays up and answers while clients repeat full batches of every member list", async () => {
    const until = Date.now() + ATTACK_MS;
    const sizes: number[] = [];
    const statuses = new Set<number>();
    const attacker = async (which: number) => {
      while (Date.now() < until) {
        const answer =
          which % 3 === 0
            ? await batch("artifacts.mine", TRPC_MAX_BATCH_SIZE, { cursor: added.at(-5) })
            : which % 3 === 1
              ? await batch("likes.list", TRPC_MAX_BATCH_SIZE, {})
              : await get("/artifacts?email=hoarder%40example.com&pageSize=100");
        statuses.add(answer.status);
        sizes.push(answer.bytes);
      }
    };
    const attack = Promise.all(Array.from({ length: ATTACKERS }, (_, which) => attacker(which)));
    const checks = await healthyThroughout(server.url, attack);

    expect(checks).toBeGreaterThan(5);
    expect(sizes.length).toBeGreaterThan(ATTACKERS);
    // Shedding load (503) is an allowed answer; dying or answering megabytes is not.
    expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true);
    expect(Math.max(...sizes)).toBeLessThan(BATCH_BYTES_MAX);
    expect(server.child.exitCode).toBeNull();
    await expectHealthyWithinASecond(server.url);

    // Nothing acknowledged was lost: every artifact and every like is still there.
    expect(await allMine()).toEqual([...added].reverse());
    const liked = await get("/liked-artifact?pageSize=100");
    expect(liked.status).toBe(200);
    expect((JSON.parse(liked.body) as unknown[]).length).toBe(ARTIFACTS);
  });
});
