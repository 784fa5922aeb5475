import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ArtifactPage, CollectionDetail, CollectionItemsPage } from "@artifact-atlas/shared";
import { signUp, trpcMutation, trpcQuery } from "./support/api";
import { axeViolations } from "./support/axe";
import { openPage, screenshot } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 32 in the browser: a member creates a collection from a card's Add to collection, adds a
 * second artifact, reorders and annotates on the collection page with the keyboard, and walks the
 * Exhibit with the arrow keys. Issue 33: another member follows a collection from its page.
 */

const product = useProductInBrowser();
const POLL = { timeout: 10_000 };

/** The artifact names of the collection page, in the order shown. */
async function namesInOrder(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Artifacts in this collection" })
    .getByRole("heading", { level: 2 })
    .allTextContents();
}

/** "Label: name" as a button's accessible name (the name is screen-reader text after the label). */
function named(label: string, name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${label}\\s*:\\s*${escaped}$`);
}

/** A card's Add to collection button, named after its artifact. */
function addButton(page: Page, name: string) {
  return page.getByRole("button", { name: named("Add to collection", name) });
}

describe("a collection", () => {
  it("is created, filled, reordered, annotated and shown as an exhibit", async () => {
    const context = await product.newContext();
    await signUp(context, product.origin, "Tess Teacher", "collections");
    // The first two cards of All Artifacts (newest first).
    const { items } = await trpcQuery<ArtifactPage>(product.origin, "artifacts.list", { page: 1 });
    const [first, second] = items;
    const { page, problems } = await openPage(context);

    // Add to collection on the first card, creating the collection on the spot.
    await page.goto(`${product.origin}/allartifacts`);
    await addButton(page, first!.artifactName).click();
    const chooser = page.getByRole("dialog", { name: "Add to collection" });
    await chooser.getByLabel("New collection").fill("Tuesday's class");
    await chooser.getByRole("button", { name: "Create and add" }).click();
    await chooser.getByText("Added to").waitFor(POLL);
    await page.keyboard.press("Escape");

    // The second card adds to the collection just made.
    await addButton(page, second!.artifactName).click();
    await chooser.getByRole("button", { name: /^Add\s*to Tuesday's class$/ }).click();
    await chooser.getByText("Added to").waitFor(POLL);
    await chooser.getByRole("link", { name: "Tuesday's class" }).click();

    await page.waitForURL((url) => url.pathname.startsWith("/c/"), POLL);
    const id = Number(new URL(page.url()).pathname.split("/")[2]);
    await expect
      .poll(() => namesInOrder(page), POLL)
      .toEqual([first!.artifactName, second!.artifactName]);

    // Reorder with the keyboard: focus Move down on the first and press Enter.
    await page.getByRole("button", { name: named("Move down", first!.artifactName) }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => namesInOrder(page), POLL)
      .toEqual([second!.artifactName, first!.artifactName]);

    // A note, saved and read back from the server.
    await page
      .getByLabel(`Note on ${first!.artifactName}`)
      .fill("Look at the inscription on the left.");
    await page.getByRole("button", { name: "Save note" }).nth(1).click();
    await expect
      .poll(async () => {
        const response = await context.request.get(
          `${product.origin}/trpc/collections.items?input=${encodeURIComponent(JSON.stringify({ id }))}`,
        );
        const body = (await response.json()) as { result: { data: CollectionItemsPage } };
        return body.result.data.items.map((item) => item.note);
      }, POLL)
      .toEqual(["", "Look at the inscription on the left."]);

    // The Exhibit: one artifact at a time, the arrow keys move, Escape closes.
    await page.getByRole("link", { name: "Exhibit" }).click();
    const slide = page.getByRole("figure");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 1 of 2");
    await page.getByRole("heading", { name: second!.artifactName }).waitFor(POLL);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 2 of 2");
    await page.getByRole("heading", { name: first!.artifactName }).waitFor(POLL);
    await page.getByText("Look at the inscription on the left.").waitFor(POLL);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 2 of 2");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 1 of 2");
    // The exhibit and the collection page: axe finds nothing serious.
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === `/c/${id}`, POLL);
    await page.getByRole("link", { name: "Exhibit" }).waitFor(POLL);
    expect(await axeViolations(page)).toEqual([]);

    expect(problems).toEqual([]);
  });

  it("is followed from its page: additions reach the bell and /following lists it", async () => {
    const keeperContext = await product.newContext();
    await signUp(keeperContext, product.origin, "Cleo Keeper", "keeper");
    const { items } = await trpcQuery<ArtifactPage>(product.origin, "artifacts.list", { page: 1 });
    const [first, second] = items;
    const collection = await trpcMutation<CollectionDetail>(
      keeperContext,
      product.origin,
      "collections.create",
      { title: "Coins of the Empire", visibility: "public" },
    );
    await trpcMutation(keeperContext, product.origin, "collections.addItems", {
      id: collection.id,
      artifactIds: [first!.id],
    });

    const context = await product.newContext();
    await signUp(context, product.origin, "Fern Follower", "follower");
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/c/${collection.id}`);
    const header = page.locator("header", { has: page.getByRole("heading", { level: 1 }) });
    await header.getByRole("button", { name: "Follow Coins of the Empire" }).click();
    await header.getByRole("button", { name: "Unfollow Coins of the Empire" }).waitFor(POLL);
    expect(await header.getByRole("checkbox", { name: "In the bell" }).isChecked()).toBe(true);

    // The keeper adds a second artifact: the follower's bell tells of it, and leads back here.
    await trpcMutation(keeperContext, product.origin, "collections.addItems", {
      id: collection.id,
      artifactIds: [second!.id],
    });
    await page.goto(`${product.origin}/notifications`);
    await page
      .getByRole("link", {
        name: "New artifacts in “Coins of the Empire”, a collection you follow.",
      })
      .click();
    await page.waitForURL((url) => url.pathname === `/c/${collection.id}`, POLL);

    await page.goto(`${product.origin}/following`);
    const followed = page.getByRole("region", { name: "What you follow" });
    await followed.getByRole("link", { name: "Coins of the Empire" }).waitFor(POLL);
    await followed.getByText("Collection, in the bell").waitFor(POLL);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);

    // The collection's header with Follow, and /following, at both widths in both themes.
    const cookies = await context.cookies();
    for (const width of [390, 1280]) {
      for (const theme of ["light", "dark"] as const) {
        const shotContext = await product.newContext({ width, theme, reducedMotion: true });
        await shotContext.addCookies(cookies);
        const shot = await openPage(shotContext);
        await shot.page.goto(`${product.origin}/c/${collection.id}`);
        await shot.page.getByRole("button", { name: "Unfollow Coins of the Empire" }).waitFor(POLL);
        await screenshot(shot.page, `collection-follow-${width}-${theme}`);
        await shot.page.goto(`${product.origin}/following`);
        await shot.page.getByRole("link", { name: "Coins of the Empire" }).waitFor(POLL);
        await screenshot(shot.page, `following-collections-${width}-${theme}`);
        expect(shot.problems).toEqual([]);
      }
    }
  });
});
