import { lighthouseSeo } from "@artifact-atlas/api/test-support/lighthouse";
import { freePort } from "@artifact-atlas/api/test-support/server-process";
import { describe, expect, it, vi } from "vitest";
import { publicArtifactPath } from "@artifact-atlas/shared";
import { artifactNamed, signUp } from "./support/api";
import { CHROMIUM_PATH, openPage, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 21's public pages in the production build: an artifact's page opened signed out, cited,
 * shared from the signed-in detail page, an unknown one answered 404, and Lighthouse's SEO audit.
 */

vi.setConfig({ testTimeout: 90_000 });

const product = useProductInBrowser();

describe("public pages", () => {
  it("shows an artifact to a visitor who is not signed in, with a citation to copy", async () => {
    const stone = await artifactNamed(product.origin, "Rosetta Stone");
    const context = await product.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: product.origin,
    });
    const { page, problems } = await openPage(context);
    const response = await page.goto(`${product.origin}${publicArtifactPath(stone)}`);
    expect(response?.status()).toBe(200);

    await shown(page.getByRole("heading", { name: "Rosetta Stone", level: 1 }));
    expect(await page.title()).toBe("Rosetta Stone | Artifact Atlas");
    await shown(page.getByText(stone.historicalContext));
    // The image, the type, the four facts, the like count and the contributor (issue 21).
    await shown(page.getByRole("img", { name: stone.imageAlt || stone.artifactName }).first());
    await shown(page.getByText(stone.artifactType, { exact: true }).first());
    const facts: [string, string][] = [
      ["Created", stone.createdAt],
      ["Discovered", stone.discoveredAt],
      ["Discovered By", stone.discoveredBy],
      ["Present Location", stone.presentLocation],
    ];
    for (const [label, value] of facts) {
      await shown(page.getByText(label, { exact: true }));
      await shown(page.getByText(value, { exact: true }).first());
    }
    await shown(page.getByText(stone.likeCount === 1 ? "like" : "likes", { exact: true }).first());
    await shown(page.getByText(String(stone.likeCount), { exact: true }).first());
    await shown(page.getByText(`Added by ${stone.username}`));
    // No like button for a visitor: a link to sign in and come back to the artifact.
    const signIn = page.getByRole("link", { name: "Sign in to like" });
    await shown(signIn);
    expect(await page.getByRole("button", { name: "Like this Artifact" }).count()).toBe(0);

    const cite = page.getByRole("region", { name: "Cite this" });
    const permalink = `${product.origin}/a/${stone.id}`;
    await shown(cite.getByRole("link", { name: permalink }));
    const plain = cite.getByText(/^.*"Rosetta Stone\."/);
    await shown(plain);
    expect(await plain.textContent()).toMatch(
      new RegExp(
        `${permalink.replace(/[./]/g, "\\$&")}\\. Accessed \\d{1,2} [A-Z][a-z]+ \\d{4}\\.$`,
      ),
    );
    await cite.getByRole("button", { name: "Copy the BibTeX citation" }).click();
    await shown(cite.getByRole("button", { name: "Copy the BibTeX citation" }).getByText("Copied"));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^@misc\\{atlas${stone.id},`));
    expect(copied).toContain(`url = {${permalink}}`);

    await signIn.click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe(`/artifacts/${stone.id}`);
    expect(problems).toEqual([]);
  });

  it("shares the public page from the signed-in detail page", async () => {
    const disc = await artifactNamed(product.origin, "Phaistos Disc");
    const member = await product.newContext();
    await member.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: product.origin,
    });
    await signUp(member, product.origin, "Arthur Evans", "evans");
    const { page, problems } = await openPage(member);
    await page.goto(`${product.origin}/artifacts/${disc.id}`);
    await shown(page.getByRole("heading", { name: "Phaistos Disc", level: 1 }));
    // Headless Chromium on Linux has no share sheet, so the link is copied.
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    await page.getByRole("button", { name: "Share" }).click();
    await shown(page.getByText("Link copied to the clipboard."));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${product.origin}/a/${disc.id}/phaistos-disc`);

    // Pasted into a browser that has never signed in, the link shows the artifact.
    const stranger = await product.newContext();
    const visit = await openPage(stranger);
    const response = await visit.page.goto(link);
    expect(response?.status()).toBe(200);
    await shown(visit.page.getByRole("heading", { name: "Phaistos Disc", level: 1 }));
    expect(visit.page.url()).toBe(link);
    expect(problems).toEqual([]);
    expect(visit.problems).toEqual([]);
  });

  it("answers an unknown artifact with the not-found screen and the status 404", async () => {
    const context = await product.newContext();
    const { page, problems } = await openPage(context);
    const response = await page.goto(`${product.origin}/a/987654/no-such-thing`);
    expect(response?.status()).toBe(404);
    await shown(page.getByRole("heading", { name: "Oops! Page not found" }));
    // The page's own request for the artifact answered 404 as well; the browser logs that.
    expect(problems.every((problem) => problem.includes("404"))).toBe(true);
  });

  it("scores 100 in Lighthouse's SEO audit", async () => {
    const stone = await artifactNamed(product.origin, "Rosetta Stone");
    const result = await lighthouseSeo(
      `${product.origin}${publicArtifactPath(stone)}`,
      CHROMIUM_PATH,
      await freePort(),
    );
    expect(result.failing).toEqual([]);
    expect(result.score).toBe(100);
  });
});
