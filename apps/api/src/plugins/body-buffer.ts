import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
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

/** The most bytes of a body left unread by its answer that are read and thrown away (decision 091). */
export const UNREAD_BODY_DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads the rest of a body that its answer did not wait for (a 413 from the Content-Length alone,
 * a 401 or 404 before the body was read) and throws it away, so that the connection stays open for
 * the answer and the next request. Closed while the client's bytes still arrive, the socket is
 * reset by the kernel, and the client may see the reset instead of the answer; left unread, the
 * connection stalls until the request timeout. The drain ends, closing the connection, past
 * `limit` bytes or after `deadlineMs`, before the request timeout would write a 408 after the
 * answer.
 */
function drainUnreadBody(raw: IncomingMessage, limit: number, deadlineMs: number): void {
  // Destroying the request destroys its socket.
  const close = () => raw.destroy();
  const deadline = setTimeout(close, Math.max(0, deadlineMs)).unref();
  raw.once("close", () => clearTimeout(deadline));
  let discarded = 0;
  raw.unpipe();
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limit) close();
  });
  raw.resume();
}

/** Whether a request says it has a body; most (GETs) have none. */
function declaresBody(headers: IncomingHttpHeaders): boolean {
  return headers["transfer-encoding"] !== undefined || (headers["content-length"] ?? "0") !== "0";
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads its body as a stream with limits of its own (uploads): not buffered. */
    streamsBody?: boolean;
  }
}

/**
 * Every request body goes through bufferedBody before Fastify's parsers read it, and what an
 * answer leaves unread is drained. `drainUntilMs`: how long after a request's start a drain may
 * last (the request timeout, less the interval at which the server checks it).
 */
export const bodyBufferPlugin = fp<{ bodyLimit: number; drainUntilMs: number }>(
  async (app, { bodyLimit, drainUntilMs }) => {
    app.addHook("preParsing", (request, _reply, payload, done) => {
      // A route that streams its body itself (POST /images) reads the raw request: its own limits
      // bound it, and a buffer here would compete with it for the bytes.
      if (!declaresBody(request.headers) || request.routeOptions.config.streamsBody) {
        done(null, payload);
        return;
      }
      const contentLength = Number(request.headers["content-length"] ?? 0);
      // A route with a larger limit of its own (POST /imports) is collected up to that limit.
      const limit = Math.max(bodyLimit, request.routeOptions.bodyLimit ?? 0);
      done(null, bufferedBody(payload, Number.isFinite(contentLength) ? contentLength : 0, limit));
    });
    app.addHook("onSend", (request, reply, payload, done) => {
      if (declaresBody(request.headers) && !request.raw.readableEnded) {
        // Fastify closes the connection after refusing a body; it is kept while the rest drains.
        if (reply.statusCode === 413) reply.removeHeader("connection");
        drainUnreadBody(request.raw, UNREAD_BODY_DRAIN_BYTES, drainUntilMs - reply.elapsedTime);
      }
      done(null, payload);
    });
  },
  { name: "atlas-body-buffer" },
);
