import { resolve } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ArtifactDetail } from "@artifact-atlas/shared";
import { SAMPLE_ARTIFACT, signUp, trpcMutation } from "./support/api";
import { openPage, screenshot, SCREENSHOT_DIR, shown } from "./support/browser";
import { axeViolations } from "./support/axe";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 30 in the browser: an artifact with several images shows them as a gallery (thumbnails,
 * the arrow keys, a swipe, captions, credit and rights), its public page links its IIIF manifest, and Zoom
 * opens OpenSeadragon over the upload's tiles, loaded only then, zooms in to finer tiles and closes
 * with Escape. In both themes, at a phone's and a laptop's width, with pictures in
 * test-results/screenshots/.
 */

const THEMES = ["light", "dark"] as const;
const WIDTHS = [390, 1280] as const;

const product = useProductInBrowser();

/** A photo-like image with a fine pattern, so that deeper zoom levels differ from the whole. */
async function patterned(width: number, height: number, hue: number): Promise<Buffer> {
  const stripes = Array.from({ length: 24 }, (_, index) => ({
    input: {
      create: {
        width: Math.ceil(width / 24),
        height,
        channels: 3 as const,
        background: `hsl(${(hue + index * 13) % 360}, 45%, ${index % 2 ? 35 : 60}%)`,
      },
    },
    left: index * Math.ceil(width / 24),
    top: 0,
  }));
  return sharp({ create: { width, height, channels: 3, background: "#222222" } })
    .composite(stripes.filter((stripe) => stripe.left < width))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** POST /images from the context, as the form does; answers the path. */
async function upload(context: BrowserContext, origin: string, file: Buffer): Promise<string> {
  const response = await context.request.post(`${origin}/images`, {
    headers: { origin },
    multipart: { file: { name: "photo.jpg", mimeType: "image/jpeg", buffer: file } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** The tiles the page has asked for so far: their regions and sizes. */
function tilesAsked(requests: string[]): string[] {
  return requests.filter((url) =>
    /\/iiif\/images\/[0-9a-f]{64}\/[^/]+\/[^/]+\/0\/default\.jpg$/.test(url),
  );
}

/** A one-finger swipe across `target` from `fromX` to `toX`, as a touch screen reports it. */
function swipe(target: Locator, fromX: number, toX: number): Promise<void> {
  return target.evaluate(
    (element, [from, to]) => {
      const touch = (x: number) =>
        new Touch({ identifier: 1, target: element, clientX: x, clientY: 200 });
      const start = touch(from as number);
      const end = touch(to as number);
      element.dispatchEvent(
        new TouchEvent("touchstart", { bubbles: true, touches: [start], changedTouches: [start] }),
      );
      element.dispatchEvent(
        new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [end] }),
      );
    },
    [fromX, toX],
  );
}

async function expectNoSeriousViolations(page: Page, label: string) {
  expect((await axeViolations(page)).map((violation) => `${label}: ${violation}`)).toEqual([]);
}

describe.each(THEMES)("several images and deep zoom in the %s theme", (theme) => {
  it.each(WIDTHS)("at %i px: the gallery, the manifest's link, Zoom in, Escape", async (width) => {
    const context = await product.newContext({ width, theme, reducedMotion: true });
    const { page, problems } = await openPage(context);
    const { origin } = product;
    await signUp(context, origin, "Mary Leakey", `zoom-${theme}-${width}`);
    const shot = (name: string) => screenshot(page, `zoom-${name}-${width}-${theme}`);
    // The viewer fills the window: a picture of the window, not of the page under it.
    const windowShot = (name: string) =>
      page.screenshot({ path: resolve(SCREENSHOT_DIR, `zoom-${name}-${width}-${theme}.png`) });

    const front = await upload(context, origin, await patterned(3200, 2200, 20));
    const back = await upload(context, origin, await patterned(1400, 2000, 200));
    const name = `Bronze mirror ${theme} ${width}`;
    const artifact = await trpcMutation<ArtifactDetail>(context, origin, "artifacts.create", {
      ...SAMPLE_ARTIFACT,
      artifactName: name,
      artifactImage: front,
      imageAlt: "The polished face",
      images: [
        {
          url: front,
          alt: "The polished face",
          caption: "Front, after cleaning",
          rights: "http://creativecommons.org/licenses/by/4.0/",
          credit: "Photo: Mary Leakey",
        },
        { url: back, alt: "The decorated back", caption: "Back", credit: "" },
      ],
    });

    // The public page: its head links the manifest, its body says how the data may be reused.
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.goto(`${origin}/a/${artifact.id}`);
    await shown(page.getByRole("heading", { name, level: 1 }));
    const manifest = `${origin}/iiif/artifacts/${artifact.id}/manifest.json`;
    // One of the head's alternates (linked data and the type's feed are others, issue 34).
    await expect(page.locator(`link[rel="alternate"][href="${manifest}"]`).count()).resolves.toBe(
      1,
    );
    await expect(
      page.getByRole("link", { name: "IIIF manifest" }).getAttribute("href"),
    ).resolves.toBe(manifest);
    await shown(page.getByText("Published under").getByRole("link", { name: "CC0 1.0" }));

    // The gallery: the first image with its caption, credit and rights; the arrow keys move on.
    const gallery = page.getByRole("figure", { name: `Images of ${name}` });
    await shown(gallery.getByText("Front, after cleaning"));
    await shown(gallery.getByText("Photo: Mary Leakey"));
    await shown(gallery.getByRole("link", { name: "CC BY 4.0" }));
    const thumbnails = gallery.getByRole("list", { name: "Choose an image" }).getByRole("button");
    await expect(thumbnails.count()).resolves.toBe(2);
    await gallery.getByRole("button", { name: "Next image" }).focus();
    await page.keyboard.press("ArrowRight");
    await shown(gallery.getByText("Image 2 of 2"));
    await shown(gallery.getByText("Back", { exact: true }));
    await shown(gallery.getByRole("link", { name: "Copyright Not Evaluated" }));
    await page.keyboard.press("ArrowLeft");
    await shown(gallery.getByText("Image 1 of 2"));
    // A finger's swipe to the left shows the next, to the right the one before.
    const picture = gallery.getByRole("img", { name: "The polished face" }).first();
    await swipe(picture, 300, 100);
    await shown(gallery.getByText("Image 2 of 2"));
    await swipe(gallery.getByRole("img", { name: "The decorated back" }).first(), 100, 300);
    await shown(gallery.getByText("Image 1 of 2"));
    await expectNoSeriousViolations(page, "public page with a gallery");
    await shot("gallery");

    // Zoom: OpenSeadragon arrives only now, and asks for the tiles of the whole image first.
    const scriptsBefore = requests.filter((url) => url.endsWith(".js"));
    expect(scriptsBefore.some((url) => /ZoomViewer/.test(url))).toBe(false);
    await gallery.getByRole("button", { name: "Zoom" }).click();
    const viewer = page.getByRole("dialog", { name: "Front, after cleaning" });
    await shown(viewer);
    expect(requests.some((url) => /ZoomViewer-[\w-]+\.js$/.test(url))).toBe(true);
    await expect.poll(() => tilesAsked(requests).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const canvas = viewer.locator(".openseadragon-canvas");
    await expect
      .poll(() => canvas.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.waitForTimeout(500);
    await expectNoSeriousViolations(page, "zoom viewer");
    await windowShot("viewer");

    // Zoom in: four steps of 1.5 bring even a phone's view of the 3,200 px master to its own
    // resolution, so the finest tiles are asked for, 512 px of the master each (scale factor 1).
    const before = tilesAsked(requests).length;
    const zoomIn = viewer.getByRole("button", { name: "Zoom in" });
    for (let step = 0; step < 4; step += 1) await zoomIn.click();
    await expect
      .poll(
        () =>
          tilesAsked(requests)
            .slice(before)
            .some((url) => /\/\d+,\d+,512,512\/512,512\//.test(url)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    await page.waitForTimeout(500);
    await windowShot("viewer-zoomed");

    // Escape closes it, and Zoom has the focus again.
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await expect
      .poll(() =>
        gallery
          .getByRole("button", { name: "Zoom" })
          .evaluate((element) => element === document.activeElement),
      )
      .toBe(true);

    // Every tile asked for was served.
    const failed = problems.filter((problem) => /iiif/.test(problem));
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
  });
});
