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
import {
  checkUpload,
  PROCESSING_TIMEOUT_SECONDS,
  processImage,
  type CheckedUpload,
} from "./processing";

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
 * Refuses images that name an upload the server does not have (any more): one never made, or one
 * removed by the clean-up while its form stayed open for hours. Any other URL passes. The message
 * goes to artifactImage for the first image, to images for another.
 */
export function assertImagesAvailable(
  db: Pick<AppDatabase, "select">,
  list: readonly { url: string }[],
): void {
  list.forEach((image, index) => {
    const hash = hashOfImagePath(image.url);
    if (hash === null) return;
    const found = db.select({ hash: images.hash }).from(images).where(eq(images.hash, hash)).get();
    if (!found) {
      const field = index === 0 ? "artifactImage" : "images";
      throw new ServiceError("BAD_REQUEST", MESSAGES.imageNotFound, undefined, field);
    }
  });
}

/** The uploaded file as it arrives; `truncated` says the client sent more than the limit allows. */
export interface IncomingFile {
  stream: Readable;
  truncated: () => boolean;
}

/**
 * Writes the uploaded bytes to a private file as they arrive, hashing them on the way; the file
 * is never kept past the upload.
 */
async function receive(
  file: IncomingFile,
  target: string,
  signal: AbortSignal,
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
  const output = createWriteStream(target, { mode: PRIVATE_FILE_MODE, flags: "wx" });
  await pipeline(file.stream, count, output, { signal });
  if (file.truncated() || bytes > IMAGE_UPLOAD_LIMITS.maxBytes) {
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

/** An upload: whose it is, its file, and when to stop. */
export interface UploadRequest {
  /** The signed-in account that sends it. */
  account: number;
  /** How much its uploads may take on disk, in MB (IMAGE_QUOTA_MB). */
  quotaMb: number;
  /** Starts reading the file, once the upload is admitted. */
  file: () => Promise<IncomingFile>;
  /** Aborted when the client leaves: the work stops, and its slot is given back at once. */
  clientLeft: AbortSignal;
}

/**
 * An upload is answered within this time (503 past it), whatever it waits for: it arrives within
 * the server's 10 s request timeout, waits for at most three others and is processed within
 * PROCESSING_TIMEOUT_SECONDS, so this is only reached when the line is slower than it should be;
 * it stays under the socket's 60 s idle timeout, which would close it without an answer.
 */
export const UPLOAD_ANSWER_WITHIN_MS = 55_000;

/** Refuses an upload that would take the account's uploads past its quota (`adding` bytes more). */
function assertQuotaLeft(imageStore: ImageStore, upload: UploadRequest, adding: number): void {
  const used = imageStore.statements.bytesUploadedBy.get(upload.account) ?? 0;
  const quotaBytes = upload.quotaMb * 1024 * 1024;
  if (used >= quotaBytes || used + adding > quotaBytes) {
    throw new ServiceError("PAYLOAD_TOO_LARGE", MESSAGES.imageQuotaFull(upload.quotaMb));
  }
}

function uploadsBusy(): ServiceError {
  return new ServiceError(
    "SERVICE_UNAVAILABLE",
    MESSAGES.imageUploadsBusy,
    UPLOADS_BUSY_RETRY_SECONDS,
  );
}

/** `promise`, or its signal's reason as soon as `signal` aborts (a wait in line ends at once). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * An uploaded file, received whole, its header checked, then made into derivatives and recorded
 * in the one-at-a-time line, where the clean-up also runs, so that the two never touch one hash at
 * the same time. The same bytes uploaded again are the same image: nothing is processed twice.
 * An account sends one upload at a time; a slot in the line is taken only once the file has
 * arrived (queue.ts). When the client leaves, or the answer's time is up, the upload ends at once
 * (its slot given back, its file removed) and its work stops at its next step.
 */
export async function uploadImage(
  imageStore: ImageStore,
  upload: UploadRequest,
): Promise<UploadedImage> {
  const { queue, storage } = imageStore;
  if (!queue.tryStart(upload.account)) {
    throw new ServiceError(
      "TOO_MANY_REQUESTS",
      MESSAGES.imageUploadInProgress,
      UPLOADS_BUSY_RETRY_SECONDS,
    );
  }
  const outOfTime = AbortSignal.timeout(UPLOAD_ANSWER_WITHIN_MS);
  const signal = AbortSignal.any([upload.clientLeft, outOfTime]);
  storage.prepare();
  const received = storage.incomingPath("upload");
  let holdsSlot = false;
  try {
    assertQuotaLeft(imageStore, upload, 0);
    const { hash } = await receive(await upload.file(), received, signal);
    const checked = await checkUpload(received);
    signal.throwIfAborted();
    if (!queue.tryTakeSlot()) throw uploadsBusy();
    holdsSlot = true;
    const turn = () => processInLine(imageStore, upload, { hash, received, checked, signal });
    return await unlessAborted(queue.run(turn), signal);
  } catch (error) {
    throw outOfTime.aborted && !upload.clientLeft.aborted ? uploadsBusy() : error;
  } finally {
    if (holdsSlot) queue.releaseSlot();
    queue.end(upload.account);
    await rm(received, { force: true });
  }
}

interface ArrivedUpload {
  hash: string;
  received: string;
  checked: CheckedUpload;
  signal: AbortSignal;
}

/** An upload's turn in the line: nothing when it has ended, the known image, or a new one. */
async function processInLine(
  imageStore: ImageStore,
  upload: UploadRequest,
  { hash, received, checked, signal }: ArrivedUpload,
): Promise<UploadedImage> {
  signal.throwIfAborted();
  const { statements, storage } = imageStore;
  const answer = (image: { width: number; height: number }) => ({
    url: imagePathOf(hash),
    width: image.width,
    height: image.height,
  });
  const known = statements.byHash.get(hash);
  if (known && (await exists(storage.folderOf(hash)))) {
    imageStore.db.$client.transaction(() => {
      statements.uploadedAgain.run({ hash, uploadedAt: imageStore.now() });
      // Costs this account nothing, and lets it see its upload until it is saved.
      statements.recordUploader.run(hash, upload.account, 0);
    })();
    return answer(known);
  }
  const deadline = Date.now() + PROCESSING_TIMEOUT_SECONDS * 1000;
  const work = await storage.workFolder();
  try {
    const image = await processImage(received, checked, { signal, deadline }, work);
    assertQuotaLeft(imageStore, upload, image.bytes);
    signal.throwIfAborted();
    await storage.store(hash, work);
    imageStore.db.$client.transaction(() => {
      statements.save.run({ hash, ...image, uploadedAt: imageStore.now() });
      statements.recordUploader.run(hash, upload.account, image.bytes);
    })();
    return answer(image);
  } finally {
    await storage.discard(work);
  }
}
