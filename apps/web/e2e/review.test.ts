import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { artifactNamed, createArtifact, signUp, trpcMutation } from "./support/api";
import { openPage, screenshot } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 17 in the browser: a member adds an artifact and sees its status, reports another; a
 * curator decides in /review and restores from /admin/trash. Then /review, /admin/trash and My
 * Artifacts with statuses pass axe in both themes at both widths, photographed.
 */

const product = useProductInBrowser();
const ROOT = resolve(import.meta.dirname, "../../..");

/** `pnpm users:role EMAIL ROLE` on the running server's database, as an operator would. */
function giveRole(email: string, role: "curator" | "admin") {
  execFileSync("pnpm", ["--silent", "users:role", email, role], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_PATH: product.databasePath },
    stdio: "pipe",
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help}`);
}

describe("community editing in the browser", () => {
  it("a member sees their artifact's status and reports another; a curator rejects and restores", async () => {
    const memberContext = await product.newContext();
    const { page: memberPage, problems } = await openPage(memberContext);
    await signUp(memberContext, product.origin, "Mia Member", "review-member");
    const mine = await createArtifact(memberContext, product.origin, {
      artifactName: "Mia's Lamp",
    });
    const spare = await createArtifact(memberContext, product.origin, {
      artifactName: "Mia's Jar",
    });

    await memberPage.goto(`${product.origin}/myartifacts`);
    const row = memberPage.getByRole("row", { name: /Mia's Lamp/ });
    await expect.poll(() => row.getByText("Published").count()).toBe(1);

    const rosetta = await artifactNamed(product.origin, "Rosetta Stone");
    await memberPage.goto(`${product.origin}/artifacts/${rosetta.id}`);
    await memberPage.getByRole("button", { name: "Report" }).click();
    await memberPage.getByLabel("Reason").selectOption("inaccurate");
    await memberPage.getByLabel("Note (optional)").fill("The date is off by a century.");
    await memberPage.getByRole("button", { name: "Send report" }).click();
    await memberPage.getByText("Thank you. A curator will look at your report.").waitFor();

    const curatorContext = await product.newContext();
    const { page } = await openPage(curatorContext);
    const curator = await signUp(curatorContext, product.origin, "Cora Curator", "review-curator");
    giveRole(curator.email, "curator");
    await page.goto(`${product.origin}/review`);
    const reviewLink = page
      .getByRole("navigation")
      .getByRole("link", { name: /^Review/ })
      .first();
    await expect.poll(() => reviewLink.textContent()).toMatch(/Review\s*3/);

    const entry = page.getByRole("article", { name: "Mia's Lamp" });
    await entry.getByRole("button", { name: "Reject" }).click();
    await entry.getByLabel("Reason", { exact: true }).selectOption("Not historical");
    await entry.getByLabel("Note (optional)").fill("A modern replica.");
    await entry.getByRole("button", { name: "Reject" }).last().click();
    await expect.poll(() => page.getByRole("article", { name: "Mia's Lamp" }).count()).toBe(0);

    await memberPage.goto(`${product.origin}/myartifacts`);
    await expect.poll(() => row.getByText("Rejected").count()).toBe(1);
    await expect
      .poll(() => row.getByText("Reason: Not historical (A modern replica.)").count())
      .toBe(1);
    const hidden = await memberPage.request.get(`${product.origin}/artifacts/${mine.id}`);
    expect(hidden.status()).toBe(200); // its owner still reads it

    await trpcMutation(memberContext, product.origin, "artifacts.delete", { id: spare.id });
    // A curator's way to the trash: Trash in the navigation, the Admin screen's one tab for them.
    await page.getByRole("banner").getByRole("link", { name: "Trash", exact: true }).click();
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Trash" })
      .waitFor();
    await page.getByRole("button", { name: "Restore Mia's Jar" }).click();
    await page.getByText("Mia's Jar was restored.").waitFor();
    await memberPage.goto(`${product.origin}/myartifacts`);
    await memberPage.getByRole("row", { name: /Mia's Jar/ }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe.each(["light", "dark"] as const)("the review screens in the %s theme", (theme) => {
  it.each([390, 1280] as const)(
    "at %i px have no serious or critical axe violation, and are photographed",
    async (width) => {
      const label = `shots-${theme}-${width}`;
      const ownerContext = await product.newContext({ width, theme, reducedMotion: true });
      const { page: ownerPage } = await openPage(ownerContext);
      await signUp(ownerContext, product.origin, "Olga Owner", label);
      const urn = await createArtifact(ownerContext, product.origin, {
        artifactName: "Olga's Urn",
      });
      const coin = await createArtifact(ownerContext, product.origin, {
        artifactName: "Olga's Coin",
      });
      await createArtifact(ownerContext, product.origin, { artifactName: "Olga's Cup" });
      const map = await createArtifact(ownerContext, product.origin, {
        artifactName: "Olga's Map",
      });
      await trpcMutation(ownerContext, product.origin, "artifacts.delete", { id: map.id });

      const adminContext = await product.newContext({ width, theme, reducedMotion: true });
      const { page } = await openPage(adminContext);
      const admin = await signUp(adminContext, product.origin, "Ada Admin", `${label}-admin`);
      giveRole(admin.email, "admin");
      const queue = (await (
        await adminContext.request.get(`${product.origin}/review-queue?limit=20`)
      ).json()) as { items: { id: number; artifact: { id: number } }[] };
      const entryOf = (id: number) => queue.items.find((item) => item.artifact.id === id)!.id;
      const decide = (entryId: number, decision: string, reason: string) =>
        adminContext.request.post(`${product.origin}/review-queue/${entryId}`, {
          data: { decision, reason, note: "Checked against the museum's catalogue." },
          headers: { origin: product.origin },
        });
      expect((await decide(entryOf(urn.id), "reject", "Duplicate")).status()).toBe(200);
      expect((await decide(entryOf(coin.id), "hide", "Copyright")).status()).toBe(200);

      const report: string[] = [];
      const shots = [
        [page, "review", "/review", page.getByRole("heading", { name: "Reasons" })],
        [page, "admin-trash", "/admin/trash", page.getByRole("button", { name: /^Restore / })],
        [ownerPage, "myartifacts-statuses", "/myartifacts", ownerPage.getByText("Hidden")],
      ] as const;
      for (const [on, name, path, ready] of shots) {
        await on.goto(`${product.origin}${path}`);
        await ready.first().waitFor({ state: "visible" });
        report.push(...(await seriousViolations(on)).map((line) => `${name}: ${line}`));
        await screenshot(on, `${name}-${width}-${theme}`);
      }
      expect(report).toEqual([]);
    },
  );
});
