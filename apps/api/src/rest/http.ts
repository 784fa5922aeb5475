import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import {
  artifactId,
  hasRole,
  MESSAGES,
  type ReviewMode,
  type Role,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { Deps } from "../deps";
import { refusalStatus } from "../http-status";
import { assertWriteAllowed } from "../rate-limit";
import { ServiceError } from "../services/errors";

/*
 * The REST paths' few rules of their own: who is asking, which emails they may name, how input is
 * read, and how a failure is answered. Everything about artifacts and likes is in services/.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** The path answers { success, message } and so fails as { success: false, error }. */
    successFlag?: boolean;
    /** Who may call the path: checked before its input is validated, and named in /openapi.json. */
    access?: Access;
  }
}

/** Who may call a REST path; a path without one is public. */
export interface Access {
  /** The least role: "member" is anyone signed in. */
  role: Role;
  /** A write: also takes one from the caller's budget, as tRPC's writeProcedure does. */
  writes?: boolean;
  /** Checked before a byte of the body is read: a path whose body may be large (POST /imports). */
  beforeBody?: boolean;
}

export const SIGNED_IN: Access = { role: "member" };
export const WRITER: Access = { role: "member", writes: true };
export const CURATOR: Access = { role: "curator" };
export const CURATOR_WRITES: Access = { role: "curator", writes: true };
export const ADMIN: Access = { role: "admin" };
export const ADMIN_WRITES: Access = { role: "admin", writes: true };

/**
 * What a service call is told about its REST request, as tRPC's context tells it: the request's id
 * (for the audit log), its moment by the app's clock, the client's address (for rate limits) and
 * REVIEW_MODE.
 */
export function serviceContext(
  deps: Pick<Deps, "now" | "clientAddress" | "env">,
  request: FastifyRequest,
): { requestId: string; now: number; ip: string; reviewMode: ReviewMode } {
  return {
    requestId: request.id,
    now: deps.now(),
    ip: deps.clientAddress.of(request.raw) ?? "",
    reviewMode: deps.env.reviewMode,
  };
}

/** The REST door to identity, as protectedProcedure is tRPC's: the session's user, or 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  const user = request.session?.user;
  if (!user) throw new ServiceError("UNAUTHORIZED", MESSAGES.signInRequired);
  return user;
}

/** The REST door for curators' and admins' work, as curatorProcedure and adminProcedure are tRPC's. */
function requireRole(request: FastifyRequest, needed: Role): SessionUser {
  const user = requireUser(request);
  if (!hasRole(user.role, needed)) throw new ServiceError("FORBIDDEN", MESSAGES.notAllowed);
  return user;
}

/**
 * A path's `access`, before its input is validated (a stranger learns nothing from a 400): 401 or
 * 403, and for a write one write from the caller's budget or 429.
 */
export function checkAccess(
  request: FastifyRequest,
  access: Access,
  deps: Pick<Deps, "writeRateLimiter">,
): void {
  const user = requireRole(request, access.role);
  if (access.writes) assertWriteAllowed(deps.writeRateLimiter, user);
}

/**
 * The original client names the acting user by email. Identity comes from the session alone; an
 * email in the request is accepted only when it is that user's own, else the request changes nothing.
 */
export function assertOwnEmail(
  user: SessionUser,
  claimed: string | undefined,
  field: string,
): void {
  if (claimed !== undefined && claimed.toLowerCase() !== user.email.toLowerCase()) {
    throw new ServiceError("FORBIDDEN", `${field} must be the signed-in user's own email.`);
  }
}

/**
 * Fastify's validator for the REST paths' zod schemas. Unlike fastify-type-provider-zod's own, an
 * absent body reads as {} (a missing body names each missing field) and a failure is answered in
 * the product's words: a 400 naming each field of the query or body, or for a path parameter the
 * 404 of the thing it would name, with that parameter's own message (decision 004).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    if (httpPart === "params") {
      return { error: new ServiceError("NOT_FOUND", result.error.issues[0]!.message) };
    }
    const where = httpPart === "querystring" ? "query" : "body";
    const message = result.error.issues
      .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : where}: ${issue.message}`)
      .join("; ");
    return { error: new ServiceError("BAD_REQUEST", message) };
  };

/** An id that is not a positive integer names no artifact: 404, as an unknown one (decision 004). */
export function idOrNotFound(value: unknown): number {
  const result = artifactId.safeParse(value);
  if (!result.success) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  return result.data;
}

/** The list a REST answer is a page of: its path, and the query parameters that choose it. */
interface PagedList {
  path: string;
  /** The list's query parameters; a list of values repeats its parameter. */
  filters: Record<string, string | readonly string[] | undefined>;
}

/**
 * X-Total-Count, and RFC 8288 links to the first, neighbouring and last pages of the list in its
 * page and pageSize form, so that a client that sent neither can still tell that there is more.
 */
export function pageHeaders(
  reply: FastifyReply,
  list: PagedList,
  page: number,
  pageSize: number,
  total: number,
): void {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const link = (target: number, rel: string) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(list.filters)) {
      if (typeof value === "string") params.set(name, value);
      else for (const each of value ?? []) params.append(name, each);
    }
    params.set("page", String(target));
    params.set("pageSize", String(pageSize));
    return `<${list.path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), "prev"));
  if (page < lastPage) links.push(link(page + 1, "next"));
  links.push(link(lastPage, "last"));
  reply.header("x-total-count", String(total));
  reply.header("link", links.join(", "));
}

/**
 * A keyset page as answered: unless it is the last, an RFC 8288 rel="next" link to the following
 * page, with the query that chose this one.
 */
export function withNextLink<Page extends { nextCursor: number | null }>(
  reply: FastifyReply,
  path: string,
  query: Record<string, string | number | undefined | null>,
  page: Page,
): Page {
  if (page.nextCursor === null) return page;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && name !== "cursor") params.set(name, String(value));
  }
  params.set("cursor", String(page.nextCursor));
  reply.header("link", `<${path}?${params.toString()}>; rel="next"`);
  return page;
}

/**
 * Every REST failure is JSON: a service's code becomes its HTTP status, and Fastify's own 4xx
 * (malformed JSON, a body over the limit, an unsupported content type) keep theirs. Anything else
 * is rethrown to the app's error handler, which logs it and answers 500 without internals.
 */
export function restErrorHandler(
  error: FastifyError | ServiceError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  let status: number;
  if (error instanceof ServiceError) {
    status = refusalStatus(error, (name, value) => reply.header(name, value));
  } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
  } else {
    throw error;
  }
  const body = request.routeOptions.config.successFlag
    ? { success: false, error: error.message }
    : { error: error.message };
  return reply.code(status).send(body);
}
