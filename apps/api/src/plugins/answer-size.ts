import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/**
 * The largest answer body sent whole (docs/decisions/081-answers-above-a-size.md): the largest
 * legitimate answer, a batch of 10 full pages of maximal artifacts, is about 4 MB (measured by
 * test/attacks/answer-size.test.ts), and a review queue entry carries up to three versions of one.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The same words as every other 5xx (plugins/errors.ts): nothing about internals. */
const REFUSED_ANSWER = JSON.stringify({ error: "Internal server error" });

/** Headers that described the refused body, or let a cache keep the answer. */
const HEADERS_OF_THE_BODY = [
  "content-encoding",
  "content-disposition",
  "etag",
  "last-modified",
  "link",
  "x-total-count",
];

/**
 * The size of a body held whole in memory when it is over the bound; null when it is not, and for
 * a stream (the export, images, static files, sitemaps), which is sent as its reader takes it and
 * never measured here.
 */
function bytesOverTheBound(payload: unknown): number | null {
  let bytes: number;
  if (typeof payload === "string") {
    // UTF-16 units become at most 3 bytes each: almost every answer needs no count.
    if (payload.length * 3 <= MAX_ANSWER_BYTES) return null;
    bytes = Buffer.byteLength(payload);
  } else if (ArrayBuffer.isView(payload) || payload instanceof ArrayBuffer) {
    bytes = payload.byteLength;
  } else {
    return null;
  }
  return bytes > MAX_ANSWER_BYTES ? bytes : null;
}

/**
 * Defence in depth behind the pages and the batch cap: an answer body over MAX_ANSWER_BYTES means
 * that some path escaped its paging, and it is refused before a byte of it is written, rather
 * than held in memory for as long as a slow reader takes to read it. The answer is a 500 in the
 * product's error shape, with the reason in the log; a 503 would invite retries that build the
 * same answer again (decision 081).
 */
export const answerSizePlugin = fp(
  async (app) => {
    app.addHook(
      "onSend",
      (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
        const bytes = bytesOverTheBound(payload);
        if (bytes === null) return done(null, payload);
        request.log.error(
          {
            answerBytes: bytes,
            maxAnswerBytes: MAX_ANSWER_BYTES,
            route: request.routeOptions.url,
            statusCode: reply.statusCode,
          },
          "answer too large: refused",
        );
        for (const name of HEADERS_OF_THE_BODY) reply.removeHeader(name);
        reply
          .code(500)
          .header("content-type", "application/json; charset=utf-8")
          .header("cache-control", "no-store");
        done(null, REFUSED_ANSWER);
      },
    );
  },
  { name: "atlas-answer-size" },
);
