/*
 * Uploaded images (issue 19): the limits both apps state, the path an upload is known by, and the
 * widths of its derivatives, so that the server makes exactly the files the web app asks for.
 */

/** What an upload may be: at most this many bytes and pixels (a decompression bomb has many pixels). */
export const IMAGE_UPLOAD_LIMITS = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 50_000_000,
} as const;

/** The formats an upload may be in, recognised by its bytes (GIF: its first frame). */
export const IMAGE_UPLOAD_FORMATS = ["JPEG", "PNG", "WebP", "AVIF", "GIF"] as const;

/** The most images one artifact holds (issue 30); the first is its artifactImage. */
export const MAX_ARTIFACT_IMAGES = 12;

/** The widths of the derivatives, in pixels; an image narrower than one is never enlarged to it. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;

/** The derivatives fit in a square of the largest width, so a very tall image stays small too. */
export const IMAGE_MAX_SIDE = 1600;

/**
 * The master each upload keeps (issue 30): fitted in this square, never enlarged. Every derivative
 * and the IIIF tiles are made from it; 6,000 px is a 24-megapixel photo's long edge.
 */
export const IMAGE_MASTER_MAX_SIDE = 6000;

/** The path an upload is stored under, which goes in artifactImage: /images/<sha-256 in hex>. */
export const UPLOADED_IMAGE_PATH = /^\/images\/([0-9a-f]{64})$/;

export function isUploadedImagePath(value: string): boolean {
  return UPLOADED_IMAGE_PATH.test(value);
}

/**
 * The widths an image of `width` pixels (its largest derivative's width) has derivatives at: every
 * standard width below it, and its own.
 */
export function derivativeWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((standard) => standard < width), width];
}

/** A derivative's path: /images/<hash>/<width>.webp or .jpg (the JPEG is the fallback). */
export function derivativePath(imagePath: string, width: number, format: "webp" | "jpg"): string {
  return `${imagePath}/${width}.${format}`;
}
