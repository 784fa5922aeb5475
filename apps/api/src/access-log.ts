import type { Socket } from "node:net";
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
const WARN = 40;

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
 * The line of a connection closed because its client took too long (connections.ts), at `warn`:
 * the access line's shape when a request was under way (its status: what was sent, else 408), and
 * the connection's address and port alone when not even its headers had arrived. `timeout` says
 * which limit it met.
 */
function timedOutLine(
  socket: Socket,
  current: { request: FastifyRequest; reply: FastifyReply } | undefined,
  remoteAddress: string | undefined,
  timeout: string,
  status: number | null,
): string {
  // Rare, so plain JSON.stringify: it leaves out what is undefined, as the access line does.
  const line = {
    level: WARN,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    reqId: current?.request.id,
    req: {
      method: current?.request.method,
      url: current ? urlForLog(current.request.url) : undefined,
      host: current?.request.host,
      remoteAddress,
      remotePort: socket.remotePort,
    },
    res: { statusCode: status ?? current?.reply.statusCode ?? 408 },
    responseTime: current?.reply.elapsedTime,
    timeout,
    msg: "request timed out",
  };
  return `${JSON.stringify(line)}\n`;
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
  readonly #level: number;

  /**
   * `stream` must be the stream the app's logger writes to, so that lines stay in order;
   * `clientAddress` the app's rule, which a request the router refused does not carry; `level`
   * the server's LOG_LEVEL, for the lines of connections that never became a request.
   */
  constructor(stream: LogStream, clientAddress: ClientAddressRule, level: string) {
    super();
    this.#stream = stream;
    this.#clientAddress = clientAddress;
    this.#level = LEVEL_VALUES[level] ?? INFO;
  }

  /** The line of a connection closed for a timeout (connections.ts). */
  timedOut(
    socket: Socket,
    current: { request: FastifyRequest; reply: FastifyReply } | undefined,
    timeout: "headers" | "request" | "inactivity",
    status: number | null,
  ): void {
    if (this.#level > WARN) return;
    const address = current ? this.#clientAddress.of(current.request.raw) : socket.remoteAddress;
    this.#stream.write(timedOutLine(socket, current, address, timeout, status));
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
