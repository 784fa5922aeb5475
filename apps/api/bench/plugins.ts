import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { median } from "./load";
import { freePort } from "../test/support/server-process";
import { createRateLimiter } from "../src/rate-limit";

/*
 * `pnpm bench:plugins`: our own infrastructure plugins against the Fastify ecosystem's, side by side
 * in one run (docs/decisions/099-ecosystem-plugins-measured.md). Each variant is a bare Fastify app
 * with that one plugin (bench/plugin-server.ts); the figure is its process's CPU time per request
 * under a fixed load, which hardly moves with other work on the machine. The variants take turns
 * in each round, and the median of the rounds is reported, with the cost over the bare app.
 * Then the memory of a rate limiter's keys after requests from many addresses.
 *
 *   pnpm bench:plugins [--rounds 5] [--requests 40000]
 */

const VARIANTS = [
  "none",
  "headers-ours",
  "headers-helmet",
  "cors-ours",
  "cors-plugin",
  "rate-limit-ours",
  "rate-limit-plugin",
] as const;

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const SERVER = new URL("./plugin-server.ts", import.meta.url).pathname;

/** CPU µs per request of one variant's process under `requests` requests (after a warm-up). */
async function cpuPerRequest(variant: string, requests: number): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", TSX_LOADER, SERVER], {
    env: { ...process.env, VARIANT: variant, PORT: String(port) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => String((await lines.next()).value);
  if ((await nextLine()) !== "listening") throw new Error(`${variant} did not start`);
  const cpu = async () => {
    child.stdin!.write("?\n");
    return Number(await nextLine());
  };
  const load = (amount: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}/thing`,
      connections: 10,
      amount,
      // A listed CORS origin, so that the CORS variants do all their work.
      headers: { origin: "https://friend.example" },
    });
  await load(Math.min(10_000, requests));
  const before = await cpu();
  const result = await load(requests);
  const after = await cpu();
  child.kill();
  if (result.non2xx + result.errors > 0) throw new Error(`${variant}: failed requests`);
  return (after - before) / result.requests.total;
}

/** Heap bytes a limiter's keys hold after `addresses` clients made one request each. */
function keyMemory(addresses: number) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const measure = (fill: () => unknown) => {
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = fill();
    gc();
    const bytes = process.memoryUsage().heapUsed - before;
    return { bytes, kept };
  };
  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const ours = measure(() => {
    const limiter = createRateLimiter({ limit: 20, windowMs: 15 * 60_000 });
    for (let i = 0; i < addresses; i += 1) limiter.take(address(i));
    return limiter;
  });
  const require = createRequire(import.meta.url);
  const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    cache: number,
  ) => { incr(key: string, cb: () => void, window: number, max: number): void };
  const plugin = measure(() => {
    const store = new LocalStore(false, false, 10_000);
    for (let i = 0; i < addresses; i += 1) store.incr(address(i), () => {}, 15 * 60_000, 20);
    return store;
  });
  return { ours: ours.bytes, plugin: plugin.bytes };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "5" },
      requests: { type: "string", default: "40000" },
    },
  });
  const rounds = Number(values.rounds);
  const results = new Map<string, number[]>(VARIANTS.map((variant) => [variant, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const variant of VARIANTS) {
      results.get(variant)!.push(await cpuPerRequest(variant, Number(values.requests)));
    }
    console.log(`round ${round} of ${rounds} done`);
  }
  const bare = median(results.get("none")!);
  console.log("\nCPU µs per request, median of the rounds (cost over the bare app) [each round]:");
  for (const [variant, each] of results) {
    const value = median(each);
    console.log(
      `${variant.padEnd(18)} ${value.toFixed(1).padStart(6)} (+${(value - bare).toFixed(1)})  ` +
        `[${each.map((v) => v.toFixed(1)).join(" ")}]`,
    );
  }
  for (const addresses of [10_000, 100_000]) {
    const memory = keyMemory(addresses);
    if (!memory) {
      console.log("\n(run with node --expose-gc for the limiters' memory)");
      break;
    }
    console.log(
      `\nrate-limit keys after ${addresses} addresses: ours ${(memory.ours / 1e6).toFixed(1)} MB, ` +
        `@fastify/rate-limit (cache 10,000) ${(memory.plugin / 1e6).toFixed(1)} MB`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
