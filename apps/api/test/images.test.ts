import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import sharp, { type Sharp } from "sharp";
import { IMAGE_WIDTHS, MESSAGES, type Artifact } from "@artifact-atlas/shared";
import { createTestApp, trpc, type TestApp } from "./support/app";
import { addArtifact } from "./support/artifacts";
import { jpeg, pixelAt, twoColourImage, uploadImage, type UploadAnswer } from "./support/images";
import { addArtifactBody, rest } from "./support/rest";
import { createUserWithSession, type SignedInUser } from "./support/users";

let t: TestApp;
let alice: SignedInUser;

beforeEach(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t, { name: "Alice Archivist" });
});

afterEach(async () => {
  await t.close();
});

async function upload(file: Buffer, filename = "photo.jpg"): Promise<UploadAnswer> {
  const response = await uploadImage(t.app, file, { cookie: alice.cookie, filename });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as UploadAnswer;
}

/** GET of an image's file, by its uploader unless another cookie (or none: "") is given. */
async function download(url: string, cookie = alice.cookie) {
  const response = await rest(t.app, "GET", url, { cookie });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response;
}

/** The image folders on disk (named by hash), without the work folder. */
function storedHashes(): string[] {
  if (!existsSync(t.env.imagesDir)) return [];
  return readdirSync(t.env.imagesDir).filter((name) => name !== ".incoming");
}

function imageRows(): number {
  return (t.db.$client.prepare("select count(*) as n from images").get() as { n: number }).n;
}

describe("POST /images", () => {
  it("turns a rotated phone photo upright", async () => {
    // Stored 400 x 200, red left and blue right; orientation 6 says "turn 90° clockwise to view".
    const phone = await twoColourImage(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(phone).metadata()).orientation).toBe(6);

    const answer = await upload(phone);
    expect(answer).toEqual({
      url: expect.stringMatching(/^\/images\/[0-9a-f]{64}$/),
      width: 200,
      height: 400,
    });

    const stored = (await download(`${answer.url}/200.jpg`)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([200, 400, undefined]);
    // Turned clockwise, the left (red) half is now on top and the right (blue) one below.
    const [topRed, , topBlue] = await pixelAt(stored, 100, 50);
    const [bottomRed, , bottomBlue] = await pixelAt(stored, 100, 350);
    expect(topRed).toBeGreaterThan(150);
    expect(topBlue).toBeLessThan(80);
    expect(bottomBlue).toBeGreaterThan(150);
    expect(bottomRed).toBeLessThan(80);
  });

  it("removes every metadata block, the GPS position included", async () => {
    const withGps = await twoColourImage(1200, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: "AtlasPhone", Model: "Field Camera" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 28/1 39/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 0/1 5/1",
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    // The GPS directory's pointer (tag 0x8825, little-endian) and the maker are in the upload.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(withGps.includes(Buffer.from("AtlasPhone"))).toBe(true);

    const answer = await upload(withGps);
    for (const width of [320, 640, 1024, 1200]) {
      for (const format of ["webp", "jpg"]) {
        const file = (await download(`${answer.url}/${width}.${format}`)).rawPayload;
        const metadata = await sharp(file).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(file.includes(Buffer.from("AtlasPhone"))).toBe(false);
        expect(file.includes(Buffer.from("Exif\0"))).toBe(false);
      }
    }
  });

  it("makes WebP and JPEG derivatives at the standard widths, never enlarged", async () => {
    const answer = await upload(await jpeg(2400, 1800));
    expect(answer).toMatchObject({ width: 1600, height: 1200 });
    for (const width of IMAGE_WIDTHS) {
      const webp = await download(`${answer.url}/${width}.webp`);
      expect(webp.headers["content-type"]).toBe("image/webp");
      expect((await sharp(webp.rawPayload).metadata()).width).toBe(width);
      const fallback = await download(`${answer.url}/${width}.jpg`);
      expect(fallback.headers["content-type"]).toBe("image/jpeg");
      expect((await sharp(fallback.rawPayload).metadata()).format).toBe("jpeg");
    }
    // The path itself is the largest JPEG, so it works as an image address anywhere.
    const whole = await download(answer.url);
    expect(whole.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(whole.rawPayload).metadata()).width).toBe(1600);

    const small = await upload(await jpeg(300, 200));
    expect(small).toMatchObject({ width: 300, height: 200 });
    expect(
      (await rest(t.app, "GET", `${small.url}/320.webp`, { cookie: alice.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await sharp((await download(`${small.url}/300.webp`)).rawPayload).metadata()).width,
    ).toBe(300);
  });

  it("serves nothing but an image's own derivatives (no other file, no other path)", async () => {
    const answer = await upload(await jpeg(400, 300));
    const hash = answer.url.split("/").pop() as string;
    for (const path of [
      `/images/${hash}/..%2F..%2Ftest.db`,
      `/images/..%2Ftest.db`,
      `/images/${hash}/400.png`,
      `/images/${hash}/0400.webp`,
      `/images/${hash}/401.webp`,
      `/images/${"f".repeat(64)}/400.webp`,
      `/images/${hash.toUpperCase()}/400.webp`,
      `/images/.incoming`,
    ]) {
      const response = await rest(t.app, "GET", path, { cookie: alice.cookie });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"], path).toMatch(/^application\/json/);
    }
  });

  it("fits a very tall image in the largest derivative's square", async () => {
    const answer = await upload(await jpeg(1000, 5000));
    expect(answer).toMatchObject({ width: 320, height: 1600 });
  });

  it.each([
    ["PNG", (image: Sharp) => image.png(), "scan.png"],
    ["WebP", (image: Sharp) => image.webp(), "photo.webp"],
    ["AVIF", (image: Sharp) => image.avif({ effort: 0 }), "photo.avif"],
    ["GIF", (image: Sharp) => image.gif(), "drawing.gif"],
  ])("accepts %s, recognised by its bytes", async (_format, encode, filename) => {
    const file = await encode(twoColourImage(500, 300)).toBuffer();
    // Named as something else: the name does not matter.
    expect(await upload(file, filename.replace(/\.\w+$/, ".txt"))).toMatchObject({
      width: 500,
      height: 300,
    });
  });

  it("takes the first frame of an animated GIF", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 60, height: 120, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame("#c81414"), await frame("#1414c8")], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);

    const answer = await upload(animated, "loop.gif");
    expect(answer).toMatchObject({ width: 60, height: 120 });
    const [red, , blue] = await pixelAt(
      (await download(`${answer.url}/60.jpg`)).rawPayload,
      30,
      60,
    );
    expect(red).toBeGreaterThan(150);
    expect(blue).toBeLessThan(80);
  });

  it("refuses a 60-megapixel PNG before decoding it, and stores nothing", async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: "#777777" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await uploadImage(t.app, bomb, { cookie: alice.cookie, filename: "bomb.png" });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: MESSAGES.imageTooManyPixels });
    expect(storedHashes()).toEqual([]);
    expect(imageRows()).toBe(0);
    expect(readdirSync(`${t.env.imagesDir}/.incoming`)).toEqual([]);
  });

  it.each([
    ["text named .jpg", Buffer.from("This is not a photograph at all, only words.\n".repeat(50))],
    ["random bytes", Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ["a truncated JPEG header", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])],
  ])("refuses %s as not an image, storing nothing", async (_name, file) => {
    const response = await uploadImage(t.app, file, {
      cookie: alice.cookie,
      filename: "photo.jpg",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: MESSAGES.imageNotAnImage });
    expect(storedHashes()).toEqual([]);
    expect(imageRows()).toBe(0);
  });

  it("refuses a request without a file in the field 'file'", async () => {
    const file = await jpeg(100, 100);
    for (const response of [
      await uploadImage(t.app, file, { cookie: alice.cookie, field: "photo" }),
      await uploadImage(t.app, Buffer.alloc(0), { cookie: alice.cookie }),
      await rest(t.app, "POST", "/images", { cookie: alice.cookie, body: { url: "x" } }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: MESSAGES.imageMissing });
    }
  });

  it("keeps its folders and files private to the server's account (decision 024)", async () => {
    const answer = await upload(await jpeg(400, 300));
    const folder = join(t.env.imagesDir, answer.url.split("/").pop() as string);
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(t.env.imagesDir)).toBe(0o700);
    expect(mode(folder)).toBe(0o700);
    const entries = readdirSync(folder, { withFileTypes: true, recursive: true });
    // The master, the derivatives, and the tiles' folders and files.
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      const path = join(entry.parentPath, entry.name);
      expect(mode(path), path).toBe(entry.isDirectory() ? 0o700 : 0o600);
    }
  });

  it("answers the same image for the same bytes uploaded twice", async () => {
    const file = await jpeg(700, 500);
    const first = await upload(file);
    expect(await upload(file)).toEqual(first);
    expect(imageRows()).toBe(1);
  });
});

describe("the caching of an image's files", () => {
  const IMMUTABLE = "public, max-age=31536000, immutable";
  const UNCACHED = "private, no-store";

  /**
   * The Cache-Control of every door to the image's files as `cookie`'s holder reads them, or
   * "404" when they are not found for them.
   */
  async function cacheControls(url: string, cookie: string): Promise<string[]> {
    const answers = [];
    for (const path of [url, `${url}/640.webp`, `${url}/640.jpg`]) {
      answers.push(await rest(t.app, "GET", path, { cookie }));
    }
    return [
      ...new Set(
        answers.map((answer) =>
          answer.statusCode === 200
            ? String(answer.headers["cache-control"])
            : String(answer.statusCode),
        ),
      ),
    ];
  }

  it("caches an image for a year only while a public artifact shows it; else only those who may see it get it", async () => {
    const visitor = "";
    const stranger = await createUserWithSession(t, { name: "Stranger Things" });
    const image = await upload(await jpeg(800, 600));
    // Uploaded, not yet saved with an artifact: only its uploader sees it.
    expect(await cacheControls(image.url, alice.cookie)).toEqual([UNCACHED]);
    expect(await cacheControls(image.url, visitor)).toEqual(["404"]);
    expect(await cacheControls(image.url, stranger.cookie)).toEqual(["404"]);
    const artifact = await addArtifact(t, alice, { artifactImage: image.url });
    expect(await cacheControls(image.url, visitor)).toEqual([IMMUTABLE]);

    const setState = (sql: string) => t.db.$client.prepare(sql).run(artifact.id);
    for (const [state, hide, show] of [
      ["pending", "update artifacts set status = 'pending' where id = ?", "status = 'published'"],
      ["hidden", "update artifacts set status = 'hidden' where id = ?", "status = 'published'"],
      ["rejected", "update artifacts set status = 'rejected' where id = ?", "status = 'published'"],
      ["trashed", "update artifacts set deleted_at = 1 where id = ?", "deleted_at = null"],
    ] as const) {
      setState(hide);
      expect(await cacheControls(image.url, visitor), state).toEqual(["404"]);
      expect(await cacheControls(image.url, stranger.cookie), state).toEqual(["404"]);
      expect(await cacheControls(image.url, alice.cookie), state).toEqual([UNCACHED]);
      setState(`update artifacts set ${show} where id = ?`);
      expect(await cacheControls(image.url, visitor), state).toEqual([IMMUTABLE]);
    }

    // Another public artifact showing it is enough, as any of its images.
    setState("update artifacts set status = 'hidden' where id = ?");
    await addArtifact(t, alice, {
      artifactName: "The same photo, second",
      artifactImage: "https://images.example.org/front.jpg",
      images: [
        { url: "https://images.example.org/front.jpg", alt: "", caption: "", credit: "" },
        { url: image.url, alt: "", caption: "", credit: "" },
      ],
    });
    expect(await cacheControls(image.url, visitor)).toEqual([IMMUTABLE]);
  });

  it("finds a public artifact that shows an image through the uploaded images' index", () => {
    const { shownPublicly } = t.app.deps.images.statements;
    const plan = (
      t.db.$client.prepare(`explain query plan ${shownPublicly.source}`).all("/images/x") as {
        detail: string;
      }[]
    ).map((step) => step.detail);
    expect(plan).toEqual([
      "SEARCH image USING COVERING INDEX artifact_images_uploaded_idx (url=?)",
      "SEARCH artifacts USING INTEGER PRIMARY KEY (rowid=?)",
    ]);
  });
});

describe("artifacts with an uploaded image", () => {
  it("carry the image's size and placeholder in every answer, and its description", async () => {
    const image = await upload(await jpeg(1800, 1200));
    const created = await addArtifact(t, alice, {
      artifactImage: image.url,
      imageAlt: "A red and blue panel",
    });
    expect(created).toMatchObject({
      artifactImage: image.url,
      imageAlt: "A red and blue panel",
      imageWidth: 1600,
      imageHeight: 1067,
      imagePlaceholder: expect.stringMatching(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/),
    });
    expect((created.imagePlaceholder ?? "").length).toBeLessThan(600);
    const byId = await trpc(t.app, "query", "artifacts.byId", { id: created.id });
    expect(byId.data).toEqual(created);
    const list = await trpc(t.app, "query", "artifacts.list", { sort: "default", page: 1 });
    // The list shows what everyone sees: the artifact without its review state or its images.
    const {
      status: _status,
      statusReason: _reason,
      statusNote: _note,
      images: _images,
      ...seen
    } = created;
    expect((list.data as { items: Artifact[] }).items[0]).toEqual(seen);
    const restAnswer = await rest(t.app, "GET", `/artifacts/${created.id}`);
    expect(restAnswer.json()).toMatchObject({ imageWidth: 1600, imageAlt: "A red and blue panel" });
  });

  it("refuses an image path the server does not have", async () => {
    const result = await trpc(
      t.app,
      "mutation",
      "artifacts.create",
      {
        artifactName: "Ghost",
        artifactImage: `/images/${"0".repeat(64)}`,
        artifactType: "Tools",
        historicalContext: "None.",
        createdAt: "1",
        discoveredAt: "2",
        discoveredBy: "3",
        presentLocation: "4",
      },
      alice.cookie,
    );
    expect(result.status).toBe(400);
    expect(result.error?.message).toBe(MESSAGES.imageNotFound);
    // Shown beside the image field, as a validation message would be.
    expect(
      (result.error?.data as { zodError?: { fieldErrors: Record<string, string[]> } }).zodError
        ?.fieldErrors,
    ).toEqual({ artifactImage: [MESSAGES.imageNotFound] });
  });

  it("takes imageAlt through REST too, within 250 characters", async () => {
    const image = await upload(await jpeg(500, 400));
    const body = addArtifactBody(alice, {
      artifactImage: image.url,
      imageAlt: "Three bands of colour",
    });
    const created = await rest(t.app, "POST", "/artifacts", { cookie: alice.cookie, body });
    expect(created.statusCode).toBe(201);
    expect((created.json() as { artifact: Artifact }).artifact).toMatchObject({
      imageAlt: "Three bands of colour",
      imageWidth: 500,
      imageHeight: 400,
    });
    const tooLong = await rest(t.app, "POST", "/artifacts", {
      cookie: alice.cookie,
      body: { ...body, imageAlt: "x".repeat(251) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: `imageAlt: ${MESSAGES.fieldTooLong("Image description", 250)}`,
    });
  });
});
