import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { relative } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { TEST_ORIGIN } from "./app";

/*
 * Real image files made in the tests with sharp, and uploads of them as a browser's form sends
 * them (multipart/form-data, field "file").
 */

export interface UploadOptions {
  filename?: string;
  contentType?: string;
  field?: string;
  cookie?: string;
  /** The Origin header; null sends none. */
  origin?: string | null;
}

/** A multipart/form-data body with one file part. */
export function multipartBody(file: Buffer, options: UploadOptions = {}) {
  const boundary = `----atlas${randomBytes(8).toString("hex")}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.field ?? "file"}"; filename="${options.filename ?? "photo.jpg"}"\r\n` +
    `Content-Type: ${options.contentType ?? "image/jpeg"}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POST /images through the app, signed in as `cookie`'s owner, from the app's origin. */
export function uploadImage(
  app: FastifyInstance,
  file: Buffer,
  options: UploadOptions = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(file, options);
  const headers: Record<string, string> = { "content-type": contentType };
  const origin = options.origin === undefined ? TEST_ORIGIN : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({ method: "POST", url: "/images", headers, payload });
}

export interface UploadAnswer {
  url: string;
  width: number;
  height: number;
}

/** A photo-like JPEG: two colour halves, left and right, so that a rotation shows. */
export function twoColourImage(width: number, height: number) {
  const half = Math.floor(width / 2);
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 20, b: 20 } },
  }).composite([
    {
      input: {
        create: { width: width - half, height, channels: 3, background: { r: 20, g: 20, b: 200 } },
      },
      left: half,
      top: 0,
    },
  ]);
}

/** A plain JPEG of the given size. */
export async function jpeg(width: number, height: number): Promise<Buffer> {
  return twoColourImage(width, height).jpeg({ quality: 85 }).toBuffer();
}

/** The colour of one pixel of an image file, as [r, g, b]. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Array.from(data.subarray(0, Math.min(3, info.channels)));
}

/**
 * How many files an images folder holds, uploads still arriving (dot-named) left out: what a
 * backup carries. Each upload has its derivatives, its master and its IIIF tiles (issue 30).
 */
export function imageFilesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (entry) =>
      entry.isFile() &&
      !relative(dir, `${entry.parentPath}/${entry.name}`)
        .split("/")
        .some((part) => part.startsWith(".")),
  ).length;
}
