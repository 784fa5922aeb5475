import { renderHarvest, type HarvestBench } from "./harvesting-measure";
import { renderOpenData, type OpenDataBench } from "./open-data-measure";
import { renderUploads, type UploadBench } from "./uploads";
import type { LatencyRow } from "./latency";
import type { LighthouseRow } from "./lighthouse";
import type { RunResult, Scenario } from "./load";
import { median } from "./load";

/** Everything `pnpm bench` measured, for docs/benchmarks.md. */
export interface BenchReport {
  startedAt: Date;
  machine: {
    cores: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    os: string;
    loadAverage: number[];
  };
  settings: { runs: number; seconds: number; connections: number; search: string };
  data: {
    artifacts: number;
    users: number;
    likes: number;
    revisions: number;
    seconds: number;
    fileMb: number;
    sessions: number;
  };
  load: { scenario: Scenario; runs: RunResult[] }[];
  latency: LatencyRow[];
  lighthouse: LighthouseRow[] | { skipped: string };
  bundle: { path: string; gzipKb: number; files: string[] }[] | { skipped: string };
  logBytes: number;
  durationSeconds: number;
  /** Issues 19 and 30: large uploads in a row (missing from runs made before it). */
  uploads?: UploadBench;
  /** Issue 21: the whole collection exported (missing from runs made before it). */
  openData?: OpenDataBench;
  /** Issue 34: a whole OAI-PMH harvest and the feed (missing from runs made before it). */
  harvesting?: HarvestBench;
}

const TARGETS = {
  restRatio: 0.7,
  trpcRatio: 0.8,
  listP99Ms: 10,
  rssMb: 200,
  // Issue 27's target; e2e/bundle-budget.test.ts holds what is reached (decision 011).
  bundleKb: 110,
  lighthouse: { desktop: 95, mobile: 90, accessibility: 100, bestPractices: 95, cls: 0.05 },
};

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const verdict = (met: boolean) => (met ? "**met**" : "**missed**");

function loadSummary(report: BenchReport) {
  const byName = new Map(
    report.load.map(({ scenario, runs }) => [
      scenario.name,
      {
        scenario,
        runs,
        rps: median(runs.map((run) => run.rps)),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
        errors: runs.reduce((sum, run) => sum + run.errors, 0),
        requests: runs.reduce((sum, run) => sum + run.requests, 0),
        rss: Math.max(...runs.map((run) => run.rssMb ?? 0)),
      },
    ]),
  );
  // Paired: each run against its ceiling's run of the same round, a few seconds apart, so that the
  // machine's drift between rounds (other tenants, CPU frequency) falls out of the ratio.
  return [...byName.values()].map((row) => {
    const ceilingRuns = byName.get(row.scenario.ceiling)?.runs ?? [];
    const ratios = row.runs.map((run, round) => run.rps / (ceilingRuns[round]?.rps ?? Number.NaN));
    return { ...row, ratio: median(ratios) };
  });
}

/** docs/benchmarks.md: machine, command, tables, targets met or missed, and what was found. */
export function renderReport(report: BenchReport, findings: string): string {
  const rows = loadSummary(report);
  const { machine, settings, data } = report;
  const out: string[] = [];
  const line = (text = "") => out.push(text);

  line("# Benchmarks");
  line();
  line(
    "Written by `pnpm bench` (apps/api/bench/run.ts); rerun it to refresh this file. Numbers move " +
      "between runs and machines: read the ratios and the medians, not single figures.",
  );
  line();
  line("## Machine and command");
  line();
  line(`- Run: ${report.startedAt.toISOString()}, ${fixed(report.durationSeconds, 0)} s in all`);
  line(
    `- CPU: ${machine.cores} × ${machine.cpuModel}; memory ${fixed(machine.memoryGb, 1)} GB; ${machine.os}`,
  );
  line(`- Node ${machine.node}`);
  line(
    `- Load average when the run started: ${machine.loadAverage.map((value) => fixed(value)).join(", ")} ` +
      "(other work on the machine shows up as noise, mostly in p99)",
  );
  line(
    `- Command: \`pnpm bench\` (from the repository root). Each scenario ran ${settings.runs} times for ` +
      `${settings.seconds} s with ${settings.connections} connections, scenarios interleaved, after a ` +
      "warm-up; the table shows medians, and the ratio is the median of each round's ratio to the " +
      "ceiling's run in the same round. Knobs: BENCH_RUNS, BENCH_SECONDS, BENCH_CONNECTIONS.",
  );
  line(
    `- Data: ${data.artifacts.toLocaleString("en")} artifacts, ${data.users.toLocaleString("en")} users, ` +
      `${data.likes.toLocaleString("en")} likes, ${data.revisions.toLocaleString("en")} revisions ` +
      "(one per artifact, 10,000 edits of one and 10,000 spread over 3,000 others, 1,000 of them " +
      "showing an uploaded image), a review queue of 1,000 open entries (new artifacts, edits with " +
      "their fields, reports of every reason) after 5,000 decided ones, and beside the public " +
      "artifacts 550 pending, rejected or hidden and 500 in the trash " +
      "(apps/api/bench/generate-review.ts), " +
      `generated in ${fixed(data.seconds, 1)} s into a ` +
      `temporary ${fixed(data.fileMb, 0)} MB database (migrations, then one transaction of prepared ` +
      `inserts; the like-count and search-index triggers fire for every row; like counts verified). ` +
      `${data.sessions.toLocaleString("en")} bench users hold sessions for the writes.`,
  );
  line(
    "- The product runs as in production: `node apps/api/dist/server.js`, NODE_ENV=production, " +
      `LOG_LEVEL=info (its ${fixed(report.logBytes / 1e6, 0)} MB of JSON log lines went to a pipe read ` +
      "by the bench), the default write limit per user. The ceilings are the same kind of process " +
      "(bundled with esbuild, plain node, the same Fastify, and tRPC through the same plugin): " +
      "apps/api/bench/ceilings.ts.",
  );
  line();

  line("## HTTP on 127.0.0.1 (autocannon)");
  line();
  line("| Scenario | req/s | p50 ms | p99 ms | errors | ratio to ceiling | target |");
  line("|---|---:|---:|---:|---:|---:|---|");
  for (const row of rows) {
    const { scenario } = row;
    const isCeiling = scenario.ceiling === scenario.name;
    const goal =
      scenario.target === "rest"
        ? `≥ ${TARGETS.restRatio}: ${verdict(row.ratio >= TARGETS.restRatio)}`
        : scenario.target === "trpc"
          ? `≥ ${TARGETS.trpcRatio}: ${verdict(row.ratio >= TARGETS.trpcRatio)}`
          : "";
    line(
      `| ${scenario.name} | ${fixed(row.rps, 0)} | ${fixed(row.p50, 1)} | ${fixed(row.p99, 1)} | ` +
        `${row.errors} | ${isCeiling ? "(ceiling)" : fixed(row.ratio)} | ${goal} |`,
    );
  }
  line();
  line("Requests per second of each run, in order:");
  line();
  for (const row of rows) {
    line(`- ${row.scenario.name}: ${row.runs.map((run) => fixed(run.rps, 0)).join(", ")}`);
  }
  line();
  const rssPeak = Math.max(
    ...rows.filter((row) => row.scenario.server === "app").map((r) => r.rss),
  );
  line(
    `Server memory: highest VmRSS of the product's process during these runs: ${fixed(rssPeak, 0)} MB.`,
  );
  line();

  line("## Server-side latency of each query (in-process, at this size)");
  line();
  line(
    "The service functions called directly on the bench database with the production pragmas, " +
      "many times each: the cost on the server without HTTP, tRPC or JSON. A search's count is " +
      "kept until a name changes; `(cold)` moves artifact_names_version before every call, as an " +
      "added or renamed artifact would, so that the count is computed afresh each time.",
  );
  line();
  line(
    "Wall-clock time is what a request waits; CPU time is the query's own work, without the " +
      "moments this process was not running because other programs were (see the load average).",
  );
  line();
  line("| Query | calls | p50 ms | p99 ms | max ms | CPU p50 ms | CPU p99 ms | total |");
  line("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of report.latency) {
    line(
      `| ${row.label.replaceAll("|", "\\|")} | ${row.iterations} | ${fixed(row.p50, 3)} | ` +
        `${fixed(row.p99, 3)} | ${fixed(row.max, 2)} | ${fixed(row.cpuP50, 3)} | ` +
        `${fixed(row.cpuP99, 3)} | ${row.total ?? ""} |`,
    );
  }
  line();

  out.push(...renderUploads(report.uploads));
  out.push(...renderOpenData(report.openData));
  out.push(...renderHarvest(report.harvesting));

  line("## Targets");
  line();
  const rest = rows.find((row) => row.scenario.target === "rest");
  const trpc = rows.filter((row) => row.scenario.target === "trpc");
  const listRows = report.latency.filter((row) => row.listTarget);
  const slowest = listRows.reduce((worst, row) => (row.p99 > worst.p99 ? row : worst));
  const slowestCpu = listRows.reduce((worst, row) => (row.cpuP99 > worst.cpuP99 ? row : worst));
  const overCpu = listRows.filter((row) => row.cpuP99 >= TARGETS.listP99Ms);
  const listHttpErrors = rows
    .filter((row) => row.scenario.listRead)
    .reduce((sum, row) => sum + row.errors, 0);
  const searchPlans = listRows
    .filter((row) => /list "[^"]{3,}"/.test(row.label))
    .flatMap((row) => row.plans);
  const scansTable = searchPlans.some((plan) => /\bSCAN (?:artifacts|a)\b(?! USING)/.test(plan));
  const usesFts = searchPlans.some((plan) => plan.includes("artifacts_name_fts VIRTUAL TABLE"));
  if (rest) {
    line(
      `- REST GET /artifacts/{id} ≥ ${TARGETS.restRatio} of bare Fastify: ${fixed(rest.ratio)} — ` +
        verdict(rest.ratio >= TARGETS.restRatio),
    );
  }
  line(
    `- tRPC reads ≥ ${TARGETS.trpcRatio} of the do-nothing procedure: ` +
      trpc
        .map((row) => `${row.scenario.name.replace("tRPC ", "")} ${fixed(row.ratio)}`)
        .join("; ") +
      ` — ${verdict(trpc.every((row) => row.ratio >= TARGETS.trpcRatio))}`,
  );
  line(
    `- Every list, search and sort < ${TARGETS.listP99Ms} ms at p99 on the server: slowest ` +
      `wall-clock p99 ${fixed(slowest.p99, 2)} ms (${slowest.label}) — ` +
      `${verdict(slowest.p99 < TARGETS.listP99Ms)}; slowest CPU p99 ${fixed(slowestCpu.cpuP99, 2)} ms ` +
      `(${slowestCpu.label})` +
      (overCpu.length > 0
        ? `; over ${TARGETS.listP99Ms} ms of CPU: ${overCpu.map((row) => row.label).join("; ")}`
        : ""),
  );
  line(
    `- Zero errors at ${settings.connections} connections on the list reads: ${listHttpErrors} — ` +
      verdict(listHttpErrors === 0),
  );
  line(
    `- Substring search without a table scan: ${usesFts ? "the plans use the FTS5 trigram index" : "no FTS5 in the plans"}` +
      `${scansTable ? ", but one scans the artifacts table" : " and never scan the artifacts table"} — ` +
      verdict(usesFts && !scansTable),
  );
  line(
    `- Server RSS under load < ${TARGETS.rssMb} MB: ${fixed(rssPeak, 0)} MB — ${verdict(rssPeak < TARGETS.rssMb)}`,
  );
  if ("skipped" in report.bundle) {
    line(
      `- First-load JavaScript ≤ ${TARGETS.bundleKb} kB gzipped: not measured (${report.bundle.skipped})`,
    );
  } else {
    const worst = Math.max(...report.bundle.map((page) => page.gzipKb));
    line(
      `- First-load JavaScript ≤ ${TARGETS.bundleKb} kB gzipped: ` +
        report.bundle.map((page) => `${page.path} ${fixed(page.gzipKb, 1)} kB`).join(", ") +
        ` — ${verdict(worst <= TARGETS.bundleKb)}`,
    );
  }
  if ("skipped" in report.lighthouse) {
    line(`- Lighthouse: not run (${report.lighthouse.skipped})`);
  } else {
    const lh = TARGETS.lighthouse;
    const ok = report.lighthouse.every(
      (row) =>
        row.performance >= (row.formFactor === "desktop" ? lh.desktop : lh.mobile) &&
        row.accessibility >= lh.accessibility &&
        row.bestPractices >= lh.bestPractices &&
        row.cumulativeLayoutShift < lh.cls,
    );
    line(
      `- Lighthouse (performance ≥ ${lh.desktop} desktop / ${lh.mobile} mobile, accessibility ` +
        `${lh.accessibility}, best practices ≥ ${lh.bestPractices}, layout shift < ${lh.cls}): ${verdict(ok)}`,
    );
  }
  line();

  if (!("skipped" in report.lighthouse)) {
    line("## Lighthouse 12 (headless Chromium)");
    line();
    line(
      "| Page | settings | performance | accessibility | best practices | layout shift | note |",
    );
    line("|---|---|---:|---:|---:|---:|---|");
    for (const row of report.lighthouse) {
      line(
        `| ${row.path} | ${row.formFactor} | ${row.performance} | ${row.accessibility} | ` +
          `${row.bestPractices} | ${fixed(row.cumulativeLayoutShift, 3)} | ` +
          `${row.error ? `not measured: ${row.error.replaceAll("|", "/")}` : ""} |`,
      );
    }
    line();
  }
  if (!("skipped" in report.bundle)) {
    line("## First-load JavaScript");
    line();
    for (const page of report.bundle) {
      line(`- ${page.path}: ${fixed(page.gzipKb, 1)} kB gzipped (${page.files.join(", ")})`);
    }
    line();
  }

  line("## Query plans (EXPLAIN QUERY PLAN)");
  line();
  line("Each statement a list call ran, in order (one line per statement):");
  line();
  const seen = new Set<string>();
  for (const row of report.latency) {
    const plans = row.plans.join("\n");
    if (seen.has(plans)) continue;
    seen.add(plans);
    line(`- ${row.label}`);
    for (const plan of row.plans) line(`  - \`${plan}\``);
  }
  line();
  line(findings.trim());
  line();
  return out.join("\n");
}
