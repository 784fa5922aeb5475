import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { notifyOn, setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { createArtifact, signUp, trpcMutation } from "./support/api";
import { openPage } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 17 in the browser: an admin finds an account, makes it a curator, reads the change in the
 * audit log and restores from the Trash tab; a member hears of a decision through the bell. Found
 * by role and visible text.
 */

const product = useProductInBrowser();

async function shown(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "visible" });
}

describe("an admin", () => {
  it("finds an account, makes it a curator, and sees it in the audit log", async () => {
    const memberContext = await product.newContext();
    const member = await signUp(memberContext, product.origin, "Mary Anning", "anning");
    const context = await product.newContext();
    const admin = await signUp(context, product.origin, "Ada Administrator", "admin");
    setRoleOn(product.databasePath, admin.email, "admin");

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/`);
    await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).click();
    await shown(page.getByRole("heading", { name: "Running the collection" }));
    await shown(page.getByRole("table", { name: "Accounts" }));

    await page.getByLabel("Name or email").fill("anning");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.url()).toContain("q=anning");
    const table = page.getByRole("table", { name: "Accounts" });
    await shown(table.getByText(member.email));
    expect(await table.getByRole("row").count()).toBe(2);

    await page.getByLabel("Role of Mary Anning").selectOption("curator");
    const confirm = page.getByRole("dialog", { name: "Change this role?" });
    await shown(confirm.getByText("Make Mary Anning a curator?"));
    await confirm.getByRole("button", { name: "Make curator" }).click();
    await shown(page.getByRole("dialog", { name: "Role changed" }));
    await expect.poll(() => page.getByLabel("Role of Mary Anning").inputValue()).toBe("curator");

    // The member is a curator at their next request, without signing in again.
    const me = await memberContext.request.get(`${product.origin}/trpc/auth.me`);
    expect(((await me.json()) as { result: { data: { role: string } } }).result.data.role).toBe(
      "curator",
    );

    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", {
        name: "Audit log",
      })
      .click();
    const audit = page.getByRole("table", { name: "Audit log" });
    const newest = audit.getByRole("row").nth(1);
    await shown(newest.getByText("Role changed"));
    await shown(newest.getByText("Ada Administrator"));
    await shown(newest.getByText("Mary Anning"));
    await shown(newest.getByText("curator"));

    // Filtered by the admin's own actions from their name.
    await newest.getByRole("link", { name: "Ada Administrator" }).click();
    await expect.poll(() => page.url()).toMatch(/actor=\d+/);
    await shown(page.getByRole("link", { name: "Clear filters" }));

    // The trash is a tab of the same screen: a member's deleted artifact comes back from it.
    const fossil = await createArtifact(memberContext, product.origin, {
      artifactName: "Anning's Ichthyosaur",
    });
    await trpcMutation(memberContext, product.origin, "artifacts.delete", { id: fossil.id });
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Trash" })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/trash");
    await page.getByRole("button", { name: "Restore Anning's Ichthyosaur" }).click();
    await shown(page.getByText("Anning's Ichthyosaur was restored."));
    const back = await memberContext.request.get(`${product.origin}/artifacts/${fossil.id}`);
    expect(back.status()).toBe(200);
    expect(problems).toEqual([]);
  });

  it("a member opening /admin is told it is for admins, and sees no Admin link", async () => {
    const context = await product.newContext();
    await signUp(context, product.origin, "Plain Member", "plain");
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/admin`);
    await shown(page.getByRole("heading", { name: "Admins only" }));
    expect(
      await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).count(),
    ).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe("a member", () => {
  it("sees a notification in the bell, opens it, and the count clears", async () => {
    const context = await product.newContext();
    const member = await signUp(context, product.origin, "Howard Carter", "carter");
    const artifact = await createArtifact(context, product.origin, { artifactName: "Golden Mask" });
    notifyOn(product.databasePath, member.email, {
      kind: "artifact_hidden",
      artifactId: artifact.id,
      reason: "copyright",
    });

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/`);
    const bell = page.getByRole("link", { name: "Notifications (1 unread)" });
    await shown(bell);
    await bell.click();
    const item = page.getByRole("link", {
      name: "Your artifact “Golden Mask” was hidden: copyright",
    });
    await shown(item);
    await shown(page.getByText("New", { exact: true }));
    await shown(page.getByRole("link", { name: "Notifications", exact: true }));

    await item.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/artifacts/${artifact.id}`);
    expect(problems).toEqual([]);
  });
});
