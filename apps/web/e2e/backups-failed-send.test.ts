import { beforeAll, describe, expect, it } from "vitest";
import { setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { freePort } from "@artifact-atlas/api/test-support/server-process";
import { signUp } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 35: a send to BACKUP_TARGET that fails is shown, never silent. The target is an S3
 * endpoint on a port nothing listens on; the backup stays on the server and its row says so.
 */

let closedPort = 0;
// Registered before the product's hooks, so the server starts with it.
beforeAll(async () => {
  closedPort = await freePort();
});
const product = useProductInBrowser(() => ({
  BACKUP_TARGET: "s3://atlas-backups/museum",
  BACKUP_S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
  AWS_ACCESS_KEY_ID: "AKIAEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "not-a-real-secret",
}));

describe("an admin with an unreachable backup target", () => {
  it("sees the backup kept on the server, the failed send and when it is tried again", async () => {
    const context = await product.newContext({ width: 390, theme: "dark" });
    const admin = await signUp(context, product.origin, "Ada Administrator", "failed-send");
    setRoleOn(product.databasePath, admin.email, "admin");
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/admin/backups`);
    await shown(page.getByText("Each backup is also sent to s3://atlas-backups/museum."));

    await page.getByRole("button", { name: "Back up now" }).click();
    await shown(page.getByText(/was made and checked\.$/));
    const row = page.getByRole("table", { name: "Backups" }).getByRole("row").nth(1);
    // The send runs after the answer: the tab asks again every 10 s.
    await row
      .getByText(/^This server only: sending failed 1 time/)
      .waitFor({ state: "visible", timeout: 30_000 });
    const place = await row.getByText(/^This server only/).textContent();
    // Tried again a minute later, at a time the admin can read.
    expect(place).toMatch(/; tried again .*\d{1,2}:\d{2}/);
    // The secret never reaches the screen.
    expect(place).not.toContain("not-a-real-secret");
    await screenshot(page, "admin-backups-failed-send-390-dark");
    expect(problems).toEqual([]);
  });
});
