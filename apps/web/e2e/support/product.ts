import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { launchBrowser, newContext, type ContextOptions } from "./browser";
import { startProductServer, type RunningServer } from "./server";

export interface ProductInBrowser {
  /** http://localhost:<port> of the running production server. */
  readonly origin: string;
  /** The running server's database file (roles and scenes set up as an operator would). */
  readonly databasePath: string;
  /** A fresh browser profile, closed after the test that opened it. */
  newContext: (options?: ContextOptions) => Promise<BrowserContext>;
}

/**
 * The production server and one headless Chromium for the test file that calls this (at its top
 * level): both start before its first test and stop after its last, and every profile a test opens
 * is closed when that test ends, so each test starts with no cookies and no storage. `env` is read
 * when the server starts, after the hooks registered before this call (a local OpenID provider).
 */
export function useProductInBrowser(
  env: () => Record<string, string> = () => ({}),
): ProductInBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startProductServer(env()), launchBrowser()]);
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = () => {
    if (!server || !browser) throw new Error("The product and browser start in beforeAll.");
    return { server, browser };
  };

  return {
    get origin() {
      return started().server.origin;
    },
    get databasePath() {
      return started().server.databasePath;
    },
    async newContext(options) {
      const context = await newContext(started().browser, options);
      opened.push(context);
      return context;
    },
  };
}
