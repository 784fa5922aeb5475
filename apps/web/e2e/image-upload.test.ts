import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@artifact-atlas/shared";
import { signUp } from "./support/api";
import { expectedProblems, openPage, screenshot, shown } from "./support/browser";
import { axeViolations } from "./support/axe";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 19 in the browser: a member uploads a photo through the Add form (a refused file first),
 * sees its preview, saves, and finds the picture on its card and its page, served from the
 * derivatives with the description as alt text. In both themes, at a phone's and a laptop's width,
 * with axe on the form and the detail page and pictures in test-results/screenshots/.
 */

const THEMES = ["light", "dark"] as const;
const WIDTHS = [390, 1280] as const;

const product = useProductInBrowser();

/** The first of what the locator finds, shown (several elements may match). */
function firstShown(locator: Locator): Promise<void> {
  return shown(locator.first());
}

/** A phone photo: stored sideways with EXIF orientation 6 and a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const bands = [0, 1, 2, 3].map((index) => ({
    input: {
      create: {
        width: width / 4,
        height,
        channels: 3 as const,
        background: ["#7a4a2a", "#b8834f", "#d9c29a", "#3f5a66"][index] as string,
      },
    },
    left: (index * width) / 4,
    top: 0,
  }));
  return sharp({ create: { width, height, channels: 3, background: "#000000" } })
    .composite(bands)
    .jpeg({ quality: 85 })
    .withExif({
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 43/1 51/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "22/1 45/1 22/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The image's state as the browser has it: loaded, from which file, with which alt text. */
function imageState(image: Locator) {
  return image.evaluate((element: HTMLImageElement) => ({
    complete: element.complete,
    naturalWidth: element.naturalWidth,
    currentSrc: element.currentSrc,
    alt: element.alt,
    width: element.getAttribute("width"),
    height: element.getAttribute("height"),
    sizes: element.sizes,
    loading: element.loading,
  }));
}

async function expectLoadedUpload(page: Page, image: Locator, alt: string) {
  await page.waitForFunction(
    (element) =>
      (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
    await image.elementHandle(),
  );
  const state = await imageState(image);
  expect(state.alt).toBe(alt);
  // A WebP derivative of the upload, chosen by the browser from srcset.
  expect(state.currentSrc).toMatch(/\/images\/[0-9a-f]{64}\/\d+\.webp$/);
  // Upright: the sideways 1600 x 1200 photo is 1200 x 1600 once turned.
  expect([state.width, state.height]).toEqual(["1200", "1600"]);
  expect(state.sizes).not.toBe("");
}

async function expectNoSeriousViolations(page: Page, label: string) {
  expect((await axeViolations(page)).map((violation) => `${label}: ${violation}`)).toEqual([]);
}

describe.each(THEMES)("uploading an image in the %s theme", (theme) => {
  it.each(WIDTHS)(
    "at %i px: through the form, onto the card and the detail page",
    async (width) => {
      const context = await product.newContext({ width, theme, reducedMotion: true });
      const { page, problems } = await openPage(context);
      await signUp(context, product.origin, "Sophia Schliemann", `upload-${theme}-${width}`);
      const shot = (name: string) => screenshot(page, `upload-${name}-${width}-${theme}`);

      await page.goto(`${product.origin}/addartifacts`);
      await firstShown(page.getByRole("heading", { name: "Basic Information" }));
      const fileInput = page.getByLabel("Upload an image");

      // A text file named like a photo is refused with its message, and fills nothing.
      await fileInput.setInputFiles({
        name: "find-spot.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("Not a photograph: a list of coordinates.\n".repeat(20)),
      });
      await firstShown(page.getByRole("alert").getByText(MESSAGES.imageNotAnImage));
      await expect(page.getByLabel("Artifact Image URL").inputValue()).resolves.toBe("");
      // The browser logs the refused request itself.
      expect(expectedProblems(problems, /status of 415/)).toBe(1);
      await shot("refused");

      // The phone photo: uploaded, its path in the image field, previewed upright.
      await fileInput.setInputFiles({
        name: "IMG_2041.jpg",
        mimeType: "image/jpeg",
        buffer: await phonePhoto(),
      });
      const imageField = page.getByLabel("Artifact Image URL");
      await expect
        .poll(() => imageField.inputValue(), { timeout: 20_000 })
        .toMatch(/^\/images\/[0-9a-f]{64}$/);
      const description = "A bronze lamp in four bands of colour, photographed at the find-spot";
      await page.getByLabel("Image description").fill(description);
      const preview = page.getByRole("figure").getByRole("img", { name: description });
      await expectLoadedUpload(page, preview, description);
      await expectNoSeriousViolations(page, "form with preview");
      await shot("form-preview");

      const name = `Lamp of Mycenae ${theme} ${width}`;
      await page.getByLabel("Artifact Name").fill(name);
      await page.getByLabel("Artifact Type").selectOption("Tools");
      await page.getByLabel("Historical Context").fill("An oil lamp from a chamber tomb.");
      await page.getByLabel("Created At").fill("13th Century BC");
      await page.getByLabel("Discovered At").fill("1952");
      await page.getByLabel("Discovered By").fill("A field survey");
      await page.getByLabel("Present Location").fill("Nafplio Archaeological Museum");
      await page.getByRole("button", { name: "Add Artifact" }).click();
      await page.waitForURL((url) => url.pathname === "/myartifacts");

      // On its card in the collection (the newest comes first).
      await page.goto(`${product.origin}/allartifacts`);
      const card = page.getByRole("article").filter({ hasText: name });
      await firstShown(card);
      await expectLoadedUpload(page, card.getByRole("img", { name: description }), description);
      await shot("card");

      // On its page, at the size the page needs.
      await card.getByRole("link", { name: /View Details/ }).click();
      await firstShown(page.getByRole("heading", { name, level: 1 }));
      const detail = page.getByRole("img", { name: description }).first();
      await expectLoadedUpload(page, detail, description);
      expect((await imageState(detail)).loading).toBe("eager");
      await expectNoSeriousViolations(page, "detail page");
      await shot("detail");

      expect(problems).toEqual([]);
    },
  );
});
