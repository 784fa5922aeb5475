import { DEFAULT_WORK_BUDGET_MS_PER_MINUTE } from "../src/env";
import { serverRssMb } from "./open-data-measure";

/*
 * Issue 34's harvest measured against a running server: a whole ListRecords harvest in pages of
 * 100, one page after another as harvesters ask, with the server's resident memory after every
 * page; a visitor asking for an artifact every 50 ms, idle and during the harvest; the Atom feed,
 * fresh and conditional. Used by `pnpm bench` (its "Harvesting" section) and by
 * `pnpm bench:harvesting` (harvesting.ts), which measures more around it.
 */

/** The bound for any page of a full harvest. */
export const PAGE_P99_BOUND_MS = 50;
const FEED_REQUESTS = 300;
const VISITOR_EVERY_MS = 50;
const IDLE_VISITOR_MS = 5_000;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

/** Requests' times as the client saw them. */
export interface Timings {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than the one expected. */
  failed: number;
}

function timings(values: number[], failed = 0): Timings {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
    failed,
  };
}

/** A visitor asking for `url` every VISITOR_EVERY_MS until stopped. */
function visitor(url: string) {
  const waits: number[] = [];
  let failed = 0;
  let done = false;
  const running = (async () => {
    while (!done) {
      const answer = await timed(url);
      waits.push(answer.ms);
      if (answer.status !== 200) failed += 1;
      await new Promise((wait) => setTimeout(wait, VISITOR_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      done = true;
      await running;
      return timings(waits, failed);
    },
  };
}

export interface HarvestRow {
  format: string;
  records: number;
  seconds: number;
  megabytes: number;
  pages: Timings;
  slowPages: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** RSS over the second half of the harvest: flat when this is small. */
  rssSecondHalfSpread: number;
}

/** A whole ListRecords harvest in `format`, page after page, as a harvester takes it. */
export async function harvest(origin: string, pid: number, format: string): Promise<HarvestRow> {
  const pageMs: number[] = [];
  const rss: number[] = [serverRssMb(pid)];
  let records = 0;
  let bytes = 0;
  let query = `verb=ListRecords&metadataPrefix=${format}`;
  const started = performance.now();
  for (;;) {
    const page = await timed(`${origin}/oai?${query}`);
    if (page.status !== 200) throw new Error(`page ${pageMs.length + 1}: ${page.status}`);
    pageMs.push(page.ms);
    rss.push(serverRssMb(pid));
    bytes += Buffer.byteLength(page.body);
    records += page.body.split("<record>").length - 1;
    const token = /<resumptionToken[^>]*>([^<]+)</.exec(page.body)?.[1];
    if (!token) break;
    query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
  }
  const secondHalf = rss.slice(Math.floor(rss.length / 2));
  return {
    format,
    records,
    seconds: (performance.now() - started) / 1000,
    megabytes: bytes / 1e6,
    pages: timings(pageMs),
    slowPages: pageMs.filter((value) => value > PAGE_P99_BOUND_MS).length,
    rssStart: rss[0]!,
    rssPeak: Math.max(...rss),
    rssEnd: rss[rss.length - 1]!,
    rssSecondHalfSpread: Math.max(...secondHalf) - Math.min(...secondHalf),
  };
}

export interface HarvestBench {
  artifacts: number;
  edm: HarvestRow;
  visitorIdle: Timings;
  visitorDuringHarvest: Timings;
  feedBytes: number;
  feed: Timings;
  feedNotModified: Timings;
  typeFeed: Timings;
}

/** The EDM harvest with a visitor beside it, then the feeds; `visited` is a public path. */
export async function measureHarvest(
  origin: string,
  pid: number,
  artifacts: number,
  visited: string,
): Promise<HarvestBench> {
  // Warm up: the statements, the page cache, the JIT.
  for (let i = 0; i < 20; i += 1) await timed(`${origin}${visited}`);
  await timed(`${origin}/oai?verb=ListRecords&metadataPrefix=edm`);

  const idle = visitor(`${origin}${visited}`);
  await new Promise((wait) => setTimeout(wait, IDLE_VISITOR_MS));
  const visitorIdle = await idle.stop();
  const busy = visitor(`${origin}${visited}`);
  const edm = await harvest(origin, pid, "edm");
  const visitorDuringHarvest = await busy.stop();

  const feedUrl = `${origin}/feeds/artifacts.atom`;
  const first = await fetch(feedUrl);
  const etag = first.headers.get("etag") ?? "";
  const feedBytes = Buffer.byteLength(await first.text());
  const fresh: number[] = [];
  const notModified: number[] = [];
  const typed: number[] = [];
  let failed = 0;
  for (let i = 0; i < FEED_REQUESTS; i += 1) {
    const answer = await timed(feedUrl);
    if (answer.status !== 200) failed += 1;
    fresh.push(answer.ms);
    const unchanged = await timed(feedUrl, { "if-none-match": etag });
    if (unchanged.status !== 304) failed += 1;
    notModified.push(unchanged.ms);
    const type = await timed(`${origin}/feeds/artifacts/tools.atom`);
    if (type.status !== 200) failed += 1;
    typed.push(type.ms);
  }
  return {
    artifacts,
    edm,
    visitorIdle,
    visitorDuringHarvest,
    feedBytes,
    feed: timings(fresh, failed),
    feedNotModified: timings(notModified),
    typeFeed: timings(typed),
  };
}

const timingCells = (t: Timings) => `${ms(t.p50)} | ${ms(t.p99)} | ${ms(t.max)}`;

export function harvestRowLine(row: HarvestRow): string {
  return (
    `| ${row.format} | ${row.pages.count} | ${row.records.toLocaleString("en-US")} | ${row.seconds.toFixed(1)} s | ` +
    `${row.megabytes.toFixed(0)} | ${timingCells(row.pages)} | ${row.slowPages} | ` +
    `${row.rssStart.toFixed(0)} / ${row.rssPeak.toFixed(0)} / ${row.rssEnd.toFixed(0)} | ${row.rssSecondHalfSpread.toFixed(0)} |`
  );
}

export const HARVEST_TABLE_HEAD = [
  `| format | pages | records | total | MB | page p50 | page p99 | slowest | pages over ${PAGE_P99_BOUND_MS} ms | RSS start / peak / end MB | RSS spread, 2nd half MB |`,
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
];

/** The harvest, the visitor and the feeds as tables (docs/benchmarks.md and -harvesting.md). */
export function renderHarvestTables(result: HarvestBench): string[] {
  const perPage = (result.edm.seconds * 1000) / result.edm.pages.count;
  return [
    ...HARVEST_TABLE_HEAD,
    harvestRowLine(result.edm),
    "",
    `A visitor asking for an artifact every ${VISITOR_EVERY_MS} ms:`,
    "",
    "| visitor | requests | p50 | p99 | slowest | not 200 |",
    "|---|---:|---:|---:|---:|---:|",
    `| idle server | ${result.visitorIdle.count} | ${timingCells(result.visitorIdle)} | ${result.visitorIdle.failed} |`,
    `| during the EDM harvest | ${result.visitorDuringHarvest.count} | ${timingCells(result.visitorDuringHarvest)} | ${result.visitorDuringHarvest.failed} |`,
    "",
    `The Atom feed (${(result.feedBytes / 1000).toFixed(0)} kB), ${result.feed.count} requests of each, one after another:`,
    "",
    "| request | p50 | p99 | slowest |",
    "|---|---:|---:|---:|",
    `| \`/feeds/artifacts.atom\`, 200 | ${timingCells(result.feed)} |`,
    `| the same with If-None-Match, 304 | ${timingCells(result.feedNotModified)} |`,
    `| \`/feeds/artifacts/tools.atom\`, 200 | ${timingCells(result.typeFeed)} |`,
    "",
    `- Within the budget of work: an EDM page took at most ${ms(perPage)} on average as the ` +
      `client saw it, so the default budget (${DEFAULT_WORK_BUDGET_MS_PER_MINUTE.toLocaleString("en-US")} ms ` +
      `a minute per client) lets one harvester take at least ${Math.floor(DEFAULT_WORK_BUDGET_MS_PER_MINUTE / perPage)} ` +
      `pages a minute: the whole collection in at most ${Math.ceil(result.edm.pages.count / Math.floor(DEFAULT_WORK_BUDGET_MS_PER_MINUTE / perPage))} ` +
      "minutes, told to wait by 503 and Retry-After in between (decision 117).",
    "",
  ];
}

/** The "Harvesting" section of docs/benchmarks.md. */
export function renderHarvest(result: HarvestBench | undefined): string[] {
  if (!result) return [];
  return [
    "## Harvesting (OAI-PMH and the Atom feed)",
    "",
    `A whole ListRecords harvest of the collection (${result.artifacts.toLocaleString("en-US")} artifacts) in EDM, ` +
      "pages of 100 one after another, from the production server, with its resident memory after " +
      "every page (apps/api/bench/harvesting-measure.ts; `pnpm bench:harvesting` measures more: " +
      "oai_dc, and each page's own CPU time in process). Times are the client's, on loopback.",
    "",
    ...renderHarvestTables(result),
    `- Page p99 within ${PAGE_P99_BOUND_MS} ms (issue 34): ${ms(result.edm.pages.p99)} — ` +
      (result.edm.pages.p99 <= PAGE_P99_BOUND_MS ? "**met**" : "**missed**"),
    "",
  ];
}
