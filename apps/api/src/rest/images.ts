import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  IMAGE_MASTER_MAX_SIDE,
  IMAGE_UPLOAD_FORMATS,
  IMAGE_UPLOAD_LIMITS,
  IMAGE_WIDTHS,
  MESSAGES,
} from "@artifact-atlas/shared";
import { ServiceError } from "../services/errors";
import { imageAccess } from "../services/images/access";
import { uploadImage } from "../services/images/uploads";
import { isImageHash } from "../services/images/storage";
import type { ClientAddressRule } from "../client-address";
import { loggedRequest } from "../logging";
import { failures, json, streamed } from "./declarations";
import { requireUser, WRITER } from "./http";
import { restUploadedImage } from "./schemas";

/** The form field POST /images reads the file from. */
export const UPLOAD_FIELD = "file";

/**
 * An image's files never change (a new upload is a new hash): cached for a year, never
 * revalidated, when a public artifact shows it. Anything else (an upload not yet saved, the image
 * of a hidden, pending or trashed artifact, shown only to those who may see it) is kept by no
 * cache, so that it never outlives its artifact's hiding there.
 */
export const IMAGE_CACHE_CONTROL = {
  public: "public, max-age=31536000, immutable",
  private: "private, no-store",
} as const;

/**
 * The status in the access line of an upload whose connection closed before its answer: the
 * request timeout's 408 (which Fastify wrote on the socket), or nginx's 499, the client left.
 */
const REQUEST_TIMEOUT = 408;
const CLIENT_CLOSED_REQUEST = 499;

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
  description: `One file in the form field "file" (multipart/form-data), at most ${megabytes} MB and ${megapixels} megapixels, in ${IMAGE_UPLOAD_FORMATS.join(", ")} (GIF: its first frame). The server turns it upright from its EXIF orientation, removes every metadata block (GPS included), keeps a master of at most ${IMAGE_MASTER_MAX_SIDE} pixels on its long edge and from it WebP and JPEG derivatives about ${IMAGE_WIDTHS.join(", ")} pixels wide and a IIIF Image API 3 tile pyramid (/iiif/images/{hash}/info.json); the original is not kept. Put the answered url in artifactImage or in an item of images; an image that no artifact refers to is removed an hour after its upload. Counts as a write for the rate limit.`,
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
        413: `The file is over ${megabytes} MB, the image over ${megapixels} megapixels or over its kind's limit (a 16-bit, interlaced or progressive image, an AVIF or a GIF takes more memory to open; the message names the limit), or the account's uploads have reached their quota.`,
        415: `Not an image in one of the accepted formats (${IMAGE_UPLOAD_FORMATS.join(", ")}), judged by its bytes.`,
        429: "Too many writes from this user, or another upload of theirs is still going (one at a time); Retry-After says how many seconds to wait.",
        503: "Too many uploads are waiting to be processed, or processing took too long; Retry-After says how many seconds to wait.",
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
    "The image file: cached for a year (Cache-Control: public, max-age=31536000, immutable) when a public artifact shows it, never cached otherwise (private, no-store). While no public artifact shows it, only curators, admins, its uploader and the owners of artifacts that show it get it; anyone else gets 404.",
  content: {
    "image/webp": { schema: streamed({ type: "string", contentMediaType: "image/webp" }) },
    "image/jpeg": { schema: streamed({ type: "string", contentMediaType: "image/jpeg" }) },
  },
};

const image = {
  operationId: "getImage",
  summary: "An uploaded image: its largest JPEG",
  params: z.object({ hash }),
  response: {
    200: imageFile,
    ...failures([404], { reasons: { 404: "No such image, or not one you may see." } }),
  },
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
    ...failures([404], {
      reasons: { 404: "No such image or width, or not an image you may see." },
    }),
  },
};

/**
 * What anyone may see, any site may show: a public image's files, tiles and manifests carry CORS
 * for every origin and a cross-origin resource policy, so that another site's IIIF viewer (Mirador,
 * Universal Viewer) can load them (issue 30). Everything else keeps the same-origin policy of
 * every answer (decision 007).
 */
export function openToEveryViewer(reply: FastifyReply): void {
  reply.header("access-control-allow-origin", "*");
  reply.removeHeader("access-control-allow-credentials");
  reply.header("cross-origin-resource-policy", "cross-origin");
}

/** Sends one of an image's files, or 404 when there is no such image or file. */
export async function sendImageFile(
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
 * memory, within the server's request timeout, one upload at a time per account and a bounded
 * number of uploads at once (services/images/queue.ts).
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
      const user = requireUser(request);
      if (!request.isMultipart()) throw new ServiceError("BAD_REQUEST", MESSAGES.imageMissing);
      const connection = watchConnection(request, reply, deps.clientAddress);
      try {
        const uploaded = await uploadImage(images, {
          account: user.id,
          quotaMb: deps.env.imageQuotaMb,
          clientLeft: connection.closed,
          file: async () => {
            const part = await request.file();
            if (!part || part.fieldname !== UPLOAD_FIELD) {
              throw new ServiceError("BAD_REQUEST", MESSAGES.imageMissing);
            }
            return { stream: part.file, truncated: () => part.file.truncated };
          },
        });
        return await reply.code(201).header("location", uploaded.url).send(uploaded);
      } catch (error) {
        // Nobody is left to answer: what stopped the work was the connection's closing, which
        // its access line records, not a failure of the server.
        if (connection.closed.aborted) return reply.hijack();
        throw error;
      } finally {
        connection.logIfDropped();
      }
    });
  });

  /**
   * How the image at /images/<hash> may be kept, when the asker may see it (services/images/
   * access.ts); 404 for anyone else, as for an image that does not exist.
   */
  const cacheControlFor = (request: FastifyRequest, reply: FastifyReply, hash: string) => {
    const access = isImageHash(hash)
      ? imageAccess(images, hash, request.session?.user ?? null)
      : null;
    if (access === null) throw new ServiceError("NOT_FOUND", "Image not found");
    if (access === "public") openToEveryViewer(reply);
    return IMAGE_CACHE_CONTROL[access];
  };

  // The largest JPEG, so that the path itself works as an image's address anywhere.
  app.get<{ Params: ImageParams }>("/images/:hash", { schema: image }, async (request, reply) => {
    const { hash } = request.params;
    const cacheControl = cacheControlFor(request, reply, hash);
    const row = images.statements.byHash.get(hash);
    if (!row) throw new ServiceError("NOT_FOUND", "Image not found");
    const path = images.storage.fileOf(hash, row.width, "jpg");
    return sendImageFile(reply, path, "jpg", cacheControl);
  });

  app.get<{ Params: Required<ImageParams> }>(
    "/images/:hash/:file",
    { schema: derivative },
    async (request, reply) => {
      const { hash, file } = request.params;
      const match = DERIVATIVE_FILE.exec(file);
      if (!match) throw new ServiceError("NOT_FOUND", "Image not found");
      const cacheControl = cacheControlFor(request, reply, hash);
      const format = match[2] as keyof typeof CONTENT_TYPES;
      const path = images.storage.fileOf(hash, Number(match[1]), format);
      return sendImageFile(reply, path, format, cacheControl);
    },
  );
}

/**
 * An upload's connection. `closed` aborts when it closes before the answer is sent: the client
 * left, or the request timeout cut a body that kept trickling in. (Not Fastify's request.signal,
 * which a request body read to its end aborts too: fastify/fastify#6725.) Such an upload gets no
 * access line from Fastify, which writes one for an answer: `logIfDropped` writes one, with the
 * access line's fields, so that operators see it and how long the server spent on it.
 */
function watchConnection(
  request: FastifyRequest,
  reply: FastifyReply,
  clientAddress: ClientAddressRule,
) {
  const closed = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) closed.abort(new Error("the connection closed unanswered"));
  });
  // Read now: once the connection has closed, its address is gone.
  const req = loggedRequest(request, clientAddress);
  const { socket } = request;
  return {
    closed: closed.signal,
    logIfDropped(): void {
      if (!closed.signal.aborted) return;
      const timedOut =
        (socket.errored as NodeJS.ErrnoException | null)?.code === "ERR_HTTP_REQUEST_TIMEOUT";
      // `req` is written as it is, not through the serializer, which would read the address now.
      request.log.child({}, { serializers: { req: (written: typeof req) => written } }).info(
        {
          req,
          res: { statusCode: timedOut ? REQUEST_TIMEOUT : CLIENT_CLOSED_REQUEST },
          responseTime: reply.elapsedTime,
        },
        timedOut
          ? "request aborted: it did not arrive whole within the request timeout"
          : "request aborted: the client left before the answer",
      );
    },
  };
}
