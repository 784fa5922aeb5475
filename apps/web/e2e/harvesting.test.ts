import { describe, expect, it } from "vitest";
import { setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import { MESSAGES } from "@artifact-atlas/shared";
import { createArtifact, signUp } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 34 in the browser: an admin opens the Harvesting tab of the Admin screen, finds the
 * OAI-PMH base URL to give an aggregator and how ready the records are, and names the collection;
 * a harvester is then told that name. Found by role and visible text.
 */

const product = useProductInBrowser();

describe("the Harvesting screen", () => {
  it("shows an admin where harvesters go and what the records lack, and saves the settings", async () => {
    const context = await product.newContext();
    const admin = await signUp(context, product.origin, "Hilda Harvester", "harvest-admin");
    setRoleOn(product.databasePath, admin.email, "admin");
    await createArtifact(context, product.origin, { artifactName: "Harvested Astrolabe" });

    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/admin`);
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Harvesting" })
      .click();
    await shown(page.getByRole("link", { name: `${product.origin}/oai` }));
    await shown(page.getByRole("button", { name: "Copy the OAI-PMH base URL" }));
    const harvested = page.getByText("Harvested records", { exact: true }).locator("..");
    expect(Number(await harvested.locator("dd").innerText())).toBeGreaterThanOrEqual(1);
    const missing = page.getByRole("table", { name: "Fields missing most" });
    // Every record has its first image's rights now (issue 30); the demo's writings have no
    // language, which Atlas does not record.
    await shown(missing.getByRole("cell", { name: "dc:language" }));
    await screenshot(page, "harvesting-overview");

    await page.getByLabel("Data provider").fill("Village Museum Friends");
    await page.getByLabel("Contact email for harvesters").fill("not an address");
    await page.getByRole("button", { name: "Save settings" }).click();
    // Checked in the browser before anything is sent.
    await shown(page.getByText(MESSAGES.invalidEmail));
    await page.getByLabel("Contact email for harvesters").fill("harvest@village.example.org");
    await page.getByRole("button", { name: "Save settings" }).click();
    await shown(page.getByRole("dialog", { name: "Harvesting settings saved" }));

    const identify = await (await fetch(`${product.origin}/oai?verb=Identify`)).text();
    expect(identify).toContain("<repositoryName>Village Museum Friends</repositoryName>");
    expect(identify).toContain("<adminEmail>harvest@village.example.org</adminEmail>");
    // After a reload the screen shows what was saved.
    await page.reload();
    await expect
      .poll(() => page.getByLabel("Data provider").inputValue())
      .toBe("Village Museum Friends");
    expect(problems).toEqual([]);
  });
});
