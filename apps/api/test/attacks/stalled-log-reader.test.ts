import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startServer, stopServer, type ServerProcess } from "../support/server";
import { expectHealthyWithinASecond } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * A log reader that stops reading (a paused `docker logs`, a stuck journald): before the fix the
 * server waited for it once the pipe was full, and every request waited with it. The real server,
 * its stdout a pipe that this test stops reading, must keep answering and count what it dropped.
 */

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-stalled-log-"));
  server = await startServer({
    databasePath: join(dir, "atlas.db"),
    productionNodeOptions: true,
  });
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

function parseLines(text: string): Record<string, unknown>[] {
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

it("keeps answering while nobody reads its log, then says how many lines it dropped", async () => {
  const stdout = server.child.stdout as Readable;
  let log = "";
  stdout.on("data", (chunk: string) => (log += chunk));
  stdout.pause();

  // About 700 bytes of access line each: together far more than the pipe and the server's bound
  // (1 MB) hold.
  const filler = "x".repeat(400);
  const requests = 3_000;
  const concurrency = 25;
  let slowestMs = 0;
  for (let first = 0; first < requests; first += concurrency) {
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: concurrency }, async (_, index) => {
        const url = `${server.url}/healthz?n=${first + index}&filler=${filler}`;
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    slowestMs = Math.max(slowestMs, Date.now() - started);
    expect(statuses.every((status) => status === 200)).toBe(true);
  }
  expect(slowestMs).toBeLessThan(1_000);
  await expectHealthyWithinASecond(server.url);

  // The reader reads again: every request's line came through or was counted as dropped.
  stdout.resume();
  const deadline = Date.now() + 10_000;
  let kept = 0;
  let dropped = 0;
  while (Date.now() < deadline) {
    const entries = parseLines(log);
    kept = entries.filter((entry) =>
      String((entry.req as { url?: string } | undefined)?.url).includes("filler="),
    ).length;
    dropped = entries.reduce((sum, entry) => sum + Number(entry.droppedLines ?? 0), 0);
    if (kept + dropped >= requests) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(dropped).toBeGreaterThan(0);
  expect(kept).toBeGreaterThan(0);
  // The health check's own line may be among the dropped ones.
  expect(kept + dropped).toBeGreaterThanOrEqual(requests);
  expect(kept + dropped).toBeLessThanOrEqual(requests + 1);
  await expectHealthyWithinASecond(server.url);
});
