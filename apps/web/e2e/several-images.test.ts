import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ArtifactImageView } from "@artifact-atlas/shared";
import { signUp } from "./support/api";
import { openPage, screenshot, shown } from "./support/browser";
import { useProductInBrowser } from "./support/product";

/*
 * Issue 30 through the form, in the browser: a member uploads a photo and then two more at once,
 * writes their descriptions, captions, rights and credit, moves the third up with a button, saves,
 * and finds the three in that order on the artifact's page and over REST; an edit that removes one
 * is undone by restoring the first version, which brings the whole set back.
 */

const product = useProductInBrowser();

const CC_BY = "http://creativecommons.org/licenses/by/4.0/";
const PDM = "http://creativecommons.org/publicdomain/mark/1.0/";
const NOT_EVALUATED = "http://rightsstatements.org/vocab/CNE/1.0/";

/** A JPEG of one colour, so that each upload is its own image. */
function photo(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const jpeg = async (name: string, background: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await photo(background),
});

describe("several images through the form", () => {
  it("uploads three, orders them with buttons, saves them with their rights, restores the set", async () => {
    const context = await product.newContext({ width: 1280, reducedMotion: true });
    const { page, problems } = await openPage(context);
    const { origin } = product;
    const { email } = await signUp(context, origin, "Dorothy Garrod", "several-images");

    await page.goto(`${origin}/addartifacts`);
    await shown(page.getByRole("heading", { name: "Basic Information" }));

    // The first image, in the spec's fields, with its caption, rights and credit.
    await page.getByLabel("Upload an image").setInputFiles(await jpeg("front.jpg", "#8a5a2b"));
    const primaryUrl = page.getByLabel("Artifact Image URL");
    await expect
      .poll(() => primaryUrl.inputValue(), { timeout: 20_000 })
      .toMatch(/^\/images\/[0-9a-f]{64}$/);
    const frontUrl = await primaryUrl.inputValue();
    await page.getByLabel("Image description", { exact: true }).fill("The carved face");
    await page.getByLabel("Caption", { exact: true }).fill("Front");
    await page.getByLabel("Rights", { exact: true }).selectOption(CC_BY);
    await page.getByLabel("Credit line", { exact: true }).fill("Photo: Dorothy Garrod");

    // Two more at once.
    await page
      .getByLabel("Add images")
      .setInputFiles([await jpeg("back.jpg", "#2b5a8a"), await jpeg("mark.jpg", "#5a8a2b")]);
    const second = page.getByLabel("Image URL (image 2)");
    const third = page.getByLabel("Image URL (image 3)");
    await expect.poll(() => third.inputValue(), { timeout: 20_000 }).toMatch(/^\/images\//);
    const backUrl = await second.inputValue();
    const markUrl = await third.inputValue();
    expect(new Set([frontUrl, backUrl, markUrl]).size).toBe(3);
    await page.getByLabel("Image description (image 2)").fill("The plain back");
    await page.getByLabel("Caption (image 2)").fill("Back");
    await page.getByLabel("Image description (image 3)").fill("The maker's mark");
    await page.getByLabel("Caption (image 3)").fill("Mark, under a lens");
    await page.getByLabel("Rights (image 3)").selectOption(PDM);
    await page.getByLabel("Credit line (image 3)").fill("Photo: Museum archive");

    // The mark goes before the back, with the keyboard's button.
    await page.getByRole("button", { name: "Move up (image 3)" }).click();
    await expect(page.getByLabel("Caption (image 2)").inputValue()).resolves.toBe(
      "Mark, under a lens",
    );
    await screenshot(page, "several-images-form-1280-light");

    const name = "Flint hand axe, three views";
    await page.getByLabel("Artifact Name").fill(name);
    await page.getByLabel("Artifact Type").selectOption("Tools");
    await page.getByLabel("Historical Context").fill("Found in a cave on Mount Carmel.");
    await page.getByLabel("Created At").fill("Lower Palaeolithic");
    await page.getByLabel("Discovered At").fill("1929");
    await page.getByLabel("Discovered By").fill("Dorothy Garrod");
    await page.getByLabel("Present Location").fill("Rockefeller Museum, Jerusalem");
    await page.getByRole("button", { name: "Add Artifact" }).click();
    await page.waitForURL((url) => url.pathname === "/myartifacts");

    // Over REST, in the order chosen, each with what was written.
    const list = await context.request.get(
      `${origin}/artifacts?email=${encodeURIComponent(email)}`,
    );
    expect(list.status(), await list.text()).toBe(200);
    const [listed] = (await list.json()) as { _id: string }[];
    const read = async () => {
      const answer = await context.request.get(`${origin}/artifacts/${listed!._id}`, {
        headers: { accept: "application/json" },
      });
      expect(answer.status()).toBe(200);
      const { images } = (await answer.json()) as { images: ArtifactImageView[] };
      return images.map(({ url, alt, caption, rights, credit }) => ({
        url,
        alt,
        caption,
        rights,
        credit,
      }));
    };
    const saved = [
      {
        url: frontUrl,
        alt: "The carved face",
        caption: "Front",
        rights: CC_BY,
        credit: "Photo: Dorothy Garrod",
      },
      {
        url: markUrl,
        alt: "The maker's mark",
        caption: "Mark, under a lens",
        rights: PDM,
        credit: "Photo: Museum archive",
      },
      { url: backUrl, alt: "The plain back", caption: "Back", rights: NOT_EVALUATED, credit: "" },
    ];
    expect(await read()).toEqual(saved);

    // The artifact's page: three images, the second the mark with its credit and rights.
    await page.goto(`${origin}/artifacts/${listed!._id}`);
    const gallery = page.getByRole("figure", { name: `Images of ${name}` });
    await shown(gallery.getByText("Image 1 of 3"));
    await gallery.getByRole("button", { name: "Image 2: Mark, under a lens" }).click();
    await shown(gallery.getByText("Photo: Museum archive"));
    await shown(gallery.getByRole("link", { name: "Public Domain Mark 1.0" }));

    // An edit that removes the back, then "Restore this version" of version 1 over REST.
    await page.goto(`${origin}/update-artifact/${listed!._id}`);
    await page.getByRole("button", { name: "Remove (image 3)" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBe(2);
    const restored = await context.request.post(
      `${origin}/artifacts/${listed!._id}/revisions/1/restore`,
      { headers: { origin } },
    );
    expect(restored.status(), await restored.text()).toBe(200);
    expect(await read()).toEqual(saved);

    expect(problems).toEqual([]);
  });
});
