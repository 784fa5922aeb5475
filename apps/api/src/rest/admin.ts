import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminResetLink,
  adminUser,
  adminUsersQuery,
  auditLogEntry,
  auditQuery,
  cursorPageOf,
  ROLES,
} from "@artifact-atlas/shared";
import { listAudit, listUsers } from "../services/admin";
import { createResetLinkByAdmin } from "../services/password-reset";
import { setRole } from "../services/roles";
import { suspendAccount, unsuspendAccount } from "../services/suspension";
import { accountParams, bodies, failures, json, NEXT_PAGE_HEADER } from "./declarations";
import { ADMIN, ADMIN_WRITES, requireUser, serviceContext, withNextLink } from "./http";
import { webPageForNavigation } from "./web-page";

/** What the admin paths' failures mean. */
const reasons = {
  403: "Signed in, but not an admin (or, for a reset link, the account is your own).",
  404: "No account with this id (unknown or malformed).",
  409: "The last admin cannot stop being one; an admin cannot be suspended; the account is not suspended.",
};

/** The Admin screen's calls for scripts (issue 17): admins only, checked on every call. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const users = {
    operationId: "adminListUsers",
    summary: "Accounts, newest first (admins only)",
    description:
      "Each with role, joined date and number of artifacts; search is part of the name or the email. A page at a time: pass nextCursor as cursor for the next.",
    querystring: adminUsersQuery,
    response: {
      200: json(
        "A page of accounts.",
        cursorPageOf(adminUser).meta({ id: "AdminUserPage" }),
        NEXT_PAGE_HEADER,
      ),
      ...failures([400, 401, 403], { reasons }),
    },
  };
  api.get("/admin/users", { schema: users, config: { access: ADMIN } }, async (request, reply) =>
    withNextLink(reply, "/admin/users", request.query, listUsers(deps.db, request.query)),
  );

  const setRoleSchema = {
    operationId: "adminSetRole",
    summary: "Give an account a role: member, curator or admin (admins only)",
    description:
      "Recorded in the audit log with the request's id. The last admin cannot stop being one (409).",
    params: accountParams,
    body: bodies.setRole,
    response: {
      200: json(
        "The role before and after.",
        z
          .object({ id: z.number().int(), from: z.enum(ROLES), to: z.enum(ROLES) })
          .meta({ id: "RoleChange" }),
      ),
      ...failures([400, 401, 403, 404, 409, 429], { reasons }),
    },
  };
  const writes = { access: ADMIN_WRITES };
  api.put("/admin/users/:id/role", { schema: setRoleSchema, config: writes }, async (request) => {
    const admin = requireUser(request);
    const userId = request.params.id;
    const change = setRole(deps.db, {
      actorId: admin.id,
      userId,
      role: request.body.role,
      requestId: request.id,
    });
    return { id: userId, ...change };
  });

  // A one-time password reset link to hand over (issue 20, decision 070). No body: the path says all.
  const resetLink = {
    operationId: "adminCreateResetLink",
    summary: "Make a one-time password reset link for an account (admins only)",
    description:
      "For when mail is off or does not arrive: hand the link to the account's holder. It works once, within 30 minutes; opening it and choosing a password signs them in and ends every other session of the account. Making one ends the account's earlier unused links. Not for your own account (403: use Change password). The audit log names you and the account, never the link. No body.",
    params: accountParams,
    response: {
      201: json("The link, shown this once.", adminResetLink.meta({ id: "ResetLink" })),
      ...failures([401, 403, 404, 429], { reasons }),
    },
  };
  api.post(
    "/admin/users/:id/reset-link",
    { schema: resetLink, config: writes },
    async (request, reply) => {
      const admin = requireUser(request);
      const userId = request.params.id;
      const made = createResetLinkByAdmin(deps, {
        actorId: admin.id,
        userId,
        requestId: request.id,
      });
      return reply.code(201).send(made);
    },
  );

  // Suspension (issue 29): the account cannot sign in or write; its public work stays.
  const suspend = {
    operationId: "adminSuspend",
    summary: "Suspend an account, with a reason (admins only)",
    description:
      "The account's sessions end and it cannot sign in (403, telling it to contact an administrator) or write; its public work stays. Not your own account (403), not an admin's (409: make them a member first). The reason is kept with the account and in the audit log.",
    params: accountParams,
    body: bodies.suspend,
    response: {
      200: json(
        "Suspended.",
        z
          .object({ id: z.number().int(), suspendedAt: z.string().describe("ISO 8601.") })
          .meta({ id: "Suspended" }),
      ),
      ...failures([400, 401, 403, 404, 409, 429], { reasons }),
    },
  };
  api.post("/admin/users/:id/suspension", { schema: suspend, config: writes }, async (request) => {
    const input = { userId: request.params.id, reason: request.body.reason };
    return suspendAccount(deps.db, requireUser(request), input, serviceContext(deps, request));
  });

  const unsuspend = {
    operationId: "adminUnsuspend",
    summary: "Lift a suspension: the account may sign in again (admins only)",
    description: "409 when it is not suspended. No body.",
    params: accountParams,
    response: {
      200: json("Lifted.", z.object({ id: z.number().int() }).meta({ id: "Unsuspended" })),
      ...failures([401, 403, 404, 409, 429], { reasons }),
    },
  };
  api.delete(
    "/admin/users/:id/suspension",
    { schema: unsuspend, config: writes },
    async (request) =>
      unsuspendAccount(
        deps.db,
        requireUser(request),
        { userId: request.params.id },
        serviceContext(deps, request),
      ),
  );

  // The web app's audit screen has the same path: a browser navigation gets the page, any other
  // request the entries (docs/rest-api.md, "One path, two answers").
  const audit = {
    operationId: "adminAuditLog",
    summary: "The audit log, newest first (admins only)",
    description:
      "Filtered by actor (an account id, or person: part of a name or email), action and artifact; each entry names the current names of its actor, artifact and subject account (null once gone, or for the server).",
    querystring: auditQuery,
    response: {
      200: json(
        "A page of entries.",
        cursorPageOf(auditLogEntry).meta({ id: "AuditPage" }),
        NEXT_PAGE_HEADER,
      ),
      ...failures([400, 401, 403], { reasons }),
    },
  };
  api.get(
    "/admin/audit",
    { schema: audit, config: { access: ADMIN }, onRequest: webPageForNavigation(app) },
    async (request, reply) =>
      withNextLink(reply, "/admin/audit", request.query, listAudit(deps.db, request.query)),
  );
}
