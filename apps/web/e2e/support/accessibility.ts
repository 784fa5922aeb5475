import { statSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { notifyOn, setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { MESSAGES } from "@artifact-atlas/shared";
import { artifactNamed, createArtifact, like, SAMPLE_ARTIFACT, signUp, trpcMutation } from "./api";
import { seriousViolations } from "./axe";
import {
  expectedProblems,
  openPage,
  screenshot,
  SCREENSHOT_DIR,
  shown,
  themeState,
} from "./browser";
import type { ProductInBrowser } from "./product";

/*
 * Every route in one theme at one width: axe finds no serious or critical violation, and a
 * full-page picture of each lands in test-results/screenshots/ (not committed) for people to look
 * at. One test file per theme (accessibility-light, accessibility-dark), so that the two run side
 * by side.
 */

export const WIDTHS = [390, 1280] as const;
/** How long one theme at one width may take, every screen in turn (the project's default is 120 s). */
export const SCREENS_TIMEOUT_MS = 240_000;
const NAME = "Hypatia of Alexandria";
/** Another member's artifact, waiting in the review queue. */
const OTHERS_ARTIFACT = "Theon's Astrolabe";

interface Ids {
  /** The seeded artifact the account likes. */
  liked: number;
  /** The account's own artifact. */
  mine: number;
}

interface Screen {
  name: string;
  path: string | ((ids: Ids) => string);
  /** What shows once the screen has finished loading. */
  ready: (page: Page) => Locator;
  /** A state reached on the screen before the check (an open popup, an open menu): what shows then. */
  act?: (page: Page) => Promise<Locator>;
  only?: (typeof WIDTHS)[number];
}

/** Before signing in. */
const SIGNED_OUT: Screen[] = [
  {
    name: "home",
    path: "/",
    ready: (page) =>
      page.getByRole("region", { name: "Most Popular Artifacts" }).getByRole("article").nth(5),
  },
  {
    name: "allartifacts",
    path: "/allartifacts",
    ready: (page) => page.getByText(/^Displaying \d+ artifacts$/),
  },
  {
    // Issue 18: an all-fields search with an era filter, the filters open.
    name: "allartifacts-find",
    path: "/allartifacts?search=stone&in=all&era=m-1",
    ready: (page) => page.getByText(/^Displaying \d+ artifacts$/),
  },
  {
    name: "timeline",
    path: "/timeline",
    ready: (page) => page.getByRole("list", { name: "Artifacts per century, earliest first" }),
  },
  {
    // Issue 31: the map with its clusters and markers, and the list of what is in view.
    name: "map",
    path: "/map",
    ready: (page) => page.locator(".atlas-marker"),
  },
  {
    // Issue 32: the collections, none made yet.
    name: "collections",
    path: "/collections",
    ready: (page) => page.getByText("No collections found"),
  },
  { name: "login", path: "/login", ready: (page) => page.getByRole("button", { name: "Sign in" }) },
  {
    name: "signup",
    path: "/signup",
    ready: (page) => page.getByRole("button", { name: "Create Account" }),
  },
  {
    name: "public-artifact",
    path: (ids) => `/a/${ids.liked}/rosetta-stone`,
    ready: (page) => page.getByRole("region", { name: "Cite this" }),
  },
  {
    // This product runs with mail off: the screen says so.
    name: "forgot-password",
    path: "/forgot-password",
    ready: (page) => page.getByText(/^Password reset by email is not set up/),
  },
  {
    name: "reset-password-invalid",
    path: "/reset-password#not-a-link",
    ready: (page) => page.getByRole("link", { name: "Send a new link" }),
  },
  {
    name: "not-found",
    path: "/no-such-gallery",
    ready: (page) => page.getByRole("heading", { name: "Oops! Page not found" }),
  },
];

/** Signed in, before the account has liked or added anything. */
const SIGNED_IN_EMPTY: Screen[] = [
  {
    name: "likedartifacts-empty",
    path: "/likedartifacts",
    ready: (page) => page.getByText("No liked artifacts yet"),
  },
  {
    name: "myartifacts-empty",
    path: "/myartifacts",
    ready: (page) => page.getByText("No artifacts posted yet"),
  },
  {
    name: "addartifacts",
    path: "/addartifacts",
    ready: (page) => page.getByRole("heading", { name: "Contributor Information" }),
  },
  {
    name: "profile",
    path: "/profile",
    ready: (page) => page.getByRole("heading", { name: `Welcome, ${NAME}!` }),
  },
  {
    name: "update-profile",
    path: "/update-profile",
    // The account's sections below the spec's fields load after them.
    ready: (page) => page.getByRole("button", { name: "Delete my account" }),
  },
  {
    name: "nav-menu-open",
    path: "/",
    only: 390,
    ready: (page) => page.getByRole("button", { name: "Open menu" }),
    act: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      return page.getByRole("link", { name: "Liked Artifacts" });
    },
  },
];

/** Signed in, with one like and one artifact of the account's own. */
const SIGNED_IN_FILLED: Screen[] = [
  {
    name: "artifact-detail",
    path: (ids) => `/artifacts/${ids.liked}`,
    ready: (page) => page.getByRole("button", { name: "Unlike this Artifact" }),
  },
  {
    // Issue 17: the report form, open.
    name: "artifact-detail-report",
    path: (ids) => `/artifacts/${ids.liked}`,
    ready: (page) => page.getByRole("button", { name: "Report" }),
    act: async (page) => {
      await page.getByRole("button", { name: "Report" }).click();
      return page.getByLabel("Note (optional)");
    },
  },
  {
    name: "likedartifacts",
    path: "/likedartifacts",
    ready: (page) =>
      page.getByRole("table", { name: "Liked artifacts" }).getByRole("link", {
        name: "Rosetta Stone",
      }),
  },
  {
    name: "myartifacts",
    path: "/myartifacts",
    ready: (page) => page.getByText("1 artifact", { exact: true }),
  },
  {
    name: "myartifacts-confirm-delete",
    path: "/myartifacts",
    ready: (page) => page.getByText("1 artifact", { exact: true }),
    act: async (page) => {
      await page.getByRole("button", { name: /^Delete / }).click();
      return page.getByRole("dialog", { name: "Are you sure?" });
    },
  },
  {
    name: "update-artifact",
    path: (ids) => `/update-artifact/${ids.mine}`,
    ready: (page) => page.getByRole("button", { name: "Save Changes" }),
  },
  {
    name: "artifact-history",
    path: (ids) => `/artifacts/${ids.mine}/history`,
    ready: (page) => page.getByRole("heading", { name: /^Changes from version \d+ to version/ }),
  },
  {
    name: "update-artifact-conflict",
    path: (ids) => `/update-artifact/${ids.mine}`,
    ready: (page) => page.getByRole("button", { name: "Save Changes" }),
    // Someone else saves while the form is open; this save is then refused.
    act: async (page) => {
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      await trpcMutation(page.context(), new URL(page.url()).origin, "artifacts.update", {
        id,
        fields: { ...SAMPLE_ARTIFACT, presentLocation: `Elsewhere ${Date.now()}` },
      });
      await page.getByLabel("Discovered By").fill("A later survey");
      await page.getByRole("button", { name: "Save Changes" }).click();
      return page.getByRole("heading", { name: MESSAGES.editConflict });
    },
  },
];

/** Issue 17: the same account made an admin, with a notification of a decision on its artifact. */
const SIGNED_IN_ADMIN: Screen[] = [
  {
    name: "admin-accounts",
    path: "/admin",
    ready: (page) => page.getByRole("table", { name: "Accounts" }),
  },
  {
    // Issue 20: a one-time reset link, shown once with its Copy button.
    name: "admin-reset-link",
    path: "/admin",
    ready: (page) => page.getByRole("table", { name: "Accounts" }),
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Make a password reset link for / })
        .first()
        .click();
      await page.getByRole("button", { name: "Make link" }).click();
      return page.getByRole("dialog", { name: "Reset link made" });
    },
  },
  {
    name: "admin-audit",
    path: "/admin/audit",
    ready: (page) => page.getByRole("table", { name: "Audit log" }),
  },
  {
    // Issue 34: where harvesters go, how ready the records are, the settings.
    name: "admin-harvesting",
    path: "/admin/harvesting",
    ready: (page) => page.getByRole("heading", { name: "Settings" }),
  },
  {
    // Issue 35: the Backups tab, before any backup (the list is apps/web/e2e/backups.test.ts's).
    name: "admin-backups",
    path: "/admin/backups",
    ready: (page) => page.getByText("No backups yet"),
  },
  {
    name: "notifications",
    path: "/notifications",
    ready: (page) => page.getByRole("list", { name: "Notifications" }),
  },
  {
    // Another member's new artifact, this account's own new artifact and edit, and a report.
    name: "review",
    path: "/review",
    ready: (page) => page.getByRole("heading", { name: "Reasons" }),
  },
  {
    name: "review-reject-open",
    path: "/review",
    ready: (page) => page.getByRole("article", { name: OTHERS_ARTIFACT }),
    act: async (page) => {
      // Each run of this file's four adds one: any of them will do.
      const entry = page.getByRole("article", { name: OTHERS_ARTIFACT }).first();
      await entry.getByRole("button", { name: "Reject" }).click();
      return entry.getByLabel("Reason", { exact: true });
    },
  },
  {
    name: "admin-trash",
    path: "/admin/trash",
    ready: (page) => page.getByRole("button", { name: /^Restore / }),
  },
];

/** Issue 17: the same account made a curator: the Admin screen's tabs of a curator. */
const SIGNED_IN_CURATOR: Screen[] = [
  {
    name: "admin-trash-curator",
    path: "/admin/trash",
    ready: (page) => page.getByRole("button", { name: /^Restore / }),
  },
];

/** Spinners gone, fonts in: the finished screen. (A status line may stay: the map's count does.) */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll(".animate-spin").length === 0);
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

function describeViolations(
  screen: string,
  violations: Awaited<ReturnType<typeof seriousViolations>>,
): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `      ${node.target.join(" ")}: ${node.failureSummary ?? ""}`)
      .join("\n");
    return `${screen}: ${violation.id} (${violation.impact}) ${violation.help}\n${nodes}`;
  });
}

/** Visits every route as a visitor, a member, a curator and an admin, checking each. */
export async function checkEveryRoute(
  product: ProductInBrowser,
  theme: "light" | "dark",
  width: (typeof WIDTHS)[number],
): Promise<void> {
  const context = await product.newContext({ width, theme, reducedMotion: true });
  const { page, problems } = await openPage(context);
  const report: string[] = [];
  const shots: string[] = [];
  const overflowing: string[] = [];
  const rosetta = await artifactNamed(product.origin, "Rosetta Stone");
  let ids: Ids = { liked: rosetta.id, mine: 0 };

  const check = async (screen: Screen) => {
    if (screen.only && screen.only !== width) return;
    const path = typeof screen.path === "function" ? screen.path(ids) : screen.path;
    await page.goto(`${product.origin}${path}`);
    await shown(screen.ready(page));
    if (screen.act) await shown(await screen.act(page));
    await settle(page);
    expect((await themeState(page)).dataTheme, `${screen.name} theme`).toBe(theme);
    // Only the failures are wanted: axe then skips collecting every passing node.
    report.push(
      ...describeViolations(
        `${screen.name} (${width} px, ${theme})`,
        await seriousViolations(page),
      ),
    );
    shots.push(await screenshot(page, `${screen.name}-${width}-${theme}`));
    // Something wider than the screen makes the whole page scroll sideways at 390 px.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) overflowing.push(`${screen.name}: ${scrollWidth} px`);
  };

  for (const screen of SIGNED_OUT) await check(screen);

  const account = await signUp(context, product.origin, NAME, `a11y-${theme}-${width}`);
  for (const screen of SIGNED_IN_EMPTY) await check(screen);

  await like(context, product.origin, rosetta.id);
  const mine = await createArtifact(context, product.origin);
  // A second version, so that the History view has changes to show.
  await trpcMutation(context, product.origin, "artifacts.update", {
    id: mine.id,
    fields: {
      ...SAMPLE_ARTIFACT,
      historicalContext: `${SAMPLE_ARTIFACT.historicalContext} Restored in 1950.`,
    },
  });
  ids = { liked: rosetta.id, mine: mine.id };
  for (const screen of SIGNED_IN_FILLED) await check(screen);

  // For the review queue and the trash: another member's artifact and report, and a delete.
  const other = await product.newContext({ width, theme });
  await signUp(other, product.origin, "Theon of Alexandria", `a11y-other-${theme}-${width}`);
  await createArtifact(other, product.origin, { artifactName: OTHERS_ARTIFACT });
  await trpcMutation(other, product.origin, "reports.create", {
    id: rosetta.id,
    reason: "inaccurate",
    note: "The date is off by a century.",
  });
  const trashed = await createArtifact(other, product.origin, { artifactName: "Theon's Lamp" });
  await trpcMutation(other, product.origin, "artifacts.delete", { id: trashed.id });

  setRoleOn(product.databasePath, account.email, "curator");
  for (const screen of SIGNED_IN_CURATOR) await check(screen);
  setRoleOn(product.databasePath, account.email, "admin");
  notifyOn(product.databasePath, account.email, {
    kind: "artifact_rejected",
    artifactId: mine.id,
    reason: "duplicate",
  });
  for (const screen of SIGNED_IN_ADMIN) await check(screen);

  expect(overflowing, "pages wider than the screen").toEqual([]);
  expect(report, `axe found serious or critical violations:\n\n${report.join("\n\n")}`).toEqual([]);
  // A picture of every screen, each a real image file in the run's artifacts.
  const screens = [
    ...SIGNED_OUT,
    ...SIGNED_IN_EMPTY,
    ...SIGNED_IN_FILLED,
    ...SIGNED_IN_CURATOR,
    ...SIGNED_IN_ADMIN,
  ].filter((screen) => !screen.only || screen.only === width);
  expect(shots.length).toBe(screens.length);
  for (const shot of shots) {
    expect(shot.startsWith(SCREENSHOT_DIR)).toBe(true);
    expect(statSync(shot).size, shot).toBeGreaterThan(10_000);
  }
  // The conflict screen's refused save is a failed request, which the browser logs.
  expect(expectedProblems(problems, /status of 409 \(Conflict\)/)).toBe(1);
  expect(problems).toEqual([]);
}
