import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 18 as a person uses it, on the demo collection: filters with counts, the all-fields search
 * with its highlights, reload and Back, and the timeline leading to the list.
 */

const product = useProductInBrowser();

async function visit(path: string) {
  const context = await product.newContext();
  const { page, problems } = await openPage(context);
  await page.goto(`${product.origin}${path}`);
  return { page, problems };
}

function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000, interval: 50 });
}

const query = (page: Page) => new URL(page.url()).searchParams;

async function countLine(page: Page): Promise<number> {
  const text = await page.getByText(/^Displaying \d+ artifacts$/).textContent();
  return Number(/\d+/.exec(text ?? "")?.[0]);
}

describe("finding artifacts", () => {
  it("filters by type and era with counts, kept in the URL through reload and Back", async () => {
    const { page, problems } = await visit("/allartifacts");
    await shown(page.getByText(/^Displaying \d+ artifacts$/));
    const everything = await countLine(page);

    // The summary of the loaded filters: the placeholder shown while their code loads says
    // "Filters" too, and a click on it opens nothing.
    await page.locator("summary", { hasText: "Filters" }).click();
    const sculptures = page.getByRole("checkbox", { name: /^Sculptures \d+$/ });
    const label = await page.locator("label", { has: sculptures }).textContent();
    const expected = Number(/(\d+)$/.exec(label ?? "")?.[1]);
    expect(expected).toBeGreaterThan(0);
    await sculptures.check();
    await eventually(() => query(page).getAll("type")).toEqual(["Sculptures"]);
    await eventually(() => countLine(page)).toBe(expected);
    expect(expected).toBeLessThan(everything);

    // A second type widens (OR); an era narrows (AND).
    await page.getByRole("checkbox", { name: /^Art \d+$/ }).check();
    await eventually(() => query(page).getAll("type")).toEqual(["Sculptures", "Art"]);
    await eventually(() => countLine(page)).toBeGreaterThan(expected);
    const twoTypes = await countLine(page);
    await page.getByRole("checkbox", { name: /^1st millennium BC \d+$/ }).check();
    await eventually(() => query(page).getAll("era")).toEqual(["m-1"]);
    await eventually(() => countLine(page)).toBeLessThan(twoTypes);
    const narrowed = await countLine(page);

    await page.reload();
    await shown(page.getByText(/^Displaying \d+ artifacts$/));
    await eventually(() => countLine(page)).toBe(narrowed);
    await expect(
      page.getByRole("checkbox", { name: /^1st millennium BC \d+$/ }).isChecked(),
    ).resolves.toBe(true);

    await page.goBack();
    await eventually(() => query(page).getAll("era")).toEqual([]);
    await eventually(() => countLine(page)).toBe(twoTypes);
    expect(problems).toEqual([]);
  });

  it("answers Can I reuse it? by the first image's rights, in the URL", async () => {
    const { page, problems } = await visit("/allartifacts");
    await shown(page.getByText(/^Displaying \d+ artifacts$/));
    await page.locator("summary", { hasText: "Filters" }).click();
    // The demo collection's one checked licence: the Rosetta Stone's photo, CC BY-SA 4.0.
    const conditions = page.getByRole("checkbox", { name: /^Reuse with conditions \d+$/ });
    await expect(page.locator("label", { has: conditions }).textContent()).resolves.toMatch(/1$/);
    await conditions.check();
    await eventually(() => query(page).getAll("rights")).toEqual(["conditions"]);
    await eventually(() => countLine(page)).toBe(1);
    await expect(page.getByRole("heading", { name: "Rosetta Stone" }).isVisible()).resolves.toBe(
      true,
    );
    expect(problems).toEqual([]);
  });

  it("searches all fields, ignoring accents, and marks the words found", async () => {
    const { page, problems } = await visit("/allartifacts");
    await shown(page.getByText(/^Displaying \d+ artifacts$/));
    await page.getByRole("searchbox", { name: "Search artifacts" }).fill("granodiorite memphis");
    await eventually(() => countLine(page)).toBe(0);
    await page.getByRole("radio", { name: "All fields" }).check();
    await eventually(() => query(page).get("in")).toBe("all");
    await eventually(() => countLine(page)).toBeGreaterThan(0);
    const first = page.getByRole("article").first();
    await expect(first.getByRole("heading").textContent()).resolves.toBe("Rosetta Stone");
    await eventually(async () => first.locator("mark").allTextContents()).toEqual([
      "granodiorite",
      "Memphis",
    ]);

    await page.getByRole("searchbox", { name: "Search artifacts" }).fill("francois");
    await eventually(() => query(page).get("search")).toBe("francois");
    await shown(page.getByRole("heading", { name: "Rosetta Stone" }));
    expect(problems).toEqual([]);
  });

  it("goes from a century of the timeline to that century's artifacts", async () => {
    const { page, problems } = await visit("/");
    await page.getByRole("link", { name: "Timeline" }).click();
    await page.waitForURL(/\/timeline/);
    const bars = page.getByRole("list", { name: "Artifacts per century, earliest first" });
    await shown(bars);
    await expect(page.getByText("BC", { exact: true }).isVisible()).resolves.toBe(true);
    await shown(
      page.getByRole("heading", { name: /^Artifacts of the whole collection, oldest first$/ }),
    );

    const century = bars.getByRole("link", {
      name: /^2nd century BC \(before Christ\) \d+ artifacts?$/,
    });
    await century.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/allartifacts\?/);
    expect(query(page).getAll("era")).toEqual(["c-2"]);
    expect(query(page).get("sort")).toBe("date_asc");
    await shown(page.getByRole("heading", { name: "Rosetta Stone" }));
    expect(problems).toEqual([]);
  });
});
