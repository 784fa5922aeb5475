import type { FastifyInstance, FastifyReply } from "fastify";
import {
  accountId,
  adminUsersQuery,
  auditQuery,
  MESSAGES,
  restSetRoleBody,
  restSuspendBody,
} from "@artifact-atlas/shared";
import { appendVary } from "../plugins/cors";
import { isNavigation } from "../plugins/spa";
import { assertWriteAllowed } from "../rate-limit";
import { listAudit, listUsers } from "../services/admin";
import { ServiceError } from "../services/errors";
import { createResetLinkByAdmin } from "../services/password-reset";
import { setRole } from "../services/roles";
import { suspendAccount, unsuspendAccount } from "../services/suspension";
import { parseInput, requireRole } from "./http";

interface IdParams {
  id: string;
}

/** An account id that is not a positive whole number names no account: 404, as an unknown one. */
function accountIdOrNotFound(value: unknown): number {
  const result = accountId.safeParse(value);
  if (!result.success) throw new ServiceError("NOT_FOUND", MESSAGES.accountNotFound);
  return result.data;
}

/** RFC 8288 rel="next" for a keyset page, with the query that chose it. */
export function nextPageLink(
  reply: FastifyReply,
  path: string,
  query: Record<string, string | number | undefined | null>,
  nextCursor: number | null,
): void {
  if (nextCursor === null) return;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && name !== "cursor") params.set(name, String(value));
  }
  params.set("cursor", String(nextCursor));
  reply.header("link", `<${path}?${params.toString()}>; rel="next"`);
}

/** The Admin screen's calls for scripts (issue 17): admins only, checked on every call. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get("/admin/users", async (request, reply) => {
    requireRole(request, "admin");
    const query = parseInput(adminUsersQuery, request.query, "query");
    const page = listUsers(deps.db, query);
    nextPageLink(reply, "/admin/users", query, page.nextCursor);
    return page;
  });

  app.put<{ Params: IdParams }>("/admin/users/:id/role", async (request) => {
    const admin = requireRole(request, "admin");
    assertWriteAllowed(deps.writeRateLimiter, admin);
    const userId = accountIdOrNotFound(request.params.id);
    const body = parseInput(restSetRoleBody, request.body, "body");
    const change = setRole(deps.db, {
      actorId: admin.id,
      userId,
      role: body.role,
      requestId: request.id,
    });
    return { id: userId, ...change };
  });

  // A one-time password reset link to hand over (issue 20, decision 070). No body: the path says all.
  app.post<{ Params: IdParams }>("/admin/users/:id/reset-link", async (request, reply) => {
    const admin = requireRole(request, "admin");
    assertWriteAllowed(deps.writeRateLimiter, admin);
    const userId = accountIdOrNotFound(request.params.id);
    const made = createResetLinkByAdmin(deps, {
      actorId: admin.id,
      userId,
      requestId: request.id,
    });
    return reply.code(201).send(made);
  });

  // Suspension (issue 29): the account cannot sign in or write; its public work stays.
  app.post<{ Params: IdParams }>("/admin/users/:id/suspension", async (request) => {
    const admin = requireRole(request, "admin");
    assertWriteAllowed(deps.writeRateLimiter, admin);
    const userId = accountIdOrNotFound(request.params.id);
    const body = parseInput(restSuspendBody, request.body, "body");
    return suspendAccount(deps.db, admin, { userId, ...body }, { requestId: request.id });
  });

  app.delete<{ Params: IdParams }>("/admin/users/:id/suspension", async (request) => {
    const admin = requireRole(request, "admin");
    assertWriteAllowed(deps.writeRateLimiter, admin);
    const userId = accountIdOrNotFound(request.params.id);
    return unsuspendAccount(deps.db, admin, { userId }, { requestId: request.id });
  });

  // The web app's audit screen has the same path: a browser navigation gets the page, any other
  // request the entries (docs/rest-api.md, "One path, two answers").
  app.get("/admin/audit", async (request, reply) => {
    appendVary(reply, "Accept");
    if (isNavigation(request) && app.webApp.available) return app.webApp.send(reply);
    requireRole(request, "admin");
    const query = parseInput(auditQuery, request.query, "query");
    const page = listAudit(deps.db, query);
    nextPageLink(reply, "/admin/audit", query, page.nextCursor);
    return page;
  });
}
