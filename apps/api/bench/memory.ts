import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { median, residentMemory, runLoad, scenarios, type Scenario } from "./load";
import { KEPT_BENCH_DATABASE } from "./generate";
import { signUpForUploads, uploadOne } from "./uploads";
import {
  SERVER_FROM_BUILD,
  serverNodeOptions,
  startServer,
  stopServer,
  type ServerProcess,
} from "../test/support/server-process";

/*
 * `pnpm bench:memory`: where the server's resident memory under load goes, and what a Node option
 * or a malloc setting changes, side by side.
 *
 * Starts the built server (`pnpm build` first) as `pnpm bench` does, on a copy of the bench
 * collection (BENCH_DATABASE, /tmp/atlas-bench-queries.db by default: `pnpm bench:queries`
 * generates it), uploads one large photo as `pnpm bench` does before its reads, then loads it with
 * the bench's read scenarios (REST and tRPC, 50 connections) while sampling /proc/PID/status ten
 * times a second. At each new peak it splits the RSS by mapping (/proc/PID/smaps: the node binary,
 * libvips, other libraries, malloc's main arena, anonymous mappings) and reads V8's own heap figures
 * from a probe loaded with `--import` (memory-probe.mjs), so the anonymous part splits into V8's
 * heap and the rest (glibc's malloc: SQLite's page cache, libvips, Buffers). Each variant is a
 * fresh server; variants alternate within each round, and the report gives medians over rounds and
 * each variant's req/s as a ratio to the configured server's in the same round.
 *
 *   pnpm bench:memory [--rounds 3] [--seconds 3] [--passes 2] [--variants configured,no-growth]
 */

const API = resolve(import.meta.dirname, "..");
const ROOT = resolve(API, "../..");
const PROBE = join(API, "bench/memory-probe.mjs");
const MB = 1024 * 1024;
/** Linux's USER_HZ, the unit of /proc/PID/stat's CPU times (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

interface Variant {
  /** What the variant changes, as the report names it. */
  name: string;
  nodeOptions: string[];
  env: Record<string, string>;
  /** Upload one large photo before the reads, as `pnpm bench` does. */
  upload: boolean;
}

/** The configured options with `option` (e.g. `--max-semi-space-size=2`) in place of its kind. */
function withOption(option: string): string[] {
  const key = option.split("=")[0] as string;
  return [...serverNodeOptions().filter((given) => given.split("=")[0] !== key), option];
}

const configured = (name: string, change: Partial<Variant> = {}): Variant => ({
  name,
  nodeOptions: serverNodeOptions(),
  env: {},
  upload: true,
  ...change,
});

const VARIANTS: Record<string, Variant> = {
  configured: configured("as configured (package.json config)"),
  "no-upload": configured("no upload before the reads", { upload: false }),
  "semi-2": configured("--max-semi-space-size=2", {
    nodeOptions: withOption("--max-semi-space-size=2"),
  }),
  "semi-1": configured("--max-semi-space-size=1", {
    nodeOptions: withOption("--max-semi-space-size=1"),
  }),
  "no-growth": configured("without --heap-growing-percent", {
    nodeOptions: serverNodeOptions().filter(
      (option) => !option.startsWith("--heap-growing-percent"),
    ),
  }),
  "growth-100": configured("--heap-growing-percent=100", {
    nodeOptions: withOption("--heap-growing-percent=100"),
  }),
  "old-96": configured("--max-old-space-size=96", {
    nodeOptions: withOption("--max-old-space-size=96"),
  }),
  "mmap-threshold": configured("MALLOC_MMAP_THRESHOLD_=131072", {
    env: { MALLOC_MMAP_THRESHOLD_: "131072" },
  }),
  "trim-threshold": configured("MALLOC_TRIM_THRESHOLD_=131072", {
    env: { MALLOC_TRIM_THRESHOLD_: "131072" },
  }),
  "arena-1": configured("MALLOC_ARENA_MAX=1", { env: { MALLOC_ARENA_MAX: "1" } }),
  "single-threaded-gc": configured("--single-threaded-gc", {
    nodeOptions: [...serverNodeOptions(), "--single-threaded-gc"],
  }),
};

/** Resident memory by what holds it, in MB. */
type Parts = Record<string, number>;

interface Sample {
  rssMb: number;
  parts: Parts;
}

/** CPU time the process has used (all its threads: the garbage collector's too), in ms. */
function cpuMs(pid: number): number {
  // After the command's closing parenthesis: state is field 3, utime and stime fields 14 and 15.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Which part a mapping of /proc/PID/smaps belongs to, by its path. */
function partOf(path: string): string {
  if (path === "") return "anonymous mappings";
  if (path === "[heap]") return "malloc main arena ([heap])";
  if (path === "[stack]") return "main thread stack";
  if (path.startsWith("[")) return "kernel ([vdso], [vvar])";
  if (/sharp|libvips/.test(path)) return "libvips and sharp (files)";
  if (path.endsWith("/bin/node")) return "node binary (file)";
  if (/\.(db|db-shm|db-wal)$/.test(path)) return "database files";
  if (path.includes(".so") || path.endsWith(".node")) return "other libraries (files)";
  return "other files";
}

/** The process's RSS split by mapping (/proc/PID/smaps), in MB. */
function smapsParts(pid: number): Parts {
  const parts: Parts = {};
  let current = "anonymous mappings";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) current = partOf(header[1] ?? "");
    else if (line.startsWith("Rss:")) {
      const kb = Number(/(\d+)/.exec(line)?.[1] ?? 0);
      parts[current] = (parts[current] ?? 0) + kb / 1024;
    }
  }
  return parts;
}

/** V8's heap spaces (physical MB) and the anonymous memory that is not V8's heap. */
function probeParts(probeFile: string, anonMb: number): Parts {
  if (!existsSync(probeFile)) return {};
  const probe = JSON.parse(readFileSync(probeFile, "utf8")) as {
    spaces: Record<string, number>;
    external: number;
  };
  const space = (name: string) => (probe.spaces[name] ?? 0) / MB;
  const v8Total = Object.values(probe.spaces).reduce((sum, bytes) => sum + bytes, 0) / MB;
  return {
    "V8 new space": space("new_space"),
    "V8 old space": space("old_space"),
    "V8 code space": space("code_space"),
    "V8 large objects": space("lo_space") + space("code_lo_space"),
    "V8 other spaces": v8Total - space("new_space") - space("old_space") - space("code_space"),
    "anonymous, not V8's heap (malloc, stacks)": anonMb - v8Total,
    "of which Buffers and other external memory V8 knows of": probe.external / MB,
  };
}

interface VariantRun {
  peak: Sample;
  afterStartMb: number;
  afterUploadMb: number;
  /** req/s of each scenario, by name. */
  rps: Record<string, number>;
  /**
   * The server's CPU time per request of each scenario, in µs: unlike req/s, it hardly moves with
   * other work on a shared machine, and it includes the garbage collector's threads.
   */
  cpuUs: Record<string, number>;
  errors: number;
}

/** One fresh server of the variant: started, uploaded to, loaded; its peak and throughput. */
async function runVariant(
  variant: Variant,
  databasePath: string,
  dir: string,
  options: {
    seconds: number;
    connections: number;
    ids: number[];
    artifacts: number;
    passes: number;
  },
): Promise<VariantRun> {
  const probeFile = join(dir, "probe.json");
  rmSync(probeFile, { force: true });
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      name: variant.name,
      entry: SERVER_FROM_BUILD,
      nodeOptions: ["--import", PROBE, ...variant.nodeOptions],
      env: {
        NODE_ENV: "production",
        DATABASE_PATH: databasePath,
        WEB_DIST_PATH: join(ROOT, "apps/web/dist"),
        SEED_DEMO_COLLECTION: "false",
        LOG_LEVEL: "info",
        MEMORY_PROBE_FILE: probeFile,
        ...variant.env,
      },
      // The access lines go to a pipe that is read, as a log collector would.
      onStdout: () => {},
      timeoutMs: 120_000,
    });
    const pid = server.child.pid as number;
    const afterStartMb = residentMemory(pid)?.rss ?? Number.NaN;
    let imageFile: string | undefined;
    if (variant.upload) {
      imageFile = await uploadOne(server.url, await signUpForUploads(server.url));
    }
    const afterUploadMb = residentMemory(pid)?.rss ?? Number.NaN;

    let peak: Sample = { rssMb: 0, parts: {} };
    const sample = () => {
      const now = residentMemory(pid);
      // A new peak (by a MB or more) is taken apart; smaps is too slow to read ten times a second.
      if (!now || now.rss < peak.rssMb + 1) return;
      const parts = { ...smapsParts(pid), ...probeParts(probeFile, now.anon) };
      peak = {
        rssMb: now.rss,
        parts: { "RSS anonymous": now.anon, "RSS file-backed": now.file, ...parts },
      };
    };
    const timer = setInterval(sample, 100);
    const rps: Record<string, number> = {};
    const cpuUs: Record<string, number> = {};
    let errors = 0;
    try {
      // Several passes over the scenarios, as `pnpm bench` loads its server for minutes: the
      // high-water mark grows with the time under load. The last pass's figures count.
      for (let pass = 1; pass <= options.passes; pass += 1) {
        for (const scenario of readScenarios(options.ids, options.artifacts, imageFile)) {
          const cpuBefore = cpuMs(pid);
          const result = await runLoad(server.url, scenario, options);
          rps[scenario.name] = result.rps;
          cpuUs[scenario.name] = ((cpuMs(pid) - cpuBefore) * 1000) / result.requests;
          errors += result.errors;
        }
      }
      sample();
    } finally {
      clearInterval(timer);
    }
    return { peak, afterStartMb, afterUploadMb, rps, cpuUs, errors };
  } finally {
    if (server) await stopServer(server);
  }
}

/** The product's read scenarios of `pnpm bench` (its likes need sessions this database lacks). */
function readScenarios(ids: number[], artifacts: number, imageFile?: string): Scenario[] {
  return scenarios(ids, [], "astrolabe", artifacts, imageFile).filter(
    (scenario) => scenario.server === "app" && scenario.requests[0]?.method === "GET",
  );
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

function report(variants: Variant[], runs: Map<Variant, VariantRun[]>): void {
  const first = variants[0] as Variant;
  const baseline = runs.get(first) as VariantRun[];
  console.log(`\nMedians over ${baseline.length} rounds; req/s ratios to "${first.name}":\n`);
  const scenarioNames = Object.keys(baseline[0]?.rps ?? {});
  for (const variant of variants) {
    const own = runs.get(variant) as VariantRun[];
    console.log(`## ${variant.name}`);
    console.log(
      `peak RSS ${own.map((run) => fixed(run.peak.rssMb)).join(", ")} MB (median ` +
        `${fixed(median(own.map((run) => run.peak.rssMb)))}); after start ` +
        `${fixed(median(own.map((run) => run.afterStartMb)))}, after the upload ` +
        `${fixed(median(own.map((run) => run.afterUploadMb)))}; errors ${own.reduce((sum, run) => sum + run.errors, 0)}`,
    );
    const partNames = Object.keys(own[0]?.peak.parts ?? {});
    for (const part of partNames) {
      const values = own.map((run) => run.peak.parts[part] ?? 0);
      console.log(`  ${part.padEnd(56)} ${fixed(median(values), 1).padStart(6)} MB`);
    }
    for (const name of scenarioNames) {
      if (!(name in (own[0]?.rps ?? {}))) continue;
      const ratios = own.map(
        (run, round) => (run.rps[name] ?? 0) / (baseline[round]?.rps[name] ?? 1),
      );
      const cpuRatios = own.map(
        (run, round) => (run.cpuUs[name] ?? 0) / (baseline[round]?.cpuUs[name] ?? 1),
      );
      const rps = median(own.map((run) => run.rps[name] ?? 0));
      const cpu = median(own.map((run) => run.cpuUs[name] ?? 0));
      console.log(
        `  ${name.slice(0, 56).padEnd(56)} ${fixed(rps).padStart(6)} req/s (ratio ` +
          `${fixed(median(ratios), 2)}), CPU ${fixed(cpu).padStart(4)} µs/request (ratio ` +
          `${fixed(median(cpuRatios), 2)})`,
      );
    }
    console.log("");
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "3" },
      seconds: { type: "string", default: "3" },
      passes: { type: "string", default: "2" },
      variants: { type: "string", default: "configured,no-upload" },
    },
  });
  const variants = (values.variants as string).split(",").map((key) => {
    const variant = VARIANTS[key];
    if (!variant)
      throw new Error(`unknown variant ${key}; known: ${Object.keys(VARIANTS).join(", ")}`);
    return variant;
  });
  const source = KEPT_BENCH_DATABASE;
  if (!existsSync(source))
    throw new Error(`no bench database at ${source}: run pnpm bench:queries`);
  if (!existsSync(join(API, "dist/server.js"))) throw new Error("no server build: run pnpm build");
  const dir = mkdtempSync(join(os.tmpdir(), "atlas-memory-"));
  try {
    // A copy: the servers migrate it, sign up and upload.
    const databasePath = join(dir, "bench.db");
    copyFileSync(source, databasePath);
    const artifacts = 100_000;
    const ids = Array.from({ length: 512 }, (_, index) => 1 + ((index * 7919) % artifacts));
    const runs = new Map<Variant, VariantRun[]>(variants.map((variant) => [variant, []]));
    const rounds = Number(values.rounds);
    for (let round = 1; round <= rounds; round += 1) {
      for (const variant of variants) {
        const run = await runVariant(variant, databasePath, dir, {
          seconds: Number(values.seconds),
          connections: 50,
          ids,
          artifacts,
          passes: Number(values.passes),
        });
        runs.get(variant)?.push(run);
        console.log(
          `[memory] round ${round}/${rounds} ${variant.name}: peak ${fixed(run.peak.rssMb)} MB, ` +
            `after start ${fixed(run.afterStartMb)}, after upload ${fixed(run.afterUploadMb)}`,
        );
      }
    }
    report(variants, runs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
