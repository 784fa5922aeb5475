import { mkdtempSync, rmSync } from "node:fs";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { DEFAULT_WORK_BUDGET_MS_PER_MINUTE } from "../../src/env";
import { startServer, stopServer, type ServerProcess } from "../support/server";
import { fillCollection } from "./support";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/*
 * Batched expensive reads (issue 28): batches of ten artifacts.facets calls for the word "a" in
 * all fields, each call with another range of years so that no cache helps, sent back to back by two
 * visitors. Without a budget, two such clients made a victim's list answer 503 five times in six
 * (9.8 s of event-loop delay at 100,000 artifacts). Each client now has its budget of the server's
 * time (the production default), charged per call, and the calls of a batch let other requests in
 * between them. The attackers, the victim and the health checks each speak from their own
 * loopback address.
 */

const ARTIFACTS = 40_000;
const ATTACK_MS = 30_000;
const ATTACKERS = ["127.0.0.2", "127.0.0.3"];
const VICTIM = "127.0.0.4";
const LIST = `/trpc/artifacts.list?input=${encodeURIComponent(JSON.stringify({ page: 1, sort: "default" }))}`;

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-expensive-batches-"));
  const databasePath = join(dir, "atlas.db");
  fillCollection(databasePath, ARTIFACTS);
  server = await startServer({
    databasePath,
    productionNodeOptions: true,
    env: { WORK_BUDGET_MS_PER_MINUTE: String(DEFAULT_WORK_BUDGET_MS_PER_MINUTE) },
  });
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

/** A GET from `from` on a kept-alive connection: its status, Retry-After, time and body. */
function getFrom(agent: Agent, from: string, path: string) {
  const started = performance.now();
  return new Promise<{ status: number; retryAfter: string | undefined; ms: number; body: string }>(
    (resolve, reject) => {
      const request = get(
        { host: "127.0.0.1", port: server.port, path, localAddress: from, agent },
        (response) => {
          let body = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: response.headers["retry-after"],
              ms: performance.now() - started,
              body,
            }),
          );
        },
      );
      request.on("error", reject);
    },
  );
}

let earlier = 0;
/** Ten facets calls for "a" in all fields, each from a year no call asked for before. */
function expensiveBatch(): string {
  const inputs = Object.fromEntries(
    Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, index) => [
      index,
      // Every artifact is from 3000 BC or later: each call counts all of them, none from cache.
      { search: "a", in: "all", fromYear: -3000 - (earlier += 1) },
    ]),
  );
  const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => "artifacts.facets").join(",");
  return `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

/** The outcome of each call of a batch's answer: "ok", or its error code ("TOO_MANY_REQUESTS"). */
function callOutcomes(answer: { status: number; body: string }): string[] {
  if (answer.status === 503) return ["shed"];
  const calls = JSON.parse(answer.body) as { error?: { data: { code: string } } }[];
  return calls.map((call) => call.error?.data.code ?? "ok");
}

describe("two visitors sending batches of expensive calls", () => {
  it("cannot push a victim's list into 503s: they are held to their budgets", async () => {
    const until = Date.now() + ATTACK_MS;
    const outcomes = new Map<string, number>();
    const retryAfters = new Set<string>();
    const attacks = ATTACKERS.map(async (from) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < until) {
        const answer = await getFrom(agent, from, expensiveBatch());
        for (const outcome of callOutcomes(answer)) {
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
        if (answer.retryAfter) retryAfters.add(answer.retryAfter);
      }
      agent.destroy();
    });

    // The victim reads the first page twice a second, as someone browsing would, on its own
    // connection; a health check from another address shows the event loop's delay.
    const victim: { status: number; ms: number }[] = [];
    const health: number[] = [];
    const victimAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const healthAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    while (Date.now() < until) {
      const [list, check] = await Promise.all([
        getFrom(victimAgent, VICTIM, LIST),
        getFrom(healthAgent, "127.0.0.1", "/healthz"),
      ]);
      victim.push(list);
      health.push(check.ms);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await Promise.all(attacks);
    victimAgent.destroy();
    healthAgent.destroy();

    const served = victim.filter((answer) => answer.status === 200).length;
    const sorted = [...health].sort((a, b) => a - b);
    const shed = server.stdout.filter((line) => line.includes("overloaded: request turned away"));
    console.log(
      `victim: ${served} of ${victim.length} lists answered 200 (slowest ` +
        `${Math.round(Math.max(...victim.map((answer) => answer.ms)))} ms); /healthz median ` +
        `${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, slowest five ` +
        `${sorted.slice(-5).map(Math.round).join(", ")} ms; ${shed.length} requests shed; ` +
        `the attackers' calls: ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );

    expect(victim.length).toBeGreaterThan(20);
    expect(served).toBe(victim.length);
    expect(sorted[sorted.length - 1]).toBeLessThan(1_000);
    // The attackers were held to their budgets: most calls refused with a wait, none shed.
    const refused = outcomes.get("TOO_MANY_REQUESTS") ?? 0;
    expect(refused).toBeGreaterThan(outcomes.get("ok") ?? 0);
    expect(outcomes.get("shed")).toBeUndefined();
    expect([...retryAfters].every((seconds) => Number(seconds) >= 1)).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });
});
