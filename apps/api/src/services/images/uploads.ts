import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { access, rm } from "node:fs/promises";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMAGE_UPLOAD_LIMITS, MESSAGES, UPLOADED_IMAGE_PATH } from "@artifact-atlas/shared";
import { eq } from "drizzle-orm";
import { PRIVATE_FILE_MODE, type AppDatabase } from "../../db/client";
import { images } from "../../db/schema";
import type { ImageStore } from "../../store/image-store";
import { ServiceError } from "../errors";
import { processImage } from "./processing";

/** What POST /images answers: the path to put in artifactImage, and the image's size. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

/** Seconds a client refused for a full line of uploads is asked to wait. */
export const UPLOADS_BUSY_RETRY_SECONDS = 5;

export function imagePathOf(hash: string): string {
  return `/images/${hash}`;
}

/** The hash in an uploaded image's path, or null for any other URL. */
export function hashOfImagePath(path: string): string | null {
  return UPLOADED_IMAGE_PATH.exec(path)?.[1] ?? null;
}

/**
 * Refuses an artifactImage that names an upload the server does not have (any more): one never
 * made, or one removed by the clean-up while its form stayed open for hours. Any other URL passes.
 */
export function assertImageAvailable(db: AppDatabase, artifactImage: string): void {
  const hash = hashOfImagePath(artifactImage);
  if (hash === null) return;
  const found = db.select({ hash: images.hash }).from(images).where(eq(images.hash, hash)).get();
  if (!found) {
    throw new ServiceError("BAD_REQUEST", MESSAGES.imageNotFound, undefined, "artifactImage");
  }
}

/** Takes an upload slot for the duration of `work`, or refuses with 503 when all are taken. */
export async function withUploadSlot<T>(
  imageStore: ImageStore,
  work: () => Promise<T>,
): Promise<T> {
  if (!imageStore.queue.tryAdmit()) {
    throw new ServiceError(
      "SERVICE_UNAVAILABLE",
      MESSAGES.imageUploadsBusy,
      UPLOADS_BUSY_RETRY_SECONDS,
    );
  }
  try {
    return await work();
  } finally {
    imageStore.queue.release();
  }
}

/**
 * Writes the uploaded bytes to a private file as they arrive, hashing them on the way; the file
 * is never kept past the upload. `truncated` says the client sent more than the limit allows.
 */
async function receive(
  file: Readable,
  target: string,
  truncated: () => boolean,
): Promise<{ hash: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(file, count, createWriteStream(target, { mode: PRIVATE_FILE_MODE, flags: "wx" }));
  if (truncated() || bytes > IMAGE_UPLOAD_LIMITS.maxBytes) {
    throw new ServiceError("PAYLOAD_TOO_LARGE", MESSAGES.imageTooLarge);
  }
  if (bytes === 0) throw new ServiceError("BAD_REQUEST", MESSAGES.imageMissing);
  return { hash: hash.digest("hex"), bytes };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * An uploaded file, received whole, then made into derivatives and recorded in the one-at-a-time
 * line, where the clean-up also runs, so that the two never touch one hash at the same time. The
 * same bytes uploaded again are the same image: nothing is processed twice.
 */
export async function uploadImage(
  imageStore: ImageStore,
  file: Readable,
  truncated: () => boolean,
): Promise<UploadedImage> {
  imageStore.storage.prepare();
  const received = imageStore.storage.incomingPath("upload");
  try {
    const { hash } = await receive(file, received, truncated);
    return await imageStore.queue.run(async () => {
      const { statements, storage } = imageStore;
      const known = statements.byHash.get(hash);
      const image =
        known && (await exists(storage.folderOf(hash)))
          ? known
          : await processAndStore(imageStore, hash, received);
      statements.save.run(hash, image.width, image.height, image.placeholder, imageStore.now());
      return { url: imagePathOf(hash), width: image.width, height: image.height };
    });
  } finally {
    await rm(received, { force: true });
  }
}

async function processAndStore(imageStore: ImageStore, hash: string, received: string) {
  const processed = await processImage(received);
  await imageStore.storage.store(hash, processed);
  return processed;
}
