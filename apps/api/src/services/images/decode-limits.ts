import type { Metadata } from "sharp";
import { IMAGE_UPLOAD_LIMITS, MESSAGES } from "@artifact-atlas/shared";
import { ServiceError } from "../errors";

/*
 * What opening an upload costs in memory, read from its header before a pixel is decoded
 * (issue 28, docs/decisions/035-uploaded-images-and-derivatives.md, 2026-11-28). libvips streams a
 * baseline JPEG and a WebP, shrinking them as it reads, so their cost hardly grows with their
 * size; every other kind is held whole, or in strips hundreds of rows long, and a small file can
 * describe a huge one (a 1 KB AVIF of 50 megapixels took the server to 1.36 GB). Each kind's cost
 * per pixel (or per column) was measured with the server's own pipeline, with a margin.
 */

/** The memory the decoding of one upload may take, besides the ~35 MB any upload's processing takes. */
export const DECODE_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * Rows of a non-interlaced PNG that libvips' pipeline holds at once (measured: 875 to 1,480 from
 * 4,000 to 35,000 pixels wide), so its cost grows with its width, not its height.
 */
const PNG_ROWS_HELD = 1500;

interface DecodeCost {
  /** The kind in people's words: "12-bit AVIF", "interlaced PNG", "progressive JPEG". */
  kind: string;
  /** Bytes held per pixel of the whole image, for kinds decoded whole. */
  perPixel?: number;
  /** Bytes held per column, for kinds held in strips of PNG_ROWS_HELD rows. */
  perColumn?: number;
}

const bytesPerSample = (metadata: Metadata) => ((metadata.bitsPerSample ?? 8) > 8 ? 2 : 1);
const deep = (metadata: Metadata) => (metadata.bitsPerSample ?? 8) > 8;

/**
 * Samples per pixel a JPEG keeps: one of luma and a fraction of each chroma channel ("4:2:0" keeps
 * a quarter of each: 1.5), one more for a fourth channel (CMYK's "4:4:4:4").
 */
function jpegSamplesPerPixel(metadata: Metadata): number {
  const [j, a, b, fourth] = (metadata.chromaSubsampling ?? "").split(":").map(Number);
  if (!j || a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b)) {
    return metadata.channels;
  }
  const chroma = metadata.channels < 3 ? 0 : (a / j) * (b === 0 ? 0.5 : 1);
  return 1 + 2 * chroma + (fourth ? 1 : 0);
}

/** The kind of image the header describes, and what decoding it holds; null when it streams. */
function decodeCost(metadata: Metadata): DecodeCost | null {
  const { format, channels, isProgressive } = metadata;
  const bits = deep(metadata) ? `${metadata.bitsPerSample}-bit ` : "";
  switch (format) {
    case "heif":
      // libheif and its AV1 decoder hold several full copies: 18 bytes a pixel at 8 bits (RGB),
      // 24 at 10 or 12 (measured from 4 to 50 megapixels).
      return { kind: `${bits}AVIF`, perPixel: channels * (deep(metadata) ? 8 : 6) };
    case "png":
      return isProgressive
        ? // Adam7 interlacing is decoded whole: 4.9 bytes a pixel for 8-bit RGBA, 9.4 for 16-bit.
          { kind: `${bits}interlaced PNG`, perPixel: channels * bytesPerSample(metadata) * 1.25 }
        : { kind: `${bits}PNG`, perColumn: channels * bytesPerSample(metadata) * PNG_ROWS_HELD };
    case "jpeg":
      // A progressive JPEG keeps every coefficient (2 bytes a sample) until its last scan.
      return isProgressive
        ? { kind: "progressive JPEG", perPixel: 2.2 * jpegSamplesPerPixel(metadata) }
        : null;
    case "gif":
      // The frame is drawn on a canvas the size of the whole image: 4 to 5 bytes a pixel.
      return { kind: "GIF", perPixel: 5 };
    default:
      // WebP shrinks on load, animated or not (measured flat from 4 to 50 megapixels).
      return null;
  }
}

/** Megapixels to one decimal, rounded up (an image's) or down (a limit), so the two never meet. */
const megapixels = (pixels: number, round: (value: number) => number) =>
  (round(pixels / 100_000) / 10).toFixed(1);

/**
 * Refuses, with a message that names the kind, the image's size and the limit, an image whose
 * decoding would take more than DECODE_BUDGET_BYTES or that has more than 50 megapixels. Answers
 * the most pixels libvips may then decode (its `limitInputPixels`, the second guard).
 */
export function assertDecodable(metadata: Metadata): number {
  const pixels = metadata.width * metadata.height;
  if (pixels > IMAGE_UPLOAD_LIMITS.maxPixels) {
    throw new ServiceError("PAYLOAD_TOO_LARGE", MESSAGES.imageTooManyPixels);
  }
  const cost = decodeCost(metadata);
  if (cost?.perPixel !== undefined) {
    const maxPixels = Math.floor(DECODE_BUDGET_BYTES / cost.perPixel);
    if (pixels > maxPixels) {
      throw new ServiceError(
        "PAYLOAD_TOO_LARGE",
        MESSAGES.imageTooLargeToOpen(
          cost.kind,
          megapixels(pixels, Math.ceil),
          megapixels(maxPixels, Math.floor),
        ),
      );
    }
    return maxPixels;
  }
  if (cost?.perColumn !== undefined) {
    const maxWidth = Math.floor(DECODE_BUDGET_BYTES / cost.perColumn);
    if (metadata.width > maxWidth) {
      throw new ServiceError(
        "PAYLOAD_TOO_LARGE",
        MESSAGES.imageTooWideToOpen(cost.kind, metadata.width, maxWidth),
      );
    }
  }
  return IMAGE_UPLOAD_LIMITS.maxPixels;
}
