import { rm } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type Metadata } from "sharp";
import {
  derivativeWidths,
  IMAGE_MASTER_MAX_SIDE,
  IMAGE_MAX_SIDE,
  MESSAGES,
} from "@artifact-atlas/shared";
import { ServiceError } from "../errors";
import { assertDecodable } from "./decode-limits";
import { folderBytes, MASTER_FILE, TILES_FOLDER } from "./storage";

/*
 * What the server makes of an uploaded file (issues 19 and 30), with sharp (libvips): a master,
 * upright from its EXIF orientation, without any metadata, up to 6,000 px; from the master,
 * derivatives in WebP and JPEG at the widths the web app asks for, a tiny placeholder, and a IIIF
 * tile pyramid for deep zoom. libvips works outside the JavaScript heap; the queue (queue.ts) runs
 * one image at a time, so its memory is one image's, and decode-limits.ts keeps that within its
 * budget (docs/operations.md).
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

/** What processing made of an upload, in its work folder (storage.ts names the files). */
export interface ProcessedImage {
  /** The largest derivative's size: upright, within IMAGE_MAX_SIDE on each side, never enlarged. */
  width: number;
  height: number;
  /** The master's size, and its tiles': upright, within IMAGE_MASTER_MAX_SIDE, never enlarged. */
  masterWidth: number;
  masterHeight: number;
  /** A blurred-looking WebP about 16 pixels wide, as a data: URL. */
  placeholder: string;
  /** What the master, the derivatives and the tiles take on disk. */
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
  // The disk's own failures (full, unwritable) are the server's, not the image's.
  if ((error as NodeJS.ErrnoException).code !== undefined) return error;
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

/** The JPEG quality of the master, which every derivative and tile is made from. */
const MASTER_QUALITY = 90;
/** The IIIF tiles' size and JPEG quality: 512 px is what IIIF viewers ask for by default. */
const TILE_SIZE = 512;
const TILE_QUALITY = 80;

/**
 * The master: the image upright, in sRGB, fitted in IMAGE_MASTER_MAX_SIDE, on white where it was
 * transparent, as a baseline JPEG without metadata. Without Huffman optimisation: libjpeg then
 * holds the whole image's coefficients to write it (157 MB more for 24 megapixels, 20 without).
 */
async function makeMaster(
  path: string,
  checked: CheckedUpload,
  bounds: ProcessingBounds,
  target: string,
) {
  return sharp(path, {
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
      width: IMAGE_MASTER_MAX_SIDE,
      height: IMAGE_MASTER_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    })
    .toColourspace("srgb")
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: MASTER_QUALITY, optimiseCoding: false })
    .toFile(target);
}

/**
 * How the master is read for the derivatives and the tiles: our own baseline JPEG, so at most
 * IMAGE_MASTER_MAX_SIDE squared pixels, read in strips; libvips' guard holds it to that too.
 */
const MASTER_READ = {
  sequentialRead: true,
  limitInputPixels: IMAGE_MASTER_MAX_SIDE * IMAGE_MASTER_MAX_SIDE,
} as const;

/** The master within the largest derivative's box, as raw 8-bit pixels. */
async function decodeForDerivatives(master: string, bounds: ProcessingBounds) {
  return sharp(master, MASTER_READ)
    .timeout(nextStep(bounds))
    .resize({
      width: IMAGE_MAX_SIDE,
      height: IMAGE_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Turns the uploaded file at `path`, checked by checkUpload, into its master, its derivatives,
 * its placeholder and its IIIF Image API 3 level-0 tile pyramid, all written into `work`
 * (storage.ts: master.jpg, <width>.webp and .jpg, iiif/). Stops between steps when the client has
 * left, and within the deadline.
 */
export async function processImage(
  path: string,
  checked: CheckedUpload,
  bounds: ProcessingBounds,
  work: string,
): Promise<ProcessedImage> {
  try {
    const master = join(work, MASTER_FILE);
    const made = await makeMaster(path, checked, bounds, master);
    const { data, info } = await decodeForDerivatives(master, bounds);
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const base = () => sharp(data, raw).timeout(nextStep(bounds));
    for (const width of derivativeWidths(info.width)) {
      const resized = () => (width === info.width ? base() : base().resize({ width }));
      await resized()
        .webp({ quality: 78 })
        .toFile(join(work, `${width}.webp`));
      // Plain libjpeg-turbo: mozjpeg's smaller files cost twenty times the time
      // (docs/benchmarks.md), for the fallback few browsers use.
      await resized()
        .jpeg({ quality: 80, progressive: true, optimiseCoding: true })
        .toFile(join(work, `${width}.jpg`));
    }
    const tiny = await base()
      .resize({ width: 16, height: 16, fit: "inside" })
      .webp({ quality: 40 })
      .toBuffer();
    // sharp writes the pyramid and its info.json; the service's id is written when it is served.
    await sharp(master, MASTER_READ)
      .timeout(nextStep(bounds))
      .jpeg({ quality: TILE_QUALITY, optimiseCoding: false })
      .tile({ layout: "iiif3", size: TILE_SIZE, id: "iiif" })
      .toFile(join(work, TILES_FOLDER));
    // libvips also writes the master's properties beside the pyramid: nothing anyone reads.
    await rm(join(work, "vips-properties.xml"), { force: true });
    bounds.signal.throwIfAborted();
    return {
      width: info.width,
      height: info.height,
      masterWidth: made.width,
      masterHeight: made.height,
      placeholder: `data:image/webp;base64,${tiny.toString("base64")}`,
      bytes: await folderBytes(work),
    };
  } catch (error) {
    throw failure(error, bounds);
  }
}
