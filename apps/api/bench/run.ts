import { spawnSync } from "node:child_process";
import { writeMarkdownReport } from "./markdown-report";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { publicFirstLoads } from "../../web/e2e/first-load";
import {
  freePort,
  SERVER_FROM_BUILD,
  serverNodeOptions,
  startServer,
  stopServer,
  type ServerProcess,
} from "../test/support/server-process";
import { generateBenchDatabase } from "./generate";
import { measureExports } from "./open-data-measure";
import { measureHarvest } from "./harvesting-measure";
import { measureServiceLatency } from "./latency";
import { LIGHTHOUSE_PATHS, runLighthouse } from "./lighthouse";
import { median, runLoad, scenarios, type RunResult, type Scenario } from "./load";
import { renderReport, type BenchReport } from "./report";
import { FINDINGS } from "./findings";
import {
  measureUploads,
  renderUploads,
  signUpForUploads,
  UPLOAD_BENCH,
  uploadOne,
} from "./uploads";

/*
 * `pnpm bench`: builds what is stale, generates the large collection into a temporary database,
 * measures the queries in-process, starts the production server and the two ceilings, loads each
 * with autocannon on loopback (interleaved rounds, medians), runs Lighthouse, and writes
 * docs/benchmarks.md. About five minutes on two cores.
 */

const API = resolve(import.meta.dirname, "..");
const ROOT = resolve(API, "../..");
const WEB = join(ROOT, "apps/web");

const settings = {
  runs: Number(process.env.BENCH_RUNS ?? 5),
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  /** A typical search: about 2.5% of the generated names contain it. */
  search: "astrolabe",
};
/** Signed-in bench users for like-then-unlike: enough that none meets the per-user write limit. */
const SESSIONS = 1_000;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** The newest modification time under `paths` (files or folders), skipping build output. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry !== "node_modules" && entry !== "dist") visit(join(path, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

function builtAt(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function runOrFail(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

const npmDependencies = Object.keys(
  (
    JSON.parse(readFileSync(join(API, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    }
  ).dependencies,
).filter((name) => !name.startsWith("@artifact-atlas/"));

/** The production builds, when a source is newer than the build; the ceilings always (fast). */
async function buildIfNeeded(): Promise<void> {
  const shared = join(ROOT, "packages/shared/src");
  const webSources = [join(WEB, "src"), join(WEB, "public"), join(WEB, "index.html"), shared];
  webSources.push(join(WEB, "vite.config.ts"));
  if (newestChange(webSources) > builtAt(join(WEB, "dist/.vite/manifest.json"))) {
    log("building the web app");
    runOrFail("pnpm", ["--filter", "@artifact-atlas/web", "build"], ROOT);
  }
  if (newestChange([join(API, "src"), shared]) > builtAt(join(API, "dist/server.js"))) {
    log("building the server");
    runOrFail("node", ["build.mjs"], API);
  }
  await build({
    entryPoints: [join(API, "bench/ceilings.ts")],
    outfile: join(API, "dist/bench/ceilings.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node26",
    // As build.mjs: npm packages load from node_modules, our shared package (TypeScript) is bundled.
    external: npmDependencies.flatMap((name) => [name, `${name}/*`]),
    logLevel: "warning",
  });
}

/** A benchmarked server gets longer to start than a test's: it opens the large collection. */
const START_TIMEOUT_MS = 120_000;

const REPORT = join(ROOT, "docs/benchmarks.md");
/** The measurements of the last run, so that the findings can be edited without measuring again. */
const LAST_RUN = join(API, "dist/bench/last-run.json");

async function writeReport(report: BenchReport): Promise<void> {
  await writeMarkdownReport(REPORT, renderReport(report, FINDINGS));
}

/**
 * `pnpm bench --uploads`: only the upload rows, against the production server on an empty
 * database (a minute instead of six), written into docs/benchmarks.md in place of the last ones.
 */
async function benchUploadsOnly(): Promise<void> {
  await buildIfNeeded();
  const dir = mkdtempSync(join(os.tmpdir(), "atlas-bench-uploads-"));
  let app: ServerProcess | undefined;
  try {
    app = await startServer({
      name: "the product",
      entry: SERVER_FROM_BUILD,
      nodeOptions: serverNodeOptions(),
      port: await freePort(),
      env: {
        NODE_ENV: "production",
        DATABASE_PATH: join(dir, "bench.db"),
        WEB_DIST_PATH: join(WEB, "dist"),
        SEED_DEMO_COLLECTION: "false",
        LOG_LEVEL: "warn",
      },
      timeoutMs: START_TIMEOUT_MS,
    });
    log(`uploading ${UPLOAD_BENCH.images} large images in a row`);
    const uploads = await measureUploads(
      app.url,
      await signUpForUploads(app.url),
      app.child.pid as number,
      join(dir, "images"),
    );
    log(JSON.stringify(uploads));
    const section = renderUploads(uploads).join("\n");
    const current = readFileSync(REPORT, "utf8");
    const without = current.replace(/## Image uploads[\s\S]*?(?=\n## )\n/, "");
    const updated = without.replace("## Targets", `${section}\n## Targets`);
    await writeMarkdownReport(REPORT, updated);
    log(`wrote the upload rows into ${REPORT}`);
  } finally {
    if (app) await stopServer(app);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes("--uploads")) {
    await benchUploadsOnly();
    return;
  }
  if (process.argv.includes("--render")) {
    // `pnpm bench --render`: docs/benchmarks.md again from the last run, with the current findings.
    const report = JSON.parse(readFileSync(LAST_RUN, "utf8")) as BenchReport;
    report.startedAt = new Date(report.startedAt);
    await writeReport(report);
    log(`wrote ${REPORT} from ${LAST_RUN}`);
    return;
  }
  const started = performance.now();
  const startedAt = new Date();
  const loadAverage = os.loadavg();
  await buildIfNeeded();

  const dir = mkdtempSync(join(os.tmpdir(), "atlas-bench-"));
  const servers: ServerProcess[] = [];
  try {
    const [appPort, quietPort, restPort, floorPort, trpcPort, chromePort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const appOrigin = `http://127.0.0.1:${appPort}`;
    const databasePath = join(dir, "bench.db");
    log("generating 100,000 artifacts, 10,000 users and 1,000,000 likes");
    // Images on the product's own origin: this machine has no network, and an unreachable image
    // host would only measure failed lookups in Lighthouse.
    const data = await generateBenchDatabase(databasePath, {
      sessions: SESSIONS,
      imageUrl: `${appOrigin}/avatar-placeholder.svg`,
    });
    log(`generated in ${data.seconds.toFixed(1)} s (${(data.fileBytes / 1e6).toFixed(0)} MB)`);

    log("measuring the service functions in-process");
    const latency = measureServiceLatency(databasePath, data.sampleIds[0] as number, {
      iterations: 2_000,
      budgetMs: 2_000,
    });

    let logBytes = 0;
    const productEnv = {
      NODE_ENV: "production",
      DATABASE_PATH: databasePath,
      WEB_DIST_PATH: join(WEB, "dist"),
      SEED_DEMO_COLLECTION: "false",
      LOG_LEVEL: "info",
    };
    const app = await startServer({
      name: "the product",
      entry: SERVER_FROM_BUILD,
      nodeOptions: serverNodeOptions(),
      port: appPort,
      env: productEnv,
      // The product's JSON log lines go to a pipe that is read, as a log collector would.
      onStdout: (chunk) => {
        logBytes += chunk.length;
      },
      timeoutMs: START_TIMEOUT_MS,
    });
    servers.push(app);
    // The same server without request log lines, on the same database: what logging costs.
    const quiet = await startServer({
      name: "the product, LOG_LEVEL=warn",
      entry: SERVER_FROM_BUILD,
      nodeOptions: serverNodeOptions(),
      port: quietPort,
      env: { ...productEnv, LOG_LEVEL: "warn" },
      timeoutMs: START_TIMEOUT_MS,
    });
    servers.push(quiet);
    const sampleId = data.sampleIds[0] as number;
    const sample = await (await fetch(`${app.url}/artifacts/${sampleId}`)).text();
    const trpcSample = (await (
      await fetch(
        `${app.url}/trpc/artifacts.byId?input=${encodeURIComponent(`{"id":${sampleId}}`)}`,
      )
    ).json()) as { result: { data: unknown } };
    const ceiling = (name: string, mode: string, port: number, response: string) => ({
      name,
      entry: ["apps/api/dist/bench/ceilings.js", mode, String(port), response],
      port,
      env: { NODE_ENV: "production" },
      timeoutMs: START_TIMEOUT_MS,
    });
    const restCeiling = await startServer(ceiling("bare Fastify", "rest", restPort, sample));
    servers.push(restCeiling);
    const restFloor = await startServer({
      ...ceiling("REST floor", "rest-floor", floorPort, sample),
      // Its access lines go to a pipe that is read, as the product's do.
      onStdout: () => {},
    });
    servers.push(restFloor);
    const trpcCeiling = await startServer(
      ceiling("do-nothing tRPC", "trpc", trpcPort, JSON.stringify(trpcSample.result.data)),
    );
    servers.push(trpcCeiling);
    const origins = {
      app: app.url,
      appQuiet: quiet.url,
      restCeiling: restCeiling.url,
      restFloor: restFloor.url,
      trpcCeiling: trpcCeiling.url,
    };

    const uploader = await signUpForUploads(app.url);
    const list = scenarios(
      data.sampleIds,
      data.sessionCookies,
      settings.search,
      data.artifacts,
      await uploadOne(app.url, uploader),
    );
    const results = new Map<Scenario, RunResult[]>(list.map((scenario) => [scenario, []]));
    const load = (scenario: Scenario, seconds: number) =>
      runLoad(origins[scenario.server], scenario, {
        connections: settings.connections,
        seconds,
        ...(scenario.server === "app" ? { watchPid: app.child.pid as number } : {}),
      });
    log("warming up");
    for (const scenario of list) await load(scenario, 1);
    for (let round = 1; round <= settings.runs; round += 1) {
      for (const scenario of list) {
        const result = await load(scenario, settings.seconds);
        results.get(scenario)?.push(result);
        log(
          `round ${round}/${settings.runs} ${scenario.name}: ${result.rps.toFixed(0)} req/s, ` +
            `p99 ${result.p99} ms, ${result.errors} errors`,
        );
      }
    }
    for (const [scenario, runs] of results) {
      log(`${scenario.name}: median ${median(runs.map((run) => run.rps)).toFixed(0)} req/s`);
    }

    log(`uploading ${UPLOAD_BENCH.images} large images in a row`);
    // The server's images folder: IMAGES_DIR's default, beside the database.
    const imagesDir = join(dirname(databasePath), "images");
    const uploads = await measureUploads(app.url, uploader, app.child.pid as number, imagesDir);
    log(`uploads: ${uploads.seconds.toFixed(1)} s, RSS peak ${uploads.rssPeakMb.toFixed(0)} MB`);

    log("exporting the whole collection as CSV and JSON-LD");
    const openData = await measureExports(app.url, app.child.pid as number, data.artifacts);
    log(
      `exports: ${openData.rows.map((row) => `${row.seconds.toFixed(1)} s, RSS peak ${row.peakRssMb.toFixed(0)} MB`).join("; ")}`,
    );

    log("harvesting the whole collection over OAI-PMH, then the Atom feed");
    const harvesting = await measureHarvest(
      app.url,
      app.child.pid as number,
      data.artifacts,
      `/artifacts/${data.sampleIds[0]}`,
    );
    log(`harvest: EDM page p99 ${harvesting.edm.pages.p99.toFixed(1)} ms`);

    log("running Lighthouse");
    const lighthouse = await runLighthouse(app.url, CHROME_PATH, chromePort, [
      ...LIGHTHOUSE_PATHS,
      `/a/${data.sampleIds[0]}`,
    ]);
    if ("skipped" in lighthouse) log(`Lighthouse skipped: ${lighthouse.skipped}`);

    let bundle: BenchReport["bundle"];
    try {
      bundle = publicFirstLoads(join(WEB, "dist")).map((page) => ({
        path: page.path,
        gzipKb: page.gzipBytes / 1000,
        files: page.files,
      }));
    } catch (error) {
      bundle = { skipped: error instanceof Error ? error.message : String(error) };
    }

    const report: BenchReport = {
      startedAt,
      machine: {
        cores: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? "unknown",
        memoryGb: os.totalmem() / 1024 ** 3,
        node: process.version,
        os: `${os.type()} ${os.release()} (${os.arch()})`,
        loadAverage,
      },
      settings,
      data: {
        artifacts: data.artifacts,
        users: data.users,
        likes: data.likes,
        revisions: data.revisions,
        seconds: data.seconds,
        fileMb: data.fileBytes / 1e6,
        sessions: data.sessionCookies.length,
      },
      load: [...results].map(([scenario, runs]) => ({ scenario, runs })),
      latency,
      lighthouse,
      bundle,
      logBytes,
      durationSeconds: (performance.now() - started) / 1000,
      uploads,
      openData,
      harvesting,
    };
    writeFileSync(LAST_RUN, JSON.stringify(report));
    await writeReport(report);
    log(`wrote ${REPORT} in ${report.durationSeconds.toFixed(0)} s`);
  } finally {
    await Promise.all(servers.map(stopServer));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
