/* eslint-disable no-console -- a command-line tool: its output is the list of files written. */
/**
 * Screenshots of every route at 390 px and 1280 px, light and dark, for looking at (DESIGN.md).
 *
 *   pnpm build && PORT=3100 DATABASE_PATH=/tmp/atlas-shots.db node apps/api/dist/server.js
 *   apps/api/node_modules/.bin/tsx apps/web/scripts/screenshots.ts [only-this-name ...]
 *
 * BASE_URL (default http://localhost:3100) and CHROMIUM_PATH (default
 * /usr/bin/chromium-headless-shell, as the browser tests) can be set, and SHOT_WIDTHS (default "390,1280"); --axe also runs axe-core on every screen and lists serious and critical violations. A fresh account is signed up for each run, so any running server with its demo seed works.
 * Writes to test-results/screenshots/ at the repository root (not committed).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { seriousViolations } from "../e2e/support/axe";

const BASE_URL = process.env.BASE_URL ?? "http://localhost:3100";
const OUT_DIR = resolve(import.meta.dirname, "../../../test-results/screenshots");
const WIDTHS = process.env.SHOT_WIDTHS?.split(",").map(Number) ?? [390, 1280];
const THEMES = ["light", "dark"] as const;
const runAxe = process.argv.includes("--axe");
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));

interface Shot {
  name: string;
  path: string | ((ids: Ids) => string);
  signedIn: boolean;
  /** Something to do on the page before the picture (open a dialog, submit a form). */
  act?: (page: Page) => Promise<void>;
}

interface Ids {
  mine: number;
  /** A public collection of the account's, of three seeded artifacts with a note (issue 32). */
  collection: number;
}

const SHOTS: Shot[] = [
  { name: "home", path: "/", signedIn: false },
  { name: "allartifacts", path: "/allartifacts", signedIn: false },
  { name: "allartifacts-search-empty", path: "/allartifacts?search=zzzz", signedIn: false },
  // The filters open with one chosen: "Can I reuse it?" beside the others (issue 30).
  { name: "allartifacts-rights", path: "/allartifacts?rights=free", signedIn: false },
  // The Country facet with a country chosen (issue 31).
  { name: "allartifacts-country", path: "/allartifacts?country=EG", signedIn: false },
  { name: "login", path: "/login", signedIn: false },
  {
    name: "login-errors",
    path: "/login",
    signedIn: false,
    act: async (page) => {
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByText("Please enter a valid email address.").waitFor();
    },
  },
  { name: "signup", path: "/signup", signedIn: false },
  {
    name: "signup-errors",
    path: "/signup",
    signedIn: false,
    act: async (page) => {
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByText("Username must be at least 5 characters long.").waitFor();
    },
  },
  { name: "not-found", path: "/no-such-page", signedIn: false },
  { name: "timeline", path: "/timeline", signedIn: false },
  { name: "timeline-region", path: "/timeline?bbox=20,20,40,40", signedIn: false },
  {
    name: "map",
    path: "/map",
    signedIn: false,
    act: async (page) => {
      await page.locator(".atlas-marker").first().waitFor();
    },
  },
  {
    // The map over one country's findspots, its filters open (issue 31).
    name: "map-country",
    path: "/map?country=GR",
    signedIn: false,
    act: async (page) => {
      await page.locator(".atlas-marker").first().waitFor();
    },
  },
  {
    name: "map-card",
    path: "/map?at=5/30.5/31",
    signedIn: false,
    act: async (page) => {
      await page.getByRole("button", { name: /^Rosetta Stone: open its card/ }).click();
      await page
        .getByRole("region", { name: /^Card: / })
        .getByRole("link")
        .waitFor();
    },
  },
  { name: "public-page", path: "/a/1", signedIn: false },
  { name: "login-from-artifact", path: "/login?redirect=%2Fartifacts%2F1", signedIn: false },
  {
    name: "allartifacts-eras",
    path: "/allartifacts",
    signedIn: false,
    act: async (page) => {
      await page.getByText("Filters", { exact: true }).click();
      await page
        .getByRole("button", { name: "Centuries of the 2nd millennium", exact: true })
        .click();
    },
  },
  { name: "protected-redirect", path: "/likedartifacts", signedIn: false },
  { name: "home-signed-in", path: "/", signedIn: true },
  {
    name: "nav-menu-open",
    path: "/",
    signedIn: true,
    act: async (page) => {
      const menu = page.getByRole("button", { name: "Open menu" });
      if (await menu.isVisible()) await menu.click();
    },
  },
  { name: "artifact-detail", path: "/artifacts/1", signedIn: true },
  { name: "likedartifacts", path: "/likedartifacts", signedIn: true },
  { name: "addartifacts", path: "/addartifacts", signedIn: true },
  {
    // Issue 31: the place field's gazetteer suggestions.
    name: "addartifacts-place-suggestions",
    path: "/addartifacts",
    signedIn: true,
    act: async (page) => {
      await page.getByLabel("Findspot name").fill("Alexandria");
      await page.getByRole("button", { name: "Alexandria, Virginia, United States" }).waitFor();
      await page.getByLabel("Findspot name").scrollIntoViewIfNeeded();
    },
  },
  {
    name: "addartifacts-place-map",
    path: "/addartifacts",
    signedIn: true,
    act: async (page) => {
      await page.getByLabel("Findspot name").fill("Alexandria");
      await page.getByRole("button", { name: "Alexandria, Egypt" }).click();
      await page.getByRole("button", { name: "Choose the findspot on a map" }).click();
      const picker = page.getByRole("application", { name: /^Map to choose the findspot/ });
      await picker.locator("path.fill-accent").waitFor();
      await picker.scrollIntoViewIfNeeded();
    },
  },
  {
    name: "addartifacts-errors",
    path: "/addartifacts",
    signedIn: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Add Artifact" }).click();
      await page.getByText("Artifact Name is required.").waitFor();
    },
  },
  { name: "myartifacts", path: "/myartifacts", signedIn: true },
  {
    name: "myartifacts-confirm",
    path: "/myartifacts",
    signedIn: true,
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Delete / })
        .first()
        .click();
      await page.getByRole("dialog", { name: "Are you sure?" }).waitFor();
    },
  },
  { name: "myartifacts-trash", path: "/myartifacts/trash", signedIn: true },
  { name: "update-artifact", path: (ids) => `/update-artifact/${ids.mine}`, signedIn: true },
  { name: "update-artifact-missing", path: "/update-artifact/999999", signedIn: true },
  { name: "profile", path: "/profile", signedIn: true },
  { name: "update-profile", path: "/update-profile", signedIn: true },
  { name: "collections", path: "/collections", signedIn: false },
  { name: "collections-mine", path: "/collections", signedIn: true },
  { name: "collection-page", path: (ids) => `/c/${ids.collection}`, signedIn: true },
  { name: "collection-exhibit", path: (ids) => `/c/${ids.collection}/exhibit`, signedIn: true },
  {
    name: "add-to-collection",
    path: "/allartifacts",
    signedIn: true,
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Add to collection/ })
        .first()
        .click();
      await page.getByRole("dialog", { name: "Add to collection" }).waitFor();
    },
  },
];

/** Calls a tRPC mutation as the browser would (same origin, JSON), sharing the context's cookies. */
async function mutation(context: BrowserContext, path: string, input: unknown) {
  const response = await context.request.post(`${BASE_URL}/trpc/${path}`, {
    data: input,
    headers: { origin: new URL(BASE_URL).origin, "content-type": "application/json" },
  });
  if (!response.ok())
    throw new Error(`${path} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

/** A fresh account with one artifact of its own and one like. */
async function prepareAccount(context: BrowserContext): Promise<Ids> {
  const stamp = Date.now().toString(36);
  await mutation(context, "auth.signup", {
    userName: "Hypatia of Alexandria",
    email: `hypatia-${stamp}@example.com`,
    password: "Alexandria1",
  });
  const created = (await mutation(context, "artifacts.create", {
    artifactName: "Astrolabe of Alexandria",
    artifactImage: "https://images.example.invalid/astrolabe.jpg",
    artifactType: "Technology",
    historicalContext:
      "A brass astrolabe used to measure the altitude of stars and tell the time by night, after a design described by Hypatia's father Theon.",
    createdAt: "4th Century",
    discoveredAt: "1902",
    discoveredBy: "A Danish expedition",
    presentLocation: "Museum of the History of Science, Oxford",
  })) as { id: number };
  await mutation(context, "likes.like", { id: 1 });
  const collection = (await mutation(context, "collections.create", {
    title: "Instruments of the night sky",
    description: "How people **measured the heavens**, from Alexandria to Oxford.",
    visibility: "public",
  })) as { id: number };
  await mutation(context, "collections.addItems", { id: collection.id, artifactIds: [1, 2, 3] });
  await mutation(context, "collections.changeItem", {
    id: collection.id,
    artifactId: 1,
    change: { note: "Look at the inscription on the left." },
  });
  return { mine: created.id, collection: collection.id };
}

/** Waits until spinners are gone and fonts are in, so the picture shows the finished screen. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page
    .waitForFunction(() => document.querySelectorAll('[role="status"]').length === 0, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const consoleProblems: string[] = [];
  const axeProblems: string[] = [];
  try {
    for (const signedIn of [false, true]) {
      for (const theme of THEMES) {
        for (const width of WIDTHS) {
          const shots = SHOTS.filter(
            (shot) => shot.signedIn === signedIn && (only.length === 0 || only.includes(shot.name)),
          );
          if (shots.length === 0) continue;
          const context = await browser.newContext({
            viewport: { width, height: width < 600 ? 844 : 800 },
            deviceScaleFactor: 1,
            // A still carousel and no transitions: the same picture every run.
            reducedMotion: "reduce",
          });
          await context.addInitScript((value) => {
            window.localStorage.setItem("theme", value);
          }, theme);
          // Image hosts are unreachable here: fail them fast, as a dead link would.
          await context.route(
            (url) => url.origin !== new URL(BASE_URL).origin,
            (route) => route.abort(),
          );
          const ids = signedIn ? await prepareAccount(context) : { mine: 0, collection: 0 };
          const page = await context.newPage();
          page.on("console", (message) => {
            if (message.type() === "error" && !message.text().includes("ERR_FAILED")) {
              consoleProblems.push(`${page.url()}: ${message.text()}`);
            }
          });
          for (const shot of shots) {
            const path = typeof shot.path === "function" ? shot.path(ids) : shot.path;
            await page.goto(`${BASE_URL}${path}`);
            await settle(page);
            if (shot.act) {
              await shot.act(page);
              await page.waitForTimeout(300);
            }
            if (runAxe) {
              for (const violation of await seriousViolations(page)) {
                const targets = violation.nodes.map((node) => node.target.join(" ")).slice(0, 3);
                axeProblems.push(
                  `${shot.name} ${width} ${theme}: ${violation.id} (${violation.impact}) ${targets.join(", ")}`,
                );
              }
            }
            const file = resolve(OUT_DIR, `${shot.name}-${width}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: true });
            console.log(file);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  if (runAxe) {
    console.log(
      axeProblems.length > 0
        ? `\nAxe (serious and critical):\n${axeProblems.join("\n")}`
        : "\nAxe: no serious or critical violations.",
    );
  }
  if (consoleProblems.length > 0) {
    console.log(`\nConsole errors:\n${[...new Set(consoleProblems)].join("\n")}`);
  }
}

await main();
