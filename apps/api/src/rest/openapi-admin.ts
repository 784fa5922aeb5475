import { z } from "zod";
import {
  accountId,
  adminResetLink,
  adminUser,
  adminUsersQuery,
  auditLogEntry,
  auditQuery,
  cursorPageOf,
  markNotificationsReadInput,
  notificationItem,
  notificationsQuery,
  restSetRoleBody,
  restSuspendBody,
  ROLES,
} from "@artifact-atlas/shared";
import { signedIn } from "./openapi-security";

/*
 * The OpenAPI description of the Admin screen's and the bell's REST paths (issue 17), kept apart
 * from openapi.ts, which merges these schemas and paths into the one document.
 */

type JsonSchema = Record<string, unknown>;

/** What openapi.ts lends: its zod-to-JSON-Schema conversion and its query parameter builder. */

export interface OpenApiTools {
  toSchema: (schema: z.ZodType, io: "input" | "output") => JsonSchema;
  queryParameters: (schema: z.ZodObject) => unknown[];
}

export const ADMIN_REQUEST_BODIES = {
  SetRoleBody: restSetRoleBody,
  SuspendBody: restSuspendBody,
  MarkReadBody: markNotificationsReadInput.unwrap(),
} satisfies Record<string, z.ZodType>;

export const ADMIN_ANSWERS = {
  AdminUserPage: cursorPageOf(adminUser),
  AuditPage: cursorPageOf(auditLogEntry),
  NotificationPage: cursorPageOf(notificationItem).extend({
    unread: z.number().int().min(0).describe("How many of your notifications are unread."),
  }),
  ResetLink: adminResetLink,
  RoleChange: z.object({ id: z.number().int(), from: z.enum(ROLES), to: z.enum(ROLES) }),
  Marked: z.object({ marked: z.number().int().min(0).describe("How many were marked read.") }),
  Suspended: z.object({
    id: z.number().int(),
    suspendedAt: z.string().describe("ISO 8601."),
  }),
  Unsuspended: z.object({ id: z.number().int() }),
} satisfies Record<string, z.ZodType>;

type Name = keyof typeof ADMIN_REQUEST_BODIES | keyof typeof ADMIN_ANSWERS | "Error";

const ref = (name: Name) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ content: { "application/json": { schema } } });

const FAILURES: Record<number, string> = {
  400: "Invalid input; the message names each field.",
  401: "Not signed in.",
  403: "Signed in, but not an admin (or, for a reset link, the account is your own).",
  404: "No account with this id (unknown or malformed).",
  409: "The last admin cannot stop being one; an admin cannot be suspended; the account is not suspended.",
  429: "Too many writes from this user; Retry-After says how many seconds to wait.",
};

function failures(codes: number[]) {
  return Object.fromEntries(
    codes.map((code) => [String(code), { description: FAILURES[code], ...json(ref("Error")) }]),
  );
}

const nextLink = {
  Link: {
    description:
      'RFC 8288 rel="next": the next page (the same query with cursor), when there is one.',
    schema: { type: "string" },
  },
};

export function adminOpenApiPaths({ toSchema, queryParameters }: OpenApiTools) {
  /** The `{id}` of an account in an admin path. */
  const accountIdParameter = {
    name: "id",
    in: "path",
    required: true,
    description: "The account's id.",
    schema: toSchema(accountId, "input"),
  };
  return {
    "/admin/users": {
      get: {
        operationId: "adminListUsers",
        summary: "Accounts, newest first (admins only)",
        description:
          "Each with role, joined date and number of artifacts; search is part of the name or the email. A page at a time: pass nextCursor as cursor for the next.",
        security: signedIn,
        parameters: queryParameters(adminUsersQuery.unwrap()),
        responses: {
          "200": {
            description: "A page of accounts.",
            headers: nextLink,
            ...json(ref("AdminUserPage")),
          },
          ...failures([400, 401, 403]),
        },
      },
    },
    "/admin/users/{id}/role": {
      parameters: [accountIdParameter],
      put: {
        operationId: "adminSetRole",
        summary: "Give an account a role: member, curator or admin (admins only)",
        description:
          "Recorded in the audit log with the request's id. The last admin cannot stop being one (409).",
        security: signedIn,
        requestBody: { required: true, ...json(ref("SetRoleBody")) },
        responses: {
          "200": { description: "The role before and after.", ...json(ref("RoleChange")) },
          ...failures([400, 401, 403, 404, 409, 429]),
        },
      },
    },
    "/admin/users/{id}/reset-link": {
      parameters: [accountIdParameter],
      post: {
        operationId: "adminCreateResetLink",
        summary: "Make a one-time password reset link for an account (admins only)",
        description:
          "For when mail is off or does not arrive: hand the link to the account's holder. It works once, within 30 minutes; opening it and choosing a password signs them in and ends every other session of the account. Making one ends the account's earlier unused links. Not for your own account (403: use Change password). The audit log names you and the account, never the link. No body.",
        security: signedIn,
        responses: {
          "201": { description: "The link, shown this once.", ...json(ref("ResetLink")) },
          ...failures([401, 403, 404, 429]),
        },
      },
    },
    "/admin/users/{id}/suspension": {
      parameters: [accountIdParameter],
      post: {
        operationId: "adminSuspend",
        summary: "Suspend an account, with a reason (admins only)",
        description:
          "The account's sessions end and it cannot sign in (403 with the reason to contact an administrator) or write; its public work stays. Not your own account (403), not an admin's (409: make them a member first). The reason is kept with the account and in the audit log.",
        security: signedIn,
        requestBody: { required: true, ...json(ref("SuspendBody")) },
        responses: {
          "200": { description: "Suspended.", ...json(ref("Suspended")) },
          ...failures([400, 401, 403, 404, 409, 429]),
        },
      },
      delete: {
        operationId: "adminUnsuspend",
        summary: "Lift a suspension: the account may sign in again (admins only)",
        description: "409 when it is not suspended. No body.",
        security: signedIn,
        responses: {
          "200": { description: "Lifted.", ...json(ref("Unsuspended")) },
          ...failures([401, 403, 404, 409, 429]),
        },
      },
    },
    "/admin/audit": {
      get: {
        operationId: "adminAuditLog",
        summary: "The audit log, newest first (admins only)",
        description:
          "Filtered by actor (an account id, or person: part of a name or email), action and artifact; each entry names the current names of its actor, artifact and subject account (null once gone, or for the server).",
        security: signedIn,
        parameters: queryParameters(auditQuery.unwrap()),
        responses: {
          "200": {
            description: "A page of entries.",
            headers: nextLink,
            ...json(ref("AuditPage")),
          },
          ...failures([400, 401, 403]),
        },
      },
    },
    "/notifications": {
      get: {
        operationId: "listNotifications",
        summary: "Your notifications, newest first, with how many are unread",
        security: signedIn,
        parameters: queryParameters(notificationsQuery.unwrap()),
        responses: {
          "200": {
            description: "A page of notifications.",
            headers: nextLink,
            ...json(ref("NotificationPage")),
          },
          ...failures([400, 401]),
        },
      },
    },
    "/notifications/read": {
      post: {
        operationId: "markNotificationsRead",
        summary: "Mark your notifications read (up to upTo, or all)",
        security: signedIn,
        requestBody: { required: false, ...json(ref("MarkReadBody")) },
        responses: {
          "200": { description: "How many were marked.", ...json(ref("Marked")) },
          ...failures([400, 401, 429]),
        },
      },
    },
  };
}
