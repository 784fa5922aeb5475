import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import {
  chromium,
  errors,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";

/**
 * Debian's Chromium headless shell, the build Playwright itself runs headless; nothing is
 * downloaded (see scripts/ensure-debian-packages.sh). The same walk of every route took 75 s in it
 * and 100 s in the full browser, with less of the cores busy (decision 124).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const SCREENSHOT_DIR = resolve(import.meta.dirname, "../../../../test-results/screenshots");

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface ContextOptions {
  /** Viewport width in CSS pixels (default 1280, a laptop; 390 is a phone). */
  width?: number;
  /** Stored under `theme` before any page script runs, as a returning visitor would have it. */
  theme?: "light" | "dark";
  /** A still carousel and no transitions, for stable pictures. */
  reducedMotion?: boolean;
}

/** How long a screen may take to show what it should, and any step in a page. */
export const SCREEN_TIMEOUT_MS = 10_000;

/** Playwright keeps only the steps of its wait below a fifth of the time allowed: 100 ms here. */
const LOOK_EVERY_100_MS = 2_000;

/**
 * Waits until the locator's first match is visible, as locator.waitFor does, looking every 100 ms.
 * Playwright's own wait looks at 0, 20, 70, 170 and 270 ms, then only every 500 ms, so a screen
 * ready at 300 ms was seen at 770 ms; waits of 2 s in a row keep its steps at 100 ms or less.
 */
export async function shown(locator: Locator, timeoutMs = SCREEN_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    try {
      await locator
        .first()
        .waitFor({ state: "visible", timeout: Math.min(left, LOOK_EVERY_100_MS) });
      return;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || left <= LOOK_EVERY_100_MS) throw error;
    }
  }
}

/** Reads a popup, then presses its OK button and waits until it has gone. */
export async function dismiss(page: Page, title: string, text: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await shown(dialog);
  await shown(dialog.getByText(text, { exact: true }));
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.waitFor({ state: "hidden" });
}

/**
 * A fresh browser profile (no cookies, no storage). Other hosts (the seed's image URLs) cannot be
 * reached from a test box: they fail at once, as a dead link would, rather than waiting on DNS.
 * The app itself and a local OpenID provider stay reachable.
 */
export async function newContext(
  browser: Browser,
  { width = 1280, theme, reducedMotion = false }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
    deviceScaleFactor: 1,
    reducedMotion: reducedMotion ? "reduce" : "no-preference",
  });
  // A screen that has not shown what it should within 10 s is broken: fail with a clear step.
  context.setDefaultTimeout(SCREEN_TIMEOUT_MS);
  await context.route(
    (url) => !LOCAL_HOSTS.has(url.hostname),
    (route) => route.abort(),
  );
  if (theme) {
    await context.addInitScript((value) => {
      window.localStorage.setItem("theme", value);
    }, theme);
  }
  return context;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/**
 * A page whose uncaught errors and console errors fail the test: an unexpected console.error is a
 * bug. Failed loads of external images are expected here (no network), so only those are ignored.
 */
export async function openPage(
  context: BrowserContext,
): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    const source = message.location().url;
    const external = source !== "" && !LOCAL_HOSTS.has(hostnameOf(source));
    if (text.startsWith("Failed to load resource") && external) return;
    problems.push(`console.error: ${text}`);
  });
  return { page, problems };
}

/**
 * Takes out of `problems` the console errors a test provoked on purpose (a refused login is
 * logged, by the spec), and answers how many there were, so the test can insist on them.
 */
export function expectedProblems(problems: string[], pattern: RegExp): number {
  const kept = problems.filter((problem) => !pattern.test(problem));
  const taken = problems.length - kept.length;
  problems.splice(0, problems.length, ...kept);
  return taken;
}

/**
 * A picture of the whole page, from the top: the sticky header is drawn where the page is
 * scrolled to, so a screen scrolled to reach a button showed its header over the middle of the
 * picture and none at the top.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The document's theme as a person's browser has it applied and stored. */
export async function themeState(page: Page) {
  return page.evaluate(() => ({
    dataTheme: document.documentElement.getAttribute("data-theme"),
    darkClass: document.documentElement.classList.contains("dark"),
    stored: window.localStorage.getItem("theme"),
  }));
}
