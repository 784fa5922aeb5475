import sharp, { type Metadata } from "sharp";
import { derivativeWidths, IMAGE_MAX_SIDE, MESSAGES } from "@artifact-atlas/shared";
import { ServiceError } from "../errors";
import { assertDecodable } from "./decode-limits";

/*
 * What the server makes of an uploaded file (issue 19), with sharp (libvips): the image upright from
 * its EXIF orientation, no metadata at all, derivatives in WebP and JPEG at the widths the web app
 * asks for, and a tiny placeholder. libvips works outside the JavaScript heap; the queue
 * (queue.ts) runs one image at a time, so its memory is one image's, and decode-limits.ts keeps
 * that within its budget (docs/operations.md).
 */

/** What sharp reports for the formats an upload may be in; AVIF is HEIF compressed with AV1. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** libvips' loaders of those formats: every other loader (SVG, TIFF, PDF, ...) is never run. */
const ACCEPTED_LOADERS = [
  "VipsForeignLoadJpeg",
  "VipsForeignLoadPng",
  "VipsForeignLoadWebp",
  "VipsForeignLoadNsgif",
  "VipsForeignLoadHeif",
];

/** How long processing one upload may take (decoding and every derivative); past it, it stops. */
export const PROCESSING_TIMEOUT_SECONDS = 10;

/** sharp's settings for a server that processes one image at a time in a small memory budget. */
export function configureSharp(): void {
  // One libvips thread per image, and no cache of decoded images between uploads: each upload is
  // seen once, so a cache would only hold memory.
  sharp.concurrency(1);
  sharp.cache(false);
  // Not even a header is read by a loader the uploads do not need.
  sharp.block({ operation: ["VipsForeignLoad"] });
  sharp.unblock({ operation: ACCEPTED_LOADERS });
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
  /** What the derivatives take on disk. */
  bytes: number;
}

/** What reading the header found: the most pixels libvips may decode (decode-limits.ts). */
export interface CheckedUpload {
  maxPixels: number;
}

/** When the work stops: the client left (`signal`), or the time is up (`deadline`, ms). */
export interface ProcessingBounds {
  signal: AbortSignal;
  deadline: number;
}

function notAnImage(): ServiceError {
  return new ServiceError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.imageNotAnImage);
}

function tookTooLong(): ServiceError {
  return new ServiceError(
    "SERVICE_UNAVAILABLE",
    MESSAGES.imageProcessingTooLong(PROCESSING_TIMEOUT_SECONDS),
  );
}

/**
 * The timeout of sharp's next step, once the client is known to be waiting: the time left, in
 * whole seconds (sharp's unit), so that libvips itself stops a step that runs past the deadline.
 */
function nextStep(bounds: ProcessingBounds): { seconds: number } {
  bounds.signal.throwIfAborted();
  const left = bounds.deadline - Date.now();
  if (left <= 0) throw tookTooLong();
  return { seconds: Math.ceil(left / 1000) };
}

/** A failure of sharp in our words: the time ran out, or the file is not an image we can use. */
function failure(error: unknown, bounds: ProcessingBounds): unknown {
  if (bounds.signal.aborted || error instanceof ServiceError) return error;
  if (error instanceof Error && error.message.startsWith("timeout:")) return tookTooLong();
  return notAnImage();
}

/**
 * Reads the file's header only: its format by its bytes (never its name), its size, bit depth and
 * interlacing, so that what would take too much memory to open is refused before a pixel of it
 * is decoded (decode-limits.ts).
 */
export async function checkUpload(path: string): Promise<CheckedUpload> {
  let metadata: Metadata;
  try {
    // No pixel limit for the header itself, so that a huge image is refused by our own check,
    // which says why, rather than by sharp's, which cannot.
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  const isAvif = metadata.format === "heif" && metadata.compression === "av1";
  if (!ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === "heif" && !isAvif)) {
    throw notAnImage();
  }
  return { maxPixels: assertDecodable(metadata) };
}

/** The image upright, within the largest derivative's box, as raw 8-bit pixels. */
async function decodeUpright(path: string, checked: CheckedUpload, bounds: ProcessingBounds) {
  try {
    return await sharp(path, {
      // The header was checked; this is libvips' own guard against a header that lies.
      limitInputPixels: checked.maxPixels,
      sequentialRead: true,
      // libvips' own limits on what a PNG's text chunks may make it hold stay on.
      unlimited: false,
      // A slightly damaged photo (a truncated thumbnail, an odd marker) still has pixels to show.
      failOn: "error",
    })
      .timeout(nextStep(bounds))
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
  } catch (error) {
    throw failure(error, bounds);
  }
}

/**
 * Turns the uploaded file at `path`, checked by checkUpload, into its derivatives and placeholder.
 * Stops between steps when the client has left, and within the deadline.
 */
export async function processImage(
  path: string,
  checked: CheckedUpload,
  bounds: ProcessingBounds,
): Promise<ProcessedImage> {
  const { data, info } = await decodeUpright(path, checked, bounds);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const base = () => sharp(data, raw).timeout(nextStep(bounds));

  try {
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
      bytes: derivatives.reduce((sum, { webp, jpeg }) => sum + webp.length + jpeg.length, 0),
    };
  } catch (error) {
    throw failure(error, bounds);
  }
}
