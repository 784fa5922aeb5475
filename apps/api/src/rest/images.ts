import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  IMAGE_UPLOAD_FORMATS,
  IMAGE_UPLOAD_LIMITS,
  IMAGE_WIDTHS,
  MESSAGES,
} from "@artifact-atlas/shared";
import { ServiceError } from "../services/errors";
import { uploadImage, withUploadSlot } from "../services/images/uploads";
import { isImageHash } from "../services/images/storage";
import { failures, json, streamed } from "./declarations";
import { WRITER } from "./http";
import { restUploadedImage } from "./schemas";

/** The form field POST /images reads the file from. */
export const UPLOAD_FIELD = "file";

/** An image's files never change (a new upload is a new hash): cached for a year, never revalidated. */
const IMMUTABLE = "public, max-age=31536000, immutable";

const DERIVATIVE_FILE = /^([1-9][0-9]{0,3})\.(webp|jpg)$/;
const CONTENT_TYPES = { webp: "image/webp", jpg: "image/jpeg" } as const;

interface ImageParams {
  hash: string;
  file?: string;
}

const megabytes = IMAGE_UPLOAD_LIMITS.maxBytes / (1024 * 1024);
const megapixels = IMAGE_UPLOAD_LIMITS.maxPixels / 1_000_000;

const upload = {
  operationId: "uploadImage",
  summary: "Upload an image for an artifact",
  description: `One file in the form field "file" (multipart/form-data), at most ${megabytes} MB and ${megapixels} megapixels, in ${IMAGE_UPLOAD_FORMATS.join(", ")} (GIF: its first frame). The server turns it upright from its EXIF orientation, removes every metadata block (GPS included) and keeps WebP and JPEG derivatives about ${IMAGE_WIDTHS.join(", ")} pixels wide; the original is not kept. Put the answered url in artifactImage; an image that no artifact refers to is removed an hour after its upload. Counts as a write for the rate limit.`,
  documentedBody: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["file"],
        properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
      },
    },
  },
  response: {
    201: json("Stored.", restUploadedImage),
    ...failures([400, 401, 403, 413, 415, 429, 503], {
      reasons: {
        413: `The file is over ${megabytes} MB, or the image over ${megapixels} megapixels.`,
        415: `Not an image in one of the accepted formats (${IMAGE_UPLOAD_FORMATS.join(", ")}), judged by its bytes.`,
        503: "Too many uploads are being received or processed; Retry-After says how many seconds to wait.",
      },
    }),
  },
};

const hash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "Image not found")
  .describe("The image's SHA-256 in hex, from the url that POST /images answered.");

const imageFile = {
  description:
    "The image file, cached for a year (Cache-Control: public, max-age=31536000, immutable).",
  content: {
    "image/webp": { schema: streamed({ type: "string", contentMediaType: "image/webp" }) },
    "image/jpeg": { schema: streamed({ type: "string", contentMediaType: "image/jpeg" }) },
  },
};

const image = {
  operationId: "getImage",
  summary: "An uploaded image: its largest JPEG",
  params: z.object({ hash }),
  response: { 200: imageFile, ...failures([404], { reasons: { 404: "No such image." } }) },
};

const derivative = {
  operationId: "getImageDerivative",
  summary: "One derivative of an uploaded image",
  params: z.object({
    hash,
    file: z
      .string()
      .regex(DERIVATIVE_FILE, "Image not found")
      .describe(
        "<width>.webp or <width>.jpg: the standard widths below the image's width, and its width.",
      ),
  }),
  response: {
    200: imageFile,
    ...failures([404], { reasons: { 404: "No such image or width." } }),
  },
};

/** Sends one of an image's files, or 404 when there is no such image or file. */
async function sendImageFile(
  reply: FastifyReply,
  path: string,
  format: keyof typeof CONTENT_TYPES,
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
    .header("cache-control", IMMUTABLE)
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
    const config = { streamsBody: true, access: WRITER };
    uploads.post("/images", { schema: upload, config }, async (request, reply) => {
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

  // The largest JPEG, so that the path itself works as an image's address anywhere.
  app.get<{ Params: ImageParams }>("/images/:hash", { schema: image }, async (request, reply) => {
    const { hash } = request.params;
    const row = isImageHash(hash) ? images.statements.byHash.get(hash) : undefined;
    if (!row) throw new ServiceError("NOT_FOUND", "Image not found");
    return sendImageFile(reply, images.storage.fileOf(hash, row.width, "jpg"), "jpg");
  });

  app.get<{ Params: Required<ImageParams> }>(
    "/images/:hash/:file",
    { schema: derivative },
    async (request, reply) => {
      const { hash, file } = request.params;
      const match = DERIVATIVE_FILE.exec(file);
      if (!isImageHash(hash) || !match) throw new ServiceError("NOT_FOUND", "Image not found");
      const format = match[2] as keyof typeof CONTENT_TYPES;
      return sendImageFile(reply, images.storage.fileOf(hash, Number(match[1]), format), format);
    },
  );
}
