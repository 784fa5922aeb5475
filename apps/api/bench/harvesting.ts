import { mkdtempSync, rmSync } from "node:fs";
import { writeMarkdownReport } from "./markdown-report";
import os from "node:os";
import { join, resolve } from "node:path";
import { closeDatabase, openDatabase } from "../src/db/client";
import { verbDocument } from "../src/harvesting/oai/document";
import { parseRequest } from "../src/harvesting/oai/request";
import { runVerb } from "../src/harvesting/oai/verbs";
import { readTokenKey } from "../src/harvesting/settings";
import { createHarvestStore } from "../src/harvesting/store";
import {
  freePort,
  SERVER_FROM_SOURCE,
  serverNodeOptions,
  startServer,
  stopServer,
} from "../test/support/server-process";
import { generateBenchDatabase } from "./generate";
import { FULL_COLLECTION_ID } from "./generate-collections";
import {
  harvest,
  HARVEST_TABLE_HEAD,
  harvestRowLine,
  measureHarvest,
  ms,
  PAGE_P99_BOUND_MS,
  percentile,
  renderHarvestTables,
} from "./harvesting-measure";

/*
 * pnpm bench:harvesting (issue 34): the bench collection of 100,000 artifacts. First every page of
 * an EDM harvest made in this process, as the route makes it, without HTTP, with each page's CPU
 * time: what a page costs the server apart from the waits of a machine shared with other work.
 * Then the server from its source with npm start's heap cap: a whole oai_dc harvest, and what
 * `pnpm bench` measures (harvesting-measure.ts): the EDM harvest with a visitor beside it, and the
 * Atom feed, fresh and conditional. Writes docs/benchmarks-harvesting.md; about seven minutes on
 * two cores, most of it generating the collection.
 */

const ROOT = resolve(import.meta.dirname, "../../..");
const REPORT = join(ROOT, "docs/benchmarks-harvesting.md");

interface InProcess {
  wall: number[];
  cpu: number[];
}

/**
 * Every EDM page of a list (`set` narrows it; "" for every record) made in this process, as the
 * route makes it: wall and CPU time of each.
 */
async function harvestInProcess(
  databasePath: string,
  origin: string,
  set: string,
): Promise<InProcess> {
  const db = openDatabase(databasePath);
  try {
    const context = {
      store: createHarvestStore(db.$client),
      key: readTokenKey(db),
      host: new URL(origin).hostname,
      origin,
      identity: { dataProvider: "Bench", provider: "Bench", adminEmail: "bench@example.org" },
    };
    const wall: number[] = [];
    const cpu: number[] = [];
    let query = `verb=ListRecords&metadataPrefix=edm${set ? `&set=${set}` : ""}`;
    for (;;) {
      const parsed = parseRequest([...new URLSearchParams(query)]);
      if (!parsed.ok) throw new Error(`not a request: ${query}`);
      const now = Date.now();
      const startedCpu = process.cpuUsage();
      const started = performance.now();
      const result = await runVerb(parsed.request, { ...context, now });
      if (!result.ok) throw new Error(`page ${wall.length + 1}: ${JSON.stringify(result.errors)}`);
      const document = verbDocument(
        { now, baseUrl: `${origin}/oai`, echo: parsed.echo },
        parsed.request.verb,
        result.body,
      );
      wall.push(performance.now() - started);
      const used = process.cpuUsage(startedCpu);
      cpu.push((used.user + used.system) / 1000);
      const token = /<resumptionToken[^>]*>([^<]+)</.exec(document)?.[1];
      if (!token) break;
      query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
    }
    return { wall, cpu };
  } finally {
    closeDatabase(db);
  }
}

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), "atlas-bench-harvesting-"));
  const databasePath = join(dir, "bench.db");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  console.log("generating 100,000 artifacts");
  const data = await generateBenchDatabase(databasePath, {
    sessions: 0,
    imageUrl: `${origin}/avatar-placeholder.svg`,
  });
  console.log(`generated in ${data.seconds.toFixed(0)} s`);
  // Every record, then by set (issue 32's collections): the bench's first collection holds 500.
  const lists: [string, string][] = [
    ["every record", ""],
    [`set=collection:{id} (a collection of 500)`, `collection:${FULL_COLLECTION_ID}`],
    ["set=collection (every public collection's)", "collection"],
  ];
  const inProcess: (InProcess & { list: string })[] = [];
  for (const [list, set] of lists) {
    const pages = await harvestInProcess(databasePath, origin, set);
    inProcess.push({ list, ...pages });
    console.log(
      `in process, ${list}: ${pages.wall.length} pages, p50 ${ms(percentile(pages.wall, 50))}, p99 ${ms(percentile(pages.wall, 99))}`,
    );
  }
  const server = await startServer({
    name: "the product",
    entry: SERVER_FROM_SOURCE,
    nodeOptions: serverNodeOptions(),
    port,
    env: {
      NODE_ENV: "production",
      DATABASE_PATH: databasePath,
      WEB_DIST_PATH: join(dir, "no-web-build"),
      SEED_DEMO_COLLECTION: "false",
      LOG_LEVEL: "warn",
      PUBLIC_ORIGIN: origin,
    },
    timeoutMs: 60_000,
  });
  const pid = server.child.pid!;
  try {
    const visited = `/artifacts/${data.sampleIds[0]}`;
    const dublinCore = await harvest(origin, pid, "oai_dc");
    console.log(harvestRowLine(dublinCore));
    const measuredHarvest = await measureHarvest(origin, pid, data.artifacts, visited);
    console.log(harvestRowLine(measuredHarvest.edm));
    const report = [
      "# Harvesting benchmark (issue 34)",
      "",
      `Written by \`pnpm bench:harvesting\` (apps/api/bench/harvesting.ts) on ${new Date().toISOString().slice(0, 10)}: ` +
        `${os.cpus().length} cores shared with other work (load average ${os.loadavg()[0]!.toFixed(1)} as it ended), ` +
        `the bench collection of ${data.artifacts.toLocaleString("en-US")} public artifacts. ` +
        `The issue asks that no page of a full harvest take more than ${PAGE_P99_BOUND_MS} ms at p99.`,
      "",
      "## A page's own cost",
      "",
      "Every page of an EDM harvest made as the route makes it (the verb and the XML), without " +
        "HTTP, in the benchmark's own process before the server starts: the whole collection, and " +
        "by set (10,000 collections, 70% of them public). CPU time is the process's own, so the " +
        "machine's other work does not count in it; wall time does.",
      "",
      "| list | pages | wall p50 | wall p99 | wall slowest | CPU p50 | CPU p99 | CPU slowest |",
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...inProcess.map(
        ({ list, wall, cpu }) =>
          `| ${list} | ${wall.length} | ${ms(percentile(wall, 50))} | ${ms(percentile(wall, 99))} | ${ms(Math.max(...wall))} | ` +
          `${ms(percentile(cpu, 50))} | ${ms(percentile(cpu, 99))} | ${ms(Math.max(...cpu))} |`,
      ),
      "",
      "## Over HTTP",
      "",
      "The server from its source with npm start's heap cap; whole ListRecords harvests in pages of " +
        "100, one page after another as harvesters ask, the server's resident memory read after " +
        "every page. Times are the client's, on loopback.",
      "",
      ...HARVEST_TABLE_HEAD,
      harvestRowLine(dublinCore),
      ...renderHarvestTables(measuredHarvest).slice(HARVEST_TABLE_HEAD.length),
    ].join("\n");
    await writeMarkdownReport(REPORT, report);
    console.log(report);
  } finally {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
