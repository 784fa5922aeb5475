import { rssMb } from "./load";

/*
 * Issue 21's exports measured against a running production server: the resident memory while it
 * streams the whole collection. Used by `pnpm bench` (its "Open data" section) and by
 * `pnpm bench:open-data` (open-data.ts), which measures more around it.
 */

/** systemd's MemoryHigh for the server (docs/operations.md): the budget RSS must stay under. */
export const OPEN_DATA_MEMORY_HIGH_MB = 384;

/** The server's VmRSS in MB (0 once it is gone). */
export function serverRssMb(pid: number): number {
  return rssMb(pid) ?? 0;
}

/** Runs `work` while sampling the server's RSS every 20 ms; answers its bytes, time and the peak. */
export async function measured(pid: number, work: () => Promise<number>) {
  let peak = serverRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, serverRssMb(pid))), 20);
  const started = performance.now();
  try {
    const bytes = await work();
    return { seconds: (performance.now() - started) / 1000, megabytes: bytes / 1e6, peak };
  } finally {
    clearInterval(timer);
  }
}

/** Reads an answer to the end, counting its bytes without keeping them. */
export async function drain(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  }
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return bytes;
}

export interface ExportRow {
  what: string;
  megabytes: number;
  seconds: number;
  peakRssMb: number;
}

export interface OpenDataBench {
  artifacts: number;
  rssBeforeMb: number;
  rows: ExportRow[];
}

/** One CSV and one JSON-LD export of the whole collection, one after the other. */
export async function measureExports(
  origin: string,
  pid: number,
  artifacts: number,
): Promise<OpenDataBench> {
  const rssBeforeMb = serverRssMb(pid);
  const rows: ExportRow[] = [];
  for (const [format, label] of [
    ["csv", "CSV"],
    ["json", "JSON-LD"],
  ] as const) {
    const result = await measured(pid, () => drain(`${origin}/export?format=${format}`));
    rows.push({
      what: `GET /export?format=${format} (${label}, every artifact)`,
      megabytes: result.megabytes,
      seconds: result.seconds,
      peakRssMb: result.peak,
    });
  }
  return { artifacts, rssBeforeMb, rows };
}

/** The "Open data" section of docs/benchmarks.md. */
export function renderOpenData(result: OpenDataBench | undefined): string[] {
  if (!result) return [];
  const peak = Math.max(...result.rows.map((row) => row.peakRssMb));
  return [
    "## Open data (GET /export)",
    "",
    `The whole collection (${result.artifacts.toLocaleString("en-US")} artifacts) exported by one ` +
      "client reading as fast as it can, from the production server, sampling its resident memory " +
      "every 20 ms (apps/api/bench/open-data-measure.ts; `pnpm bench:open-data` measures more: " +
      "exports at once, the sitemap, the import, load shedding after each). RSS before is what " +
      "the earlier sections left resident (the uploads run just before); the growth is the export's own.",
    "",
    "| export | MB | seconds | MB/s | RSS before MB | RSS peak MB | growth MB |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...result.rows.map(
      (row) =>
        `| ${row.what} | ${row.megabytes.toFixed(1)} | ${row.seconds.toFixed(1)} | ` +
        `${(row.megabytes / row.seconds).toFixed(1)} | ${result.rssBeforeMb.toFixed(0)} | ` +
        `${row.peakRssMb.toFixed(0)} | ${(row.peakRssMb - result.rssBeforeMb).toFixed(0)} |`,
    ),
    "",
    `- Server RSS while exporting stays under its memory budget (systemd MemoryHigh ` +
      `${OPEN_DATA_MEMORY_HIGH_MB} MB): ${peak.toFixed(0)} MB at the peak — ` +
      (peak < OPEN_DATA_MEMORY_HIGH_MB ? "**met**" : "**missed**"),
    "",
  ];
}
