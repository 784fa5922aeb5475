import type { IncomingMessage } from "node:http";
import { Transform, type Readable } from "node:stream";
import fp from "fastify-plugin";

/**
 * The body as one buffer, filled as the bytes arrive, so that a body costs its own bytes whatever
 * the packets it comes in. Fastify's parsers keep every chunk they read (a piece of string or a
 * Buffer, over a hundred bytes of heap each): a client sending a 64 kB body a byte at a time held
 * megabytes of heap per connection, and 50 such connections ended the process.
 *
 * The buffer is as big as the Content-Length (at most the body limit), or grows by doubling for a
 * chunked body. Past the limit the bytes pass straight through, and Fastify refuses the body (413)
 * as before; the plugin below then reads the rest of it and throws it away.
 */
export function bufferedBody(payload: Readable, contentLength: number, limit: number): Readable {
  let buffer = Buffer.allocUnsafe(Math.min(contentLength > 0 ? contentLength : 16 * 1024, limit));
  let used = 0;
  let passingThrough = false;
  const collect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!passingThrough && used + chunk.length > limit) {
        passingThrough = true;
        if (used > 0) this.push(buffer.subarray(0, used));
      }
      if (passingThrough) {
        done(null, chunk);
        return;
      }
      if (used + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafe(
          Math.min(Math.max(buffer.length * 2, used + chunk.length), limit),
        );
        buffer.copy(grown, 0, 0, used);
        buffer = grown;
      }
      chunk.copy(buffer, used);
      used += chunk.length;
      done();
    },
    flush(done) {
      if (!passingThrough && used > 0) this.push(buffer.subarray(0, used));
      done();
    },
  });
  // An aborted request fails the buffer too, which Fastify sees as the body's error. (Not
  // stream.pipeline: it builds an AbortError with its stack for every request that ends.)
  payload.on("error", (error) => collect.destroy(error));
  return payload.pipe(collect);
}

/** The most bytes of a body refused for its size that are read and thrown away (decision 091). */
export const REFUSED_BODY_DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads the rest of a body refused for its size and throws it away, so that the connection can
 * stay open for the 413. Closed with the client's bytes still arriving, the socket is reset by
 * the kernel, and the client may see the reset instead of the answer. Past `limit` bytes the
 * connection is closed; the server's request timeout (10 s for the whole request) bounds it too.
 */
function drainRefusedBody(raw: IncomingMessage, limit: number): void {
  let discarded = 0;
  raw.unpipe();
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limit) raw.socket.destroy();
  });
  raw.resume();
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads its body as a stream with limits of its own (uploads): not buffered. */
    streamsBody?: boolean;
  }
}

/** Every request body goes through bufferedBody before Fastify's parsers read it. */
export const bodyBufferPlugin = fp<{ bodyLimit: number }>(
  async (app, { bodyLimit }) => {
    app.addHook("preParsing", (request, _reply, payload, done) => {
      // Fastify runs this hook for every request; most (GETs) have no body to collect.
      const hasBody =
        request.headers["transfer-encoding"] !== undefined ||
        (request.headers["content-length"] ?? "0") !== "0";
      // A route that streams its body itself (POST /images) reads the raw request: its own limits
      // bound it, and a buffer here would compete with it for the bytes.
      if (!hasBody || request.routeOptions.config.streamsBody) {
        done(null, payload);
        return;
      }
      const contentLength = Number(request.headers["content-length"] ?? 0);
      // A route with a larger limit of its own (POST /imports) is collected up to that limit.
      const limit = Math.max(bodyLimit, request.routeOptions.bodyLimit ?? 0);
      done(null, bufferedBody(payload, Number.isFinite(contentLength) ? contentLength : 0, limit));
    });
    // Fastify answers a body over the limit with "Connection: close" before reading it; the rest
    // of the body is read and thrown away instead, and the connection kept for the next request.
    app.addHook("onSend", (request, reply, payload, done) => {
      if (reply.statusCode === 413 && !request.raw.complete) {
        reply.removeHeader("connection");
        drainRefusedBody(request.raw, REFUSED_BODY_DRAIN_BYTES);
      }
      done(null, payload);
    });
  },
  { name: "atlas-body-buffer" },
);
