import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium; nothing is downloaded (see scripts/ensure-chromium.sh). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    const external = source !== "" && !source.startsWith("http://localhost");
    if (text.startsWith("Failed to load resource") && external) return;
    problems.push(`console.error: ${text}`);
  });
  return { page, problems };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
