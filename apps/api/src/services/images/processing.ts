import sharp, { type Metadata } from "sharp";
import {
  derivativeWidths,
  IMAGE_MAX_SIDE,
  IMAGE_UPLOAD_LIMITS,
  MESSAGES,
} from "@artifact-atlas/shared";
import { ServiceError } from "../errors";

/*
 * What the server makes of an uploaded file (issue 19), with sharp (libvips): the image upright from
 * its EXIF orientation, no metadata at all, derivatives in WebP and JPEG at the widths the web app
 * asks for, and a tiny placeholder. libvips works outside the JavaScript heap; the queue
 * (queue.ts) runs one image at a time, so its memory is one image's (docs/operations.md).
 */

/** What sharp reports for the formats an upload may be in; AVIF is HEIF compressed with AV1. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** sharp's settings for a server that processes one image at a time in a small memory budget. */
export function configureSharp(): void {
  // One libvips thread per image, and no cache of decoded images between uploads: each upload is
  // seen once, so a cache would only hold memory.
  sharp.concurrency(1);
  sharp.cache(false);
}

export interface Derivative {
  width: number;
  height: number;
  webp: Buffer;
  jpeg: Buffer;
}

export interface ProcessedImage {
  /** The largest derivative's size: upright, within IMAGE_MAX_SIDE on each side, never enlarged. */
  width: number;
  height: number;
  /** A blurred-looking WebP about 16 pixels wide, as a data: URL. */
  placeholder: string;
  derivatives: Derivative[];
}

function notAnImage(): ServiceError {
  return new ServiceError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.imageNotAnImage);
}

/**
 * Reads the file's header only: its format by its bytes (never its name), and its size, so that a
 * decompression bomb is refused before a pixel of it is decoded.
 */
async function checkHeader(path: string): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(path).metadata();
  } catch {
    throw notAnImage();
  }
  const isAvif = metadata.format === "heif" && metadata.compression === "av1";
  if (!ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === "heif" && !isAvif)) {
    throw notAnImage();
  }
  if (metadata.width * metadata.height > IMAGE_UPLOAD_LIMITS.maxPixels) {
    throw new ServiceError("PAYLOAD_TOO_LARGE", MESSAGES.imageTooManyPixels);
  }
}

/** The image upright, within the largest derivative's box, as raw 8-bit pixels. */
async function decodeUpright(path: string) {
  try {
    return await sharp(path, {
      // The header was checked; this is libvips' own guard against a header that lies.
      limitInputPixels: IMAGE_UPLOAD_LIMITS.maxPixels,
      sequentialRead: true,
      // A slightly damaged photo (a truncated thumbnail, an odd marker) still has pixels to show.
      failOn: "error",
    })
      .rotate()
      .resize({
        width: IMAGE_MAX_SIDE,
        height: IMAGE_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage();
  }
}

/** Turns the uploaded file at `path` into its derivatives and placeholder, or refuses it. */
export async function processImage(path: string): Promise<ProcessedImage> {
  await checkHeader(path);
  const { data, info } = await decodeUpright(path);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const base = () => sharp(data, raw);

  const derivatives: Derivative[] = [];
  for (const width of derivativeWidths(info.width)) {
    const resized = () => (width === info.width ? base() : base().resize({ width }));
    const webp = await resized().webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
    // JPEG has no transparency: a transparent PNG is laid on white. Plain libjpeg-turbo: mozjpeg's
    // smaller files cost twenty times the time (docs/benchmarks.md), for the fallback few browsers use.
    const jpeg = await resized()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, progressive: true, optimiseCoding: true })
      .toBuffer();
    derivatives.push({ width, height: webp.info.height, webp: webp.data, jpeg });
  }
  const tiny = await base()
    .resize({ width: 16, height: 16, fit: "inside" })
    .webp({ quality: 40 })
    .toBuffer();
  return {
    width: info.width,
    height: info.height,
    placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
    derivatives,
  };
}
