import { hostname } from "node:os";
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import type { ClientAddressRule } from "./client-address";
import { urlForLog, type LogStream } from "./logging";

/*
 * The access log: one JSON line per answered request, written when the answer is sent. Fastify's
 * own pair of lines ("incoming request", then "request completed") costs twice the serialising and
 * writing for no more facts (docs/benchmarks.md).
 */

/** pino's numbers for the level names LOG_LEVEL accepts; the access line is `info` (30). */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};
const INFO = 30;

/** The fields of the access line after `time`, as pino's `base` writes them for every line. */
const BASE = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/** `,"name":value` as JSON, or nothing when the value is missing (as JSON.stringify drops it). */
function field(name: string, value: string | number | undefined): string {
  return value === undefined ? "" : `,"${name}":${JSON.stringify(value)}`;
}

/**
 * The line pino wrote for `request.log.info({ req, res, responseTime }, "request completed")` with
 * Fastify's serializers: the same keys in the same order, every text JSON-escaped, a missing value
 * (no Host header, a socket already gone) left out. Only the method, URL (personal query values
 * redacted, cut when long), host, client address and port, status and time: never a header, so
 * never a cookie.
 */
function accessLine(
  request: FastifyRequest,
  reply: FastifyReply,
  remoteAddress: string | undefined,
  time: number,
): string {
  return (
    `{"level":${INFO},"time":${time},${BASE}${field("reqId", request.id)},` +
    `"req":{"method":${JSON.stringify(request.method)}${field("url", urlForLog(request.url))}` +
    `${field("host", request.host)}${field("remoteAddress", remoteAddress)}` +
    `${field("remotePort", request.socket?.remotePort)}},` +
    `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},` +
    `"msg":"request completed"}\n`
  );
}

/**
 * Writes the line of an answered request itself, to the logger's own stream, rather than through
 * pino: the line's shape never changes, and pino's general path (the request's bindings, the
 * serializers of the request and reply objects, the redaction checks) cost about a tenth of a REST
 * read's CPU at full load (docs/benchmarks.md). A failed answer's line goes through pino, with the
 * error serializer and its redaction.
 */
export class AccessLog extends LogController {
  readonly #stream: LogStream;
  readonly #clientAddress: ClientAddressRule;

  /**
   * `stream` must be the stream the app's logger writes to, so that lines stay in order;
   * `clientAddress` the app's rule, which a request the router refused does not carry.
   */
  constructor(stream: LogStream, clientAddress: ClientAddressRule) {
    super();
    this.#stream = stream;
    this.#clientAddress = clientAddress;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      request.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        "request errored",
      );
      return;
    }
    // The request's own level: a route may log less than the server.
    if ((LEVEL_VALUES[request.log.level] ?? INFO) > INFO) return;
    this.#stream.write(accessLine(request, reply, this.#clientAddress.of(request.raw), Date.now()));
  }
}
