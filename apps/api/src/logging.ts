import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type { ClientAddressRule } from "./client-address";
import type { Env } from "./env";

/*
 * Structured JSON logs (pino, through Fastify): one line per event, every request line carrying its
 * request id. Nothing secret may reach a line: no cookie, no password, no hash, no token.
 */

export const REQUEST_ID_HEADER = "x-request-id";

/** A proxy's or client's id is kept only when it is short and plain, so it cannot forge log text. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it looks like an id, otherwise a fresh UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Query parameters whose values are not logged, by any part of their name: an email (REST
 * `?email=`), a secret (`password`, `token`, Google's callback `?code=&state=`), or tRPC's `input`,
 * which holds a procedure's whole input (a GET batch can carry an email).
 */
const PERSONAL_QUERY_NAME = /mail|pass|token|secret|code|state|input|session|auth|key/i;
const REDACTED = "[redacted]";
/** A logged URL keeps this many characters: a tRPC batch path alone can be thousands. */
export const MAX_LOGGED_URL_CHARS = 512;

/** A query parameter's name as the server reads it (`%65mail` is `email`). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}

/** `name=value`, with the value replaced when the name is personal. */
function redactedPair(pair: string): string {
  const equals = pair.indexOf("=");
  if (equals === -1) return pair;
  const name = pair.slice(0, equals);
  return PERSONAL_QUERY_NAME.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
}

/**
 * The request's URL as a log line may hold it: the values of personal query parameters replaced by
 * "[redacted]", and cut after MAX_LOGGED_URL_CHARS characters with a marker saying how long it was.
 */
export function urlForLog(url: string): string {
  const queryStart = url.indexOf("?");
  let logged = url;
  if (queryStart !== -1) {
    const query = url
      .slice(queryStart + 1)
      .split("&")
      .map(redactedPair)
      .join("&");
    logged = `${url.slice(0, queryStart)}?${query}`;
  }
  if (logged.length <= MAX_LOGGED_URL_CHARS) return logged;
  return `${logged.slice(0, MAX_LOGGED_URL_CHARS)}...[cut: ${logged.length} characters]`;
}

/**
 * Paths pino blanks in a logged object: the second line of defence for code that logs more than it
 * should (no line logs headers or input). Exact paths only: a wildcard path (`*.password`) makes
 * pino copy and walk every logged object, which cost more than the rest of a small request's
 * logging (docs/benchmarks.md). Nothing under `req` or `res`: those go through Fastify's
 * serializers, which keep method, url, host, address, port and status and never a header, and a
 * path there made pino copy both objects on every access line.
 */
const REDACTED_PATHS = [
  "headers.cookie",
  "headers.authorization",
  "password",
  "passwordHash",
  "token",
  "cookie",
  "body.password",
  "input.password",
  "user.passwordHash",
];

/**
 * Drizzle's query errors put every bound parameter in their message ("params: a@b.org,$argon2id$...")
 * and tRPC copies that message into its own error: the parameters are cut from every message and
 * stack in the chain.
 */
function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, "\nparams: [not logged]");
}

/** The stack with the scrubbed message in its first line; dropped when that cannot be done safely. */
function stackWithout(error: Error, message: string): string {
  const stack = error.stack ?? "";
  if (message === error.message) return stack;
  const header = `${error.name}: ${error.message}`;
  return stack.startsWith(header) ? `${error.name}: ${message}${stack.slice(header.length)}` : "";
}

const MAX_CAUSE_DEPTH = 5;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer: name, message, stack, code and causes, never query parameters. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: withoutQueryParameters(String(error)), stack: "" };
  }
  const message = withoutQueryParameters(error.message);
  const serialized: SerializedError = {
    type: error.name,
    message,
    stack: stackWithout(error, message),
  };
  for (const key of ["code", "statusCode"] as const) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === "string" || typeof value === "number") serialized[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

/** Where a server's JSON lines go: server.ts batches them to stdout, tests capture them. */
export interface LogStream {
  write(line: string): void;
}

/**
 * The request in a line that pino writes ("request errored" and the like): the fields of the access
 * line (access-log.ts), never a header. It replaces Fastify's own, which logs the URL as sent and
 * the Accept-Version header.
 */
function requestSerializer(clientAddress: ClientAddressRule) {
  return (request: FastifyRequest) => loggedRequest(request, clientAddress);
}

/** The request as a log line names it (requestSerializer; an upload's line when it is dropped). */
export function loggedRequest(request: FastifyRequest, clientAddress: ClientAddressRule) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: clientAddress.of(request.raw),
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's logger options: level from the environment, JSON lines to `stream`, the client named
 * by the app's rule.
 */
export function loggerOptions(
  env: Pick<Env, "logLevel">,
  stream: LogStream,
  clientAddress: ClientAddressRule,
): FastifyServerOptions["logger"] {
  return {
    level: env.logLevel,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, req: requestSerializer(clientAddress) },
    stream,
  };
}
