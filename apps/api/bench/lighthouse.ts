import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as Lighthouse from "lighthouse";

/** Lighthouse 12's scores for one page and form factor (0-100; layout shift as measured). */
export interface LighthouseRow {
  path: string;
  formFactor: "desktop" | "mobile";
  performance: number;
  accessibility: number;
  bestPractices: number;
  cumulativeLayoutShift: number;
  /** Why Lighthouse could not measure the page, when it could not (the scores are then 0). */
  error: string | null;
}

/** The pages every run measures; `pnpm bench` adds an artifact's public page (/a/{id}). */
export const LIGHTHOUSE_PATHS = ["/", "/allartifacts", "/login"] as const;

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
];

async function waitForDevtools(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("Chromium did not open its DevTools port");
}

/**
 * Runs Lighthouse (desktop and mobile settings) on each page of `origin` in headless Chromium.
 * Answers why it did not run instead of throwing when Lighthouse or Chromium is missing.
 */
export async function runLighthouse(
  origin: string,
  chromePath: string,
  port: number,
  paths: readonly string[] = LIGHTHOUSE_PATHS,
): Promise<LighthouseRow[] | { skipped: string }> {
  if (!existsSync(chromePath)) return { skipped: `no Chromium at ${chromePath}` };
  let lighthouse: typeof Lighthouse;
  try {
    lighthouse = await import("lighthouse");
  } catch {
    return { skipped: "lighthouse is not installed" };
  }
  return withChromium(chromePath, port, async () => {
    const rows: LighthouseRow[] = [];
    for (const formFactor of ["desktop", "mobile"] as const) {
      for (const path of paths) {
        const audit = async () =>
          (
            await lighthouse.default(
              `${origin}${path}`,
              {
                port,
                output: "json",
                logLevel: "error",
                onlyCategories: ["performance", "accessibility", "best-practices"],
              },
              formFactor === "desktop" ? lighthouse.desktopConfig : undefined,
            )
          )?.lhr;
        // A run that could not load the page (a timeout on a busy machine) is tried once more.
        let lhr = await audit();
        if (!lhr || lhr.runtimeError) lhr = await audit();
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        rows.push({
          path,
          formFactor,
          error: lhr.runtimeError?.message ?? null,
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          cumulativeLayoutShift: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        });
      }
    }
    return rows;
  });
}

/** Headless Chromium with its DevTools port open for `run`, closed and its profile removed after. */
async function withChromium<T>(
  chromePath: string,
  port: number,
  run: () => Promise<T>,
): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), "atlas-bench-chromium-"));
  const chrome = spawn(
    chromePath,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  try {
    await waitForDevtools(port);
    return await run();
  } finally {
    chrome.kill("SIGTERM");
    await new Promise((resolve) => chrome.once("exit", resolve));
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse's SEO category for one page (mobile settings, as search engines crawl). */
export interface SeoResult {
  score: number;
  /** The audits that did not pass, by id, with Lighthouse's title. */
  failing: string[];
}

/** Lighthouse's SEO score of `url` (0-100), for the public pages' test (issue 21). */
export async function lighthouseSeo(
  url: string,
  chromePath: string,
  port: number,
): Promise<SeoResult> {
  const lighthouse = await import("lighthouse");
  return withChromium(chromePath, port, async () => {
    const result = await lighthouse.default(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["seo"],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) {
      throw new Error(
        `Lighthouse could not audit ${url}: ${lhr?.runtimeError?.message ?? "no result"}`,
      );
    }
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
      )
      .map((audit) => `${audit.id}: ${audit.title}`);
    return { score: Math.round((lhr.categories.seo?.score ?? 0) * 100), failing };
  });
}
