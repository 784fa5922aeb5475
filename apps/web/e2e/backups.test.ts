import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { createArtifact, signUp } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { axeViolations } from "./support/axe";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 35 in the browser: an admin opens the Backups tab, makes a backup, downloads it and asks
 * for it to be restored. The server stops after that (its supervisor starts it again on the
 * restored database: apps/api/test/faults/restore-from-the-screen.test.ts), so this file holds one
 * test. The tab is checked by axe and photographed at 390 and 1280 px, light and dark, on the way.
 */

const product = useProductInBrowser();

async function photograph(page: Page, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await page.evaluate((value) => window.localStorage.setItem("theme", value), theme);
      await page.reload();
      await shown(page.getByRole("button", { name: "Back up now" }));
      await screenshot(page, `${name}-${width}-${theme}`);
      expect(
        (await axeViolations(page)).map((violation) => `${width} ${theme}: ${violation}`),
      ).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
  }
}

describe("an admin", () => {
  it("makes a backup now, downloads it and asks for it to be restored", async () => {
    const context = await product.newContext();
    const admin = await signUp(context, product.origin, "Ada Administrator", "backups");
    setRoleOn(product.databasePath, admin.email, "admin");
    await createArtifact(context, product.origin, { artifactName: "Cast of the Rosetta Stone" });

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/admin`);
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Backups" })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/backups");
    // The server's default schedule, and no target set.
    await shown(page.getByText("Scheduled: 0 3 * * * (cron, server time)", { exact: false }));
    await shown(page.getByText("Kept: 7 daily, 4 weekly, 12 monthly.", { exact: false }));
    await shown(page.getByText("Backups stay on this server: set BACKUP_TARGET"));
    await shown(page.getByText("No backups yet"));

    await page.getByRole("button", { name: "Back up now" }).click();
    await shown(page.getByText(/^Backup artifact-atlas-[\dT-]+ was made and checked\.$/));
    const table = page.getByRole("table", { name: "Backups" });
    await shown(table);
    expect(await table.getByRole("row").count()).toBe(2);
    const row = table.getByRole("row").nth(1);
    await shown(row.getByText("Back up now"));
    await shown(row.getByText("Intact"));
    await shown(row.getByText("This server", { exact: true }));
    await shown(row.getByText(/^\d+(\.\d)? (kB|MB)$/));

    await photograph(page, "admin-backups");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("link", { name: /^Download the backup of / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^artifact-atlas-[\dT-]+\.db$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");

    await row.getByRole("button", { name: /^Restore the backup of / }).click();
    const confirm = page.getByRole("dialog", { name: "Restore this backup?" });
    await shown(confirm.getByText("Everyone signs in again.", { exact: false }));
    await confirm.getByRole("button", { name: "Restore" }).click();
    await shown(
      page.getByText(
        "Atlas is restoring the backup and starts again in a moment; then sign in again.",
      ),
    );
    expect(problems).toEqual([]);
  });
});
