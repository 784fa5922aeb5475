import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setRoleOn } from "@artifact-atlas/api/test-support/live-database";
import type { ArtifactPage, CollectionDetail, CollectionItemsPage } from "@artifact-atlas/shared";
import { signUp, trpcMutation, trpcQuery } from "./support/api";
import { axeViolations } from "./support/axe";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 32 in the browser: a member creates a collection from a card's Add to collection, adds a
 * second artifact, reorders and annotates on the collection page with the keyboard, and walks the
 * Exhibit with the arrow keys. Issue 33: another member follows a collection from its page. Then
 * a public collection is cited, its owner invites by name, a member reports it, a curator hides
 * it from /review, and only its owner (told why) still sees it.
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
    await shown(chooser.getByText("Added to"));
    await page.keyboard.press("Escape");

    // The second card adds to the collection just made.
    await addButton(page, second!.artifactName).click();
    await chooser.getByRole("button", { name: /^Add\s*to Tuesday's class$/ }).click();
    await shown(chooser.getByText("Added to"));
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
    await shown(page.getByRole("heading", { name: second!.artifactName }));
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 2 of 2");
    await shown(page.getByRole("heading", { name: first!.artifactName }));
    await shown(page.getByText("Look at the inscription on the left."));
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 2 of 2");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => slide.getAttribute("aria-label"), POLL).toBe("Artifact 1 of 2");
    // The exhibit and the collection page: axe finds nothing serious.
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === `/c/${id}`, POLL);
    await shown(page.getByRole("link", { name: "Exhibit" }));
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
    await shown(header.getByRole("button", { name: "Unfollow Coins of the Empire" }));
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
    await shown(followed.getByRole("link", { name: "Coins of the Empire" }));
    await shown(followed.getByText("Collection, in the bell"));
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
        await shown(shot.page.getByRole("button", { name: "Unfollow Coins of the Empire" }));
        await screenshot(shot.page, `collection-follow-${width}-${theme}`);
        await shot.page.goto(`${product.origin}/following`);
        await shown(shot.page.getByRole("link", { name: "Coins of the Empire" }));
        await screenshot(shot.page, `following-collections-${width}-${theme}`);
        expect(shot.problems).toEqual([]);
      }
    }
  });
});

describe("a reported collection", () => {
  it("is cited, shared by name, reported, hidden by a curator, and seen by its owner alone", async () => {
    const { items } = await trpcQuery<ArtifactPage>(product.origin, "artifacts.list", { page: 1 });
    const ownerContext = await product.newContext();
    const owner = await signUp(ownerContext, product.origin, "Olive Owner", "collection-owner");
    const collection = await trpcMutation<CollectionDetail>(
      ownerContext,
      product.origin,
      "collections.create",
      { title: "Graffiti of Pompeii", visibility: "public" },
    );
    await trpcMutation(ownerContext, product.origin, "collections.addItems", {
      id: collection.id,
      artifactIds: [items[0]!.id],
    });
    const readerContext = await product.newContext();
    const reader = await signUp(readerContext, product.origin, "Rita Reporter", "reporter");
    const curatorContext = await product.newContext();
    const curator = await signUp(curatorContext, product.origin, "Cora Curator", "col-curator");
    setRoleOn(product.databasePath, curator.email, "curator");
    const url = `${product.origin}/c/${collection.id}`;

    // The owner invites Rita by her name.
    const { page: ownerPage, problems: ownerProblems } = await openPage(ownerContext);
    await ownerPage.goto(url);
    await ownerPage.getByRole("button", { name: "Collaborators" }).click();
    await ownerPage.getByLabel("Member name").fill("rita reporter");
    await ownerPage.getByRole("button", { name: "Invite", exact: true }).click();
    await shown(ownerPage.getByText("Rita Reporter can now add, order and annotate."));
    await shown(
      ownerPage
        .getByRole("list", { name: "Collaborators" })
        .getByText(reader.name, { exact: true }),
    );
    // She leaves again, so that she reads it as any member would.
    await ownerPage.getByRole("button", { name: named("Remove", reader.name) }).click();
    await expect
      .poll(() => ownerPage.getByRole("list", { name: "Collaborators" }).count(), POLL)
      .toBe(0);

    // A member cites it, then reports it.
    const { page, problems } = await openPage(readerContext);
    await page.goto(url);
    await page.getByRole("button", { name: "Cite this" }).click();
    await shown(
      page.getByText(
        `Olive Owner. "Graffiti of Pompeii." Collection of 1 artifact. Artifact Atlas, ${url}.`,
        {
          exact: false,
        },
      ),
    );
    await page.getByRole("button", { name: "Report" }).click();
    const report = page.getByRole("form", { name: "Report this collection" });
    await report.getByLabel("Reason").selectOption("offensive");
    await report.getByLabel("Note (optional)").fill("Rude words in the description.");
    await report.getByRole("button", { name: "Send report" }).click();
    await shown(page.getByText("Thank you. A curator will look at your report."));
    expect(await axeViolations(page)).toEqual([]);

    // The curator finds it on /review and hides it with a reason.
    const { page: curatorPage, problems: curatorProblems } = await openPage(curatorContext);
    await curatorPage.goto(`${product.origin}/review`);
    const card = curatorPage.getByRole("article", { name: "Graffiti of Pompeii" });
    await shown(card.getByText("Rude words in the description."));
    await shown(card.getByText("1 open report"));
    expect(await axeViolations(curatorPage)).toEqual([]);
    await screenshot(curatorPage, "review-reported-collection-light-1280");
    await card
      .getByRole("button", { name: named("Hide collection", "Graffiti of Pompeii") })
      .click();
    const reason = card.getByRole("form", { name: /^Hide collection Graffiti of Pompeii/ });
    await reason.getByLabel("Reason").selectOption("Offensive");
    await reason.getByRole("button", { name: "Hide collection" }).click();
    await curatorPage.getByRole("heading", { name: "Reported collections" }).waitFor({
      state: "detached",
      ...POLL,
    });

    // Gone for the member, from the list and at its address; the owner is told why.
    await page.goto(`${product.origin}/collections`);
    await shown(page.getByRole("heading", { name: "Collections", level: 1 }));
    expect(await page.getByText("Graffiti of Pompeii").count()).toBe(0);
    const direct = await readerContext.request.get(url, { headers: { accept: "text/html" } });
    expect(direct.status()).toBe(404);
    await ownerPage.reload();
    await shown(
      ownerPage.getByText(
        "Hidden by a curator: Offensive. Only you and the curators can see this collection.",
      ),
    );
    expect(await axeViolations(ownerPage)).toEqual([]);

    // The curator unhides it from its page.
    await curatorPage.goto(url);
    await curatorPage.getByRole("button", { name: "Unhide collection" }).click();
    const unhide = curatorPage.getByRole("form", { name: /^Unhide collection Graffiti/ });
    await unhide.getByLabel("Reason").selectOption("Other");
    await unhide.getByRole("button", { name: "Unhide collection" }).click();
    await shown(curatorPage.getByRole("button", { name: "Hide collection", expanded: false }));
    expect(
      (await readerContext.request.get(url, { headers: { accept: "text/html" } })).status(),
    ).toBe(200);

    // Photographed hidden, as its owner sees it, in both themes at both widths.
    await trpcMutation(curatorContext, product.origin, "collections.hide", {
      id: collection.id,
      reason: "Offensive",
    });
    for (const theme of ["light", "dark"] as const) {
      for (const width of [390, 1280]) {
        await ownerPage.setViewportSize({ width, height: 900 });
        await ownerPage.evaluate((value) => window.localStorage.setItem("theme", value), theme);
        await ownerPage.reload();
        await shown(ownerPage.getByText("Hidden by a curator: Offensive.", { exact: false }));
        await ownerPage.getByRole("button", { name: "Collaborators" }).click();
        await shown(ownerPage.getByLabel("Member name"));
        const overflow = await ownerPage.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(ownerPage, `collection-hidden-${theme}-${width}`);
      }
    }
    expect(owner.user.name).toBe("Olive Owner");
    expect([...problems, ...ownerProblems, ...curatorProblems]).toEqual([]);
  });
});
