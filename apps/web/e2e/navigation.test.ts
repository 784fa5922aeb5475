import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { signUp } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * The header at laptop widths: every link the wide header shows keeps its label on one line and
 * the page never scrolls sideways, for a visitor, a member, a curator and an admin, whose lists
 * grow longer. Where a list does not fit in a row, the header offers its menu instead.
 */

const product = useProductInBrowser();
const WIDTHS = [1024, 1152, 1279, 1280, 1440];

/** The labels of the wide header's links that take more than one line, and the page's width. */
async function header(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const links = page
    .getByRole("banner")
    .getByRole("navigation", { name: "Main" })
    .getByRole("link");
  const wrapped: string[] = [];
  let shown = 0;
  for (const link of await links.all()) {
    if (!(await link.isVisible())) continue;
    shown += 1;
    const lines = await link.evaluate((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight - 0.5);
    });
    expect(Number.isFinite(lines), "a link's line height in pixels").toBe(true);
    if (lines > 1) wrapped.push(`${await link.innerText()} (${lines} lines)`);
  }
  const menu = page.getByRole("button", { name: "Open menu" });
  return {
    wrapped,
    shown,
    menu: await menu.isVisible(),
    scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
  };
}

describe("the header from 1024 px", () => {
  it("shows each link on one line, or its menu, whoever is signed in", async () => {
    const context = await product.newContext({ width: 1280 });
    const { page, problems } = await openPage(context);
    /** `links`: how many the row shows; below `rowFrom` px the menu holds them instead. */
    const check = async (who: string, links: number, rowFrom: number) => {
      await page.goto(`${product.origin}/allartifacts`);
      await shown(page.getByText(/^Displaying \d+ artifacts$/));
      for (const width of WIDTHS) {
        const seen = await header(page, width);
        const label = `${who} at ${width} px`;
        expect(seen.wrapped, label).toEqual([]);
        expect(seen.scrollWidth, label).toBeLessThanOrEqual(width);
        expect(seen.menu, label).toBe(width < rowFrom);
        expect(seen.shown, label).toBe(width < rowFrom ? 0 : links);
        await screenshot(page, `header-${who}-${width}`);
      }
    };
    await check("visitor", 6, 1024);
    const account = await signUp(context, product.origin, "Hypatia of Alexandria", "header");
    await check("member", 8, 1280);
    setRoleOn(product.databasePath, account.email, "curator");
    await check("curator", 10, 1536); // Review and Trash
    setRoleOn(product.databasePath, account.email, "admin");
    await check("admin", 10, 1536); // Review and Admin
    expect(problems).toEqual([]);
  });
});
