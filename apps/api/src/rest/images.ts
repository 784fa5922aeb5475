import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import { IMAGE_UPLOAD_LIMITS, MESSAGES } from "@artifact-atlas/shared";
import { ServiceError } from "../services/errors";
import { imagePathOf, uploadImage, withUploadSlot } from "../services/images/uploads";
import { isImageHash } from "../services/images/storage";
import { requireWriter } from "./http";

/** The form field POST /images reads the file from. */
export const UPLOAD_FIELD = "file";

/**
 * An image's files never change (a new upload is a new hash): cached for a year, never
 * revalidated, when a public artifact shows it. Anything else (an upload not yet saved, the image
 * of a hidden, pending or trashed artifact) is kept by no cache, so that it never outlives its
 * artifact's hiding there.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";
const UNCACHED = "private, no-store";

const DERIVATIVE_FILE = /^([1-9][0-9]{0,3})\.(webp|jpg)$/;
const CONTENT_TYPES = { webp: "image/webp", jpg: "image/jpeg" } as const;

interface ImageParams {
  hash: string;
  file?: string;
}

/** Sends one of an image's files, or 404 when there is no such image or file. */
async function sendImageFile(
  reply: FastifyReply,
  path: string,
  format: keyof typeof CONTENT_TYPES,
  cacheControl: string,
): Promise<FastifyReply> {
  let size: number;
  try {
    const found = await stat(path);
    if (!found.isFile()) throw new Error("not a file");
    size = found.size;
  } catch {
    throw new ServiceError("NOT_FOUND", "Image not found");
  }
  return reply
    .header("content-type", CONTENT_TYPES[format])
    .header("content-length", String(size))
    .header("cache-control", cacheControl)
    .send(createReadStream(path));
}

/**
 * POST /images (an upload, multipart) and GET /images/{hash}[/{width}.{webp|jpg}] (issue 19). The
 * upload route is the only one whose body may exceed 64 KiB: it streams to a file, never into
 * memory, within the server's request timeout and a bounded number of uploads at once.
 */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { images } = deps;

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: IMAGE_UPLOAD_LIMITS.maxBytes,
        files: 1,
        fields: 0,
        parts: 1,
        headerPairs: 20,
        fieldNameSize: 100,
      },
    });
    uploads.post("/images", { config: { streamsBody: true } }, async (request, reply) => {
      requireWriter(request, deps);
      if (!request.isMultipart()) throw new ServiceError("BAD_REQUEST", MESSAGES.imageMissing);
      const uploaded = await withUploadSlot(images, async () => {
        const part = await request.file();
        if (!part || part.fieldname !== UPLOAD_FIELD) {
          throw new ServiceError("BAD_REQUEST", MESSAGES.imageMissing);
        }
        return uploadImage(images, part.file, () => part.file.truncated);
      });
      return reply.code(201).header("location", uploaded.url).send(uploaded);
    });
  });

  /** Whether the image at /images/<hash> may be cached by anyone (a public artifact shows it). */
  const cacheControlOf = (hash: string) =>
    images.statements.shownPublicly.get(imagePathOf(hash)) === undefined ? UNCACHED : IMMUTABLE;

  // The largest JPEG, so that the path itself works as an image's address anywhere.
  app.get<{ Params: ImageParams }>("/images/:hash", async (request, reply) => {
    const { hash } = request.params;
    const row = isImageHash(hash) ? images.statements.byHash.get(hash) : undefined;
    if (!row) throw new ServiceError("NOT_FOUND", "Image not found");
    const path = images.storage.fileOf(hash, row.width, "jpg");
    return sendImageFile(reply, path, "jpg", cacheControlOf(hash));
  });

  app.get<{ Params: Required<ImageParams> }>("/images/:hash/:file", async (request, reply) => {
    const { hash, file } = request.params;
    const match = DERIVATIVE_FILE.exec(file);
    if (!isImageHash(hash) || !match) throw new ServiceError("NOT_FOUND", "Image not found");
    const format = match[2] as keyof typeof CONTENT_TYPES;
    const path = images.storage.fileOf(hash, Number(match[1]), format);
    return sendImageFile(reply, path, format, cacheControlOf(hash));
  });
}
