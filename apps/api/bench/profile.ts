import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { median } from "./load";
import {
  SERVER_FROM_BUILD,
  serverNodeOptions,
  startServer,
  stopServer,
} from "../test/support/server-process";

/*
 * `pnpm bench:profile`: where a request's CPU goes, in microseconds per request.
 *
 * Starts the built server (`pnpm build` first) as production runs it, on a fresh database with the
 * demo collection, under `node --cpu-prof`; sends a fixed number of requests to one path; stops
 * it; and divides each function's own time in the profile by the number of requests. Only samples
 * taken while the requests ran count (V8's profile clock and process.hrtime are both the
 * monotonic clock), so start-up work is left out. Unlike req/s, these figures hardly move with
 * other work on the machine, which makes a change of a microsecond visible. Several processes
 * show how far two starts of the same build differ (docs/benchmarks.md, "One start in two was slower").
 *
 *   pnpm bench:profile [--path /artifacts/1] [--requests 100000] [--processes 3] [--top 25]
 */

const API = resolve(import.meta.dirname, "..");
const ROOT = resolve(API, "../..");

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const nowMicroseconds = () => Number(process.hrtime.bigint() / 1000n);

/** One server process profiled under `requests` requests: µs of own time per request, by function. */
async function profileOneProcess(path: string, requests: number): Promise<Map<string, number>> {
  const dir = mkdtempSync(join(os.tmpdir(), "atlas-profile-"));
  try {
    const server = await startServer({
      name: "the profiled server",
      entry: SERVER_FROM_BUILD,
      nodeOptions: [...serverNodeOptions(), "--cpu-prof", `--cpu-prof-dir=${dir}`],
      env: {
        NODE_ENV: "production",
        DATABASE_PATH: join(dir, "profile.db"),
        WEB_DIST_PATH: join(ROOT, "apps/web/dist"),
        LOG_LEVEL: "info",
      },
      // The access lines go to a pipe that is read, as a log collector would.
      onStdout: () => {},
      timeoutMs: 60_000,
    });
    const url = `${server.url}${path}`;
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    const from = nowMicroseconds();
    const load = await autocannon({ url, connections: 50, amount: requests });
    const to = nowMicroseconds();
    if (load.non2xx + load.errors > 0)
      throw new Error(`${url}: ${load.non2xx + load.errors} failed`);
    await stopServer(server);
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no profile");
    return ownTimePerRequest(
      JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile,
      { from, to },
      load.requests.total,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ownTimePerRequest(
  profile: CpuProfile,
  window: { from: number; to: number },
  requests: number,
): Map<string, number> {
  const names = new Map(
    profile.nodes.map(({ id, callFrame: { functionName, url, lineNumber } }) => [
      id,
      url === ""
        ? functionName || "(native)"
        : `${functionName || "(anonymous)"} ${basename(url)}:${lineNumber + 1}`,
    ]),
  );
  const perRequest = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((node, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    const name = names.get(node) ?? "?";
    if (time < window.from || time > window.to || name === "(idle)") return;
    perRequest.set(name, (perRequest.get(name) ?? 0) + delta / requests);
  });
  return perRequest;
}

const total = (times: Map<string, number>) => [...times.values()].reduce((a, b) => a + b, 0);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      path: { type: "string", default: "/artifacts/1" },
      requests: { type: "string", default: "100000" },
      processes: { type: "string", default: "3" },
      top: { type: "string", default: "25" },
    },
  });
  const processes = Number(values.processes);
  const profiles: Map<string, number>[] = [];
  for (let run = 1; run <= processes; run += 1) {
    const profile = await profileOneProcess(values.path, Number(values.requests));
    profiles.push(profile);
    // Its line number moves between Node versions; its name and file do not.
    const nextTick =
      [...profile].find(([name]) => name.startsWith("nextTick task_queues:"))?.[1] ?? 0;
    console.log(
      `process ${run}: ${total(profile).toFixed(1)} µs of CPU per request ` +
        `(process.nextTick itself ${nextTick.toFixed(2)} µs)`,
    );
  }
  const names = new Set(profiles.flatMap((profile) => [...profile.keys()]));
  const rows = [...names]
    .map((name) => ({ name, each: profiles.map((profile) => profile.get(name) ?? 0) }))
    .map((row) => ({ ...row, median: median(row.each) }))
    .sort((a, b) => b.median - a.median)
    .slice(0, Number(values.top));
  console.log(`\nµs per request, median of ${processes} processes (then each process):`);
  for (const row of rows) {
    const each = row.each.map((value) => value.toFixed(2)).join(" ");
    console.log(`${row.median.toFixed(2).padStart(7)}  ${row.name}  [${each}]`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
