import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AccessLog } from "./access-log";
import type { ClientAddressRule } from "./client-address";
import { clientKey } from "./rate-limit";

/*
 * Connections (docs/operations.md, "Limits"): no client address may hold more than its share of
 * them, and a connection closed because its client took too long writes an access line, as an
 * answered request does. Node closes the slow ones (headersTimeout, requestTimeout and the
 * socket's inactivity timeout, set in app.ts); this module counts and tells.
 */

/**
 * Connections one client (an IPv4 address or an IPv6 /64) may hold open at once: a browser opens
 * at most six to a site, so this is several busy browsers behind one address, and 1/8 of the
 * server's 512. One address with 600 trickling connections left every other client none.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 64;

/** What a connection is doing: the request it carries right now, if any. */
const inFlight = new WeakMap<Socket, { request: FastifyRequest; reply: FastifyReply }>();

/**
 * Counts each client's open connections and closes at once one past MAX_CONNECTIONS_PER_CLIENT.
 * A connection from a trusted proxy (TRUST_PROXY) is the proxy's, not a client's: it is not
 * counted, and the proxy holds slow clients itself (nginx buffers headers and bodies).
 */
export function capConnectionsPerClient(
  server: Server,
  options: { clientAddress: ClientAddressRule; log: FastifyBaseLogger; max: number },
): void {
  const open = new Map<string, number>();
  const { trustProxy } = options.clientAddress;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || (trustProxy && trustProxy(address, 0))) return;
    const client = clientKey(address);
    const count = (open.get(client) ?? 0) + 1;
    if (count > options.max) {
      socket.destroy();
      return;
    }
    // Said once each time a client reaches its cap, not for every connection closed after it.
    if (count === options.max) {
      options.log.warn({ client, connections: count }, "a client holds its most connections");
    }
    open.set(client, count);
    socket.once("close", () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left === 0) open.delete(client);
      else open.set(client, left);
    });
  });
}

/** Remembers which request each connection carries, for the line of one closed for a timeout. */
export function trackRequestsOnConnections(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    const socket = request.raw.socket;
    inFlight.set(socket, { request, reply });
    reply.raw.once("finish", () => {
      if (inFlight.get(socket)?.request === request) inFlight.delete(socket);
    });
    done();
  });
}

/** Which timeout closed a connection: its headers, its whole request, or a long silence. */
export type TimeoutKind = "headers" | "request" | "inactivity";

/**
 * Fastify's clientErrorHandler: Node's request and header timeouts arrive here as
 * ERR_HTTP_REQUEST_TIMEOUT. Answers 408 as Fastify's own handler does (unless an answer was
 * already begun), writes the access line, and closes the connection; other client errors (a
 * malformed request, headers too large) are answered as Fastify answers them.
 */
export function clientErrorHandler(accessLog: AccessLog) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    const [status, text] = timedOut
      ? [408, "Request Timeout"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large"]
        : [400, "Bad Request"];
    const current = inFlight.get(socket);
    const answered = current?.reply.raw.headersSent ?? false;
    if (timedOut) {
      accessLog.timedOut(
        socket,
        current,
        current ? "request" : "headers",
        answered ? null : status,
      );
    }
    if (socket.writable && !answered) {
      const body = JSON.stringify({ error: text });
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nContent-Length: ${body.length}\r\n` +
          `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * A connection silent for longer than the server's connectionTimeout (an export whose reader
 * stopped reading, an upload that stopped sending) is closed, with an access line when it
 * carried a request. Once the server listens for 'timeout', Node leaves the closing to it.
 */
export function closeSilentConnections(server: Server, accessLog: AccessLog): void {
  server.on("timeout", (socket: Socket) => {
    const current = inFlight.get(socket);
    if (current) accessLog.timedOut(socket, current, "inactivity", null);
    socket.destroy();
  });
}
