import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp } from "./support/api";
import { axeViolations } from "./support/axe";
import { openPage, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 31 as a person uses it, on the demo collection: the map's markers and clusters (a
 * cluster splits when zoomed), a marker's card, the filters in the URL, the keyboard, the list in
 * view; and the place field's gazetteer in the form (the two Alexandrias, accents, a typo).
 */

const product = useProductInBrowser();

async function visit(path: string) {
  const context = await product.newContext();
  const { page, problems } = await openPage(context);
  await page.goto(`${product.origin}${path}`);
  return { context, page, problems };
}

function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000, interval: 50 });
}

const markers = (page: Page) => page.locator(".atlas-marker");
const clusters = (page: Page) => page.getByRole("button", { name: /^Cluster of \d+ artifacts/ });
const singles = (page: Page) => page.getByRole("button", { name: /: open its card$/ });
const zoomOf = (page: Page) => Number(new URL(page.url()).searchParams.get("at")?.split("/")[0]);

async function inView(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ artifacts? on the map in view$/).textContent();
  return Number(/\d+/.exec(text ?? "")?.[0]);
}

describe("the map", () => {
  it("shows markers and clusters, and a cluster splits when zoomed into", async () => {
    const { page, problems } = await visit("/map?at=2/30/15");
    await shown(markers(page).first());
    const world = await inView(page);
    expect(world).toBeGreaterThan(40);
    // The Nile's cluster: the largest one.
    const counts = await clusters(page).evaluateAll((elements) =>
      elements.map((element) => Number(/\d+/.exec(element.getAttribute("aria-label") ?? "")?.[0])),
    );
    const largest = Math.max(...counts);
    expect(largest).toBeGreaterThan(5);
    await page.getByRole("button", { name: `Cluster of ${largest} artifacts: zoom in` }).click();
    await eventually(() => zoomOf(page)).toBeGreaterThan(2);
    // Its artifacts now stand apart: more markers for them, some single.
    await eventually(() => singles(page).count()).toBeGreaterThan(2);
    await eventually(() => inView(page)).toBeLessThan(world);
    expect(await inView(page)).toBeGreaterThanOrEqual(largest);
    // The list beside the map follows the view.
    const listed = page.getByRole("complementary").getByRole("listitem");
    await eventually(() => listed.count()).toBeGreaterThan(0);
    // The map, its clusters and markers, and the list: axe finds nothing serious.
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("opens a marker's card with its image, name, type and date, linking to the artifact", async () => {
    const { page, problems } = await visit("/map?at=6/31/30.5");
    await page.getByRole("button", { name: "Rosetta Stone: open its card" }).click();
    const card = page.getByRole("region", { name: "Card: Rosetta Stone" });
    await shown(card.getByRole("link", { name: "Rosetta Stone" }));
    await expect(card.textContent()).resolves.toContain("Documents");
    await expect(card.textContent()).resolves.toContain("196 BC");
    await expect(card.locator("img, [role=img]").count()).resolves.toBeGreaterThan(0);
    const href = await card.getByRole("link", { name: "Rosetta Stone" }).getAttribute("href");
    expect(href).toMatch(/^\/a\/\d+$/);
    await page.keyboard.press("Escape");
    await eventually(() => card.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("keeps All Artifacts' filters and the kind of place in the URL", async () => {
    const { page, problems } = await visit("/map?at=2/30/15");
    await shown(markers(page).first());
    const all = await inView(page);
    await page.goto(`${product.origin}/map?at=2/30/15&type=Documents`);
    await shown(markers(page).first());
    await eventually(() => inView(page)).toBeLessThan(all);
    const documents = await inView(page);
    expect(documents).toBeGreaterThan(0);
    await page.reload();
    await eventually(() => inView(page)).toBe(documents);

    await page.getByRole("radio", { name: "Present places" }).check();
    await eventually(() => new URL(page.url()).searchParams.get("place")).toBe("presentPlace");
    expect(new URL(page.url()).searchParams.getAll("type")).toEqual(["Documents"]);
    expect(problems).toEqual([]);
  });

  it("reaches and announces markers and clusters by keyboard, and opens a card with Enter", async () => {
    const { page, problems } = await visit("/map?at=6/31/30.5");
    await shown(singles(page).first());
    let focused = "";
    for (let step = 0; step < 80 && !focused.endsWith("open its card"); step += 1) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    }
    expect(focused).toMatch(/: open its card$/);
    const name = focused.replace(/: open its card$/, "");
    await page.keyboard.press("Enter");
    const card = page.getByRole("region", { name: `Card: ${name}` });
    await shown(card.getByRole("link", { name }));
    // Focus moved into the card, for a screen reader to read it.
    await eventually(() =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? ""),
    ).toBe(`Card: ${name}`);
    // Clusters are buttons too, named with their counts.
    await page.goto(`${product.origin}/map?at=2/30/15`);
    await shown(clusters(page).first());
    await expect(clusters(page).first().getAttribute("tabindex")).resolves.toBe("0");
    expect(problems).toEqual([]);
  });

  it("links to the timeline with its region, and the timeline's centuries back to the map", async () => {
    const { page, problems } = await visit("/map?at=6/31/30.5");
    await shown(markers(page).first());
    await page.getByRole("link", { name: "This region on the timeline" }).click();
    await page.waitForURL((url) => url.pathname === "/timeline");
    expect(new URL(page.url()).searchParams.get("bbox")).toMatch(/^[-\d.]+(,[-\d.]+){3}$/);
    await shown(
      page.getByText("Only artifacts whose findspot is in the region chosen on the map."),
    );
    // A century of the region's timeline shows on the map.
    await page
      .getByRole("link", { name: /century/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/map");
    expect(new URL(page.url()).searchParams.getAll("era")).toHaveLength(1);
    await shown(markers(page).first());
    await page.goBack();
    await page.getByRole("link", { name: "Show on the map" }).click();
    await page.waitForURL((url) => url.pathname === "/map" && !url.searchParams.has("era"));
    await shown(markers(page).first());
    expect(problems).toEqual([]);
  });
});

describe("the place field", () => {
  it("suggests both Alexandrias, reads accents and forgives a typo", async () => {
    const context = await product.newContext();
    await signUp(context, product.origin, "Pia Placer", "places");
    const { page, problems } = await openPage(context);
    await page.goto(`${product.origin}/addartifacts`);
    const name = page.getByRole("textbox", { name: "Findspot name" });

    await name.fill("Alexandria");
    const suggestions = page.getByRole("list", { name: /^Places named like / });
    await shown(suggestions.getByRole("button", { name: "Alexandria, Egypt" }));
    await shown(suggestions.getByRole("button", { name: "Alexandria, Virginia, United States" }));
    await suggestions.getByRole("button", { name: "Alexandria, Egypt" }).click();
    await expect(
      page.getByRole("textbox", { name: "Findspot latitude" }).inputValue(),
    ).resolves.toMatch(/^31\.\d+/);

    // A click on the small map sets the point, as precise as the zoom it was made at.
    await page.getByRole("button", { name: "Choose the findspot on a map" }).click();
    const picker = page.getByRole("application", { name: /^Map to choose the findspot/ });
    const point = picker.locator("path.fill-accent");
    await shown(point);
    const box = (await picker.boundingBox())!;
    // The map centres on the chosen point, animated: click once the point stands at the centre,
    // however long the animation takes on a busy machine.
    await eventually(async () => {
      const at = (await point.boundingBox())!;
      return Math.hypot(
        at.x + at.width / 2 - (box.x + box.width / 2),
        at.y + at.height / 2 - (box.y + box.height / 2),
      );
    }).toBeLessThan(2);
    await page.mouse.click(box.x + box.width / 2 + 20, box.y + box.height / 2);
    const latitude = page.getByRole("textbox", { name: "Findspot latitude" });
    await eventually(async () => Math.abs(Number(await latitude.inputValue()) - 31.2)).toBeLessThan(
      1,
    );
    const longitude = Number(
      await page.getByRole("textbox", { name: "Findspot longitude" }).inputValue(),
    );
    expect(longitude).toBeGreaterThan(29.9);
    await expect(
      page.getByRole("combobox", { name: "Findspot precision" }).inputValue(),
    ).resolves.toBe("region");

    await name.fill("zurich");
    await shown(suggestions.getByRole("button", { name: /^Zürich, .*Switzerland$/ }));

    await name.fill("Alexandira");
    await shown(suggestions.getByRole("button", { name: "Alexandria, Egypt" }));

    // The hint names the server's own setting (FINDSPOT_PUBLIC_PRECISION, about 10 km here).
    await shown(page.getByText(/The public sees it no finer than a 10 km square/));
    expect(problems).toEqual([]);
  });
});
