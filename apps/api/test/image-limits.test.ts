import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { MESSAGES } from "@artifact-atlas/shared";
import { checkUpload, processImage } from "../src/services/images/processing";
import { createTestApp, type TestApp } from "./support/app";
import { jpeg, twoColourImage, uploadImage } from "./support/images";
import { createUserWithSession, type SignedInUser } from "./support/users";

/*
 * Issue 28's limits of an upload, through POST /images of the real app: what each kind of image
 * may be before it is opened, one upload at a time per account, the per-account quota, and the
 * processing that stops when its client leaves or its time is up. The memory itself is measured on
 * the real server process in test/attacks/image-bombs.test.ts.
 */

let t: TestApp;
let alice: SignedInUser;

/** A fresh app with `env`, and Alice signed in, for each test of the describe it is called in. */
function eachTestWithApp(env: NodeJS.ProcessEnv = {}): void {
  beforeEach(async () => {
    t = await createTestApp(env);
    alice = await createUserWithSession(t);
  });
  afterEach(async () => {
    await t.close();
  });
}

/** The image folders on disk (named by hash). */
function storedHashes(): string[] {
  return readdirSync(t.env.imagesDir).filter((name) => name !== ".incoming");
}

function grey(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: "#808080" } });
}

/** A photo of noise, which no encoder can make small. */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A PNG whose header says `width` × `height` and whose data is a few bytes, written by hand. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1000))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("what each kind of image may be before it is opened", () => {
  eachTestWithApp();

  const refusals: [string, () => Promise<Buffer>, string][] = [
    [
      "a 12-bit AVIF of 4 megapixels",
      () => grey(2000, 2000).avif({ bitdepth: 12, effort: 0 }).toBuffer(),
      MESSAGES.imageTooLargeToOpen("12-bit AVIF", "4.0", "2.7"),
    ],
    [
      "an 8-bit AVIF of 4 megapixels",
      () => grey(2000, 2000).avif({ effort: 0 }).toBuffer(),
      MESSAGES.imageTooLargeToOpen("AVIF", "4.0", "3.7"),
    ],
    [
      "a 16-bit interlaced PNG of 9 megapixels",
      () => grey(3000, 3000, 4).toColourspace("rgb16").png({ progressive: true }).toBuffer(),
      MESSAGES.imageTooLargeToOpen("16-bit interlaced PNG", "9.0", "6.7"),
    ],
    [
      "a progressive JPEG of 12 megapixels that keeps all its colour",
      () => grey(4000, 3000).jpeg({ progressive: true, chromaSubsampling: "4:4:4" }).toBuffer(),
      MESSAGES.imageTooLargeToOpen("progressive JPEG", "12.0", "10.1"),
    ],
    [
      "a GIF of 14 megapixels",
      () => grey(4000, 3500).gif().toBuffer(),
      MESSAGES.imageTooLargeToOpen("GIF", "14.0", "13.4"),
    ],
    [
      "a 16-bit PNG 6,000 pixels wide",
      () => grey(6000, 100, 4).toColourspace("rgb16").png().toBuffer(),
      MESSAGES.imageTooWideToOpen("16-bit PNG", 6000, 5592),
    ],
    [
      "a PNG declaring 20,000 × 20,000 pixels",
      async () => pngDeclaring(20_000, 20_000),
      MESSAGES.imageTooManyPixels,
    ],
  ];

  it.each(refusals)("refuses %s, saying why and the limit", async (_name, make, message) => {
    const response = await uploadImage(t.app, await make(), { cookie: alice.cookie });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: message });
    expect(storedHashes()).toEqual([]);
    expect(readdirSync(join(t.env.imagesDir, ".incoming"))).toEqual([]);
  });

  const acceptances: [string, () => Promise<Buffer>][] = [
    ["an 8-bit AVIF of 3.2 megapixels", () => grey(1800, 1800).avif({ effort: 0 }).toBuffer()],
    [
      "an 8-bit interlaced PNG of 9 megapixels",
      () => grey(3000, 3000, 4).png({ progressive: true }).toBuffer(),
    ],
    [
      "a progressive JPEG of 12 megapixels with the usual halved colour",
      () => grey(4000, 3000).jpeg({ progressive: true, chromaSubsampling: "4:2:0" }).toBuffer(),
    ],
    ["an 8-bit PNG 6,000 pixels wide", () => grey(6000, 100).png().toBuffer()],
  ];

  it.each(acceptances)("takes %s", async (_name, make) => {
    const response = await uploadImage(t.app, await make(), { cookie: alice.cookie });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe("one upload at a time per account", () => {
  eachTestWithApp();

  it("refuses an account's second upload while its first is going, not another account's", async () => {
    const bob = await createUserWithSession(t);
    const [first, second, other] = await Promise.all([
      uploadImage(t.app, await jpeg(3000, 2000), { cookie: alice.cookie }),
      uploadImage(t.app, await jpeg(300, 200), { cookie: alice.cookie }),
      uploadImage(t.app, await jpeg(400, 300), { cookie: bob.cookie }),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(429);
    expect(second.headers["retry-after"]).toBe("5");
    expect(second.json()).toEqual({ error: MESSAGES.imageUploadInProgress });
    expect(other.statusCode).toBe(201);
    // Once the first is done, the next goes through.
    const next = await uploadImage(t.app, await jpeg(300, 200), { cookie: alice.cookie });
    expect(next.statusCode).toBe(201);
  });
});

describe("the per-account quota", () => {
  eachTestWithApp({ IMAGE_QUOTA_MB: "1" });

  const usedBy = (account: SignedInUser) =>
    t.db.$client
      .prepare("select coalesce(sum(bytes), 0) from image_uploaders where uploaded_by = ?")
      .pluck()
      .get(account.id) as number;

  it("refuses an upload that would take an account past it, and counts each image once", async () => {
    // The derivatives of a photo of noise take more than 1 MB.
    const big = await noise(1600, 1600).jpeg({ quality: 90 }).toBuffer();
    const refused = await uploadImage(t.app, big, { cookie: alice.cookie });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: MESSAGES.imageQuotaFull(1) });
    expect(storedHashes()).toEqual([]);
    expect(usedBy(alice)).toBe(0);

    const small = await twoColourImage(600, 400).png().toBuffer();
    expect((await uploadImage(t.app, small, { cookie: alice.cookie })).statusCode).toBe(201);
    const [hash] = storedHashes();
    const onDisk = readdirSync(join(t.env.imagesDir, hash as string)).length;
    expect(onDisk).toBeGreaterThan(0);
    expect(usedBy(alice)).toBeGreaterThan(0);

    // The same bytes from another account are the same files: they cost that account nothing.
    const bob = await createUserWithSession(t);
    expect((await uploadImage(t.app, small, { cookie: bob.cookie })).statusCode).toBe(201);
    expect(usedBy(bob)).toBe(0);
  });

  it("refuses at once, before reading a byte of it, an upload from an account at its quota", async () => {
    // The operator lowered the quota below what the account already uses.
    const first = await uploadImage(t.app, await jpeg(640, 480), { cookie: alice.cookie });
    expect(first.statusCode).toBe(201);
    t.db.$client
      .prepare("update image_uploaders set bytes = ? where uploaded_by = ?")
      .run(1024 * 1024, alice.id);
    // Not even an image: had it been read, it would have been refused as one (415).
    const response = await uploadImage(t.app, randomBytes(4096), { cookie: alice.cookie });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: MESSAGES.imageQuotaFull(1) });
  });

  it("lets an account's use go with the account", async () => {
    expect(
      (await uploadImage(t.app, await jpeg(640, 480), { cookie: alice.cookie })).statusCode,
    ).toBe(201);
    expect(usedBy(alice)).toBeGreaterThan(0);
    t.db.$client.prepare("delete from users where id = ?").run(alice.id);
    expect(t.db.$client.prepare("select count(*) from image_uploaders").pluck().get()).toBe(0);
  });
});

describe("processing that stops", () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "atlas-image-bounds-"));
    file = join(dir, "scan.png");
    // 49 megapixels of PNG: seconds of decoding.
    writeFileSync(file, await grey(7000, 7000).png().toBuffer());
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const later = () => Date.now() + 60_000;
  /** A fresh folder for the image's files. */
  const work = () => mkdtempSync(join(dir, "work-"));

  it("does nothing for a client that has already left", async () => {
    const checked = await checkUpload(file);
    const signal = AbortSignal.abort();
    await expect(processImage(file, checked, { signal, deadline: later() }, work())).rejects.toBe(
      signal.reason,
    );
  });

  it("stops when its client leaves while it runs", async () => {
    const checked = await checkUpload(file);
    const leaving = new AbortController();
    const processing = processImage(
      file,
      checked,
      { signal: leaving.signal, deadline: later() },
      work(),
    );
    setTimeout(() => leaving.abort(), 50);
    await expect(processing).rejects.toMatchObject({ name: "AbortError" });
  });

  it("stops, saying so, when its time is up", async () => {
    const checked = await checkUpload(file);
    const signal = new AbortController().signal;
    await expect(
      processImage(file, checked, { signal, deadline: Date.now() }, work()),
    ).rejects.toThrow(MESSAGES.imageProcessingTooLong(10));
  });
});
