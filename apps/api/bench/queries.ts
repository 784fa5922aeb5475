import { existsSync } from "node:fs";
import { closeDatabase, openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { generateBenchDatabase, KEPT_BENCH_DATABASE } from "./generate";
import { measureServiceLatency } from "./latency";

/*
 * `pnpm bench:queries [pattern]`: the in-process query rows of `pnpm bench` alone, for a quick
 * look while tuning a query. The generated collection is kept at BENCH_DATABASE (generated on
 * the first run, migrated on each), so a second run starts at once. `pnpm bench` stays the
 * record: it writes docs/benchmarks.md from a fresh database.
 */
const path = KEPT_BENCH_DATABASE;
const only = new RegExp(process.argv[2] ?? ".");

if (!existsSync(path)) {
  console.log(`generating the bench collection into ${path}`);
  const data = await generateBenchDatabase(path, { sessions: 1, imageUrl: "/favicon.svg" });
  console.log(`generated in ${data.seconds.toFixed(1)} s`);
}
const db = openDatabase(path);
migrateDatabase(db);
closeDatabase(db);

const rows = measureServiceLatency(path, 1, { iterations: 200, budgetMs: 2_000, only });
const plans = process.env.BENCH_PLANS === "1";
for (const row of rows) {
  const figures = [row.p50, row.p99, row.cpuP50, row.cpuP99].map((ms) => ms.toFixed(2).padStart(8));
  const [p50, p99, cpuP50, cpuP99] = figures;
  // CPU time is the query's own work: on a machine that others share, wall-clock p99 is mostly wait.
  console.log(`${row.label.padEnd(56)} p50 ${p50} p99 ${p99} CPU p50 ${cpuP50} CPU p99 ${cpuP99}`);
  if (plans) for (const plan of row.plans) console.log(`    ${plan}`);
}
