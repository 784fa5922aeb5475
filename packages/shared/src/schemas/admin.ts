import { z } from "zod";
import { LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { AUDIT_ACTIONS } from "../audit";
import { NOTIFICATION_KINDS, ROLES } from "../roles";
import { isWellFormedText, pageCursor, pageLimit, requiredText, wholeNumber } from "./fields";

/*
 * The Admin screen (accounts and the audit log) and the bell's notifications (issue 17,
 * docs/community-editing.md). Every list is keyset-paged by id, newest first, and bounded.
 */

/** Accounts per page on the Admin screen; also the most a caller may ask for. */
export const ADMIN_USERS_PAGE_SIZE = 50;
/** Audit entries per page; also the most a caller may ask for. */
export const AUDIT_PAGE_SIZE = 50;
/** Notifications per page of the bell's list; also the most a caller may ask for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** An account id in a filter or a path: a positive whole number. */
export const accountId = wholeNumber("account id", Number.MAX_SAFE_INTEGER);

const roleField = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}.` });

/** Part of an account's name or email to look for; blank is no search. */
const accountSearch = (label: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.search, MESSAGES.fieldTooLong(label, LIMITS.search))
    .refine(isWellFormedText, MESSAGES.brokenCharacter(label))
    .optional()
    .transform((value) => (value ? value : undefined));

/** admin.users / GET /admin/users: accounts, newest first, optionally searched and by role. */
export const adminUsersQuery = z
  .object({
    search: accountSearch("Search").describe(
      "Part of the account's name or email (case-insensitive).",
    ),
    role: roleField.optional().describe("Only accounts with this role."),
    cursor: pageCursor,
    limit: pageLimit(ADMIN_USERS_PAGE_SIZE),
  })
  .prefault({});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** admin.setRole / PUT /admin/users/{id}/role. */
export const setRoleInput = z.object({ userId: accountId, role: roleField });
export const restSetRoleBody = z.object({ role: roleField });

/** Why an admin suspends an account (issue 29): kept in the audit log and shown on the Admin screen. */
export const SUSPENSION_REASON_MAX_LENGTH = 500;
const suspensionReason = requiredText("Reason", SUSPENSION_REASON_MAX_LENGTH);

/** admin.suspend / POST /admin/users/{id}/suspension. */
export const suspendInput = z.object({ userId: accountId, reason: suspensionReason });
export const restSuspendBody = z.object({ reason: suspensionReason });

/** admin.unsuspend / DELETE /admin/users/{id}/suspension. */
export const unsuspendInput = z.object({ userId: accountId });

/** admin.createResetLink: a one-time password reset link for this account (issue 20). */
export const createResetLinkInput = z.object({ userId: accountId });

/** What an admin gets once, to hand over: the link itself is kept nowhere (only its hash). */
export const adminResetLink = z.object({
  userId: z.number().int().positive(),
  link: z
    .string()
    .describe("PUBLIC_ORIGIN/reset-password#token: opens Choose a new password; works once."),
  expiresAt: z.string().describe("ISO 8601: 30 minutes after it was made."),
});
export type AdminResetLink = z.output<typeof adminResetLink>;

/** admin.audit / GET /admin/audit: the log newest first, filtered by actor, action and artifact. */
export const auditQuery = z
  .object({
    actorId: accountId.optional().describe("Only what this account did."),
    person: accountSearch("Person").describe(
      "Only what accounts did whose name or email contains this (case-insensitive).",
    ),
    action: z
      .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}.` })
      .optional()
      .describe("Only this action."),
    artifactId: wholeNumber("artifact id", Number.MAX_SAFE_INTEGER)
      .optional()
      .describe("Only entries about this artifact."),
    cursor: pageCursor,
    limit: pageLimit(AUDIT_PAGE_SIZE),
  })
  .prefault({});
export type AuditQuery = z.input<typeof auditQuery>;

/** notifications.list / GET /notifications: the caller's own, newest first. */
export const notificationsQuery = z
  .object({ cursor: pageCursor, limit: pageLimit(NOTIFICATIONS_PAGE_SIZE) })
  .prefault({});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

/**
 * notifications.markRead / POST /notifications/read: marks the caller's notifications up to and
 * including `upTo` read (the newest one the list showed), or all of them without it, so that one
 * arriving while the list was open stays unread.
 */
export const markNotificationsReadInput = z
  .object({
    upTo: wholeNumber("upTo", Number.MAX_SAFE_INTEGER)
      .optional()
      .describe("The newest notification id seen; all when missing."),
  })
  .prefault({});

/** One account as the Admin screen lists it. */
export const adminUser = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  joinedAt: z.string().describe("ISO 8601."),
  artifactCount: z.number().int().min(0),
  suspendedAt: z.string().nullable().describe("ISO 8601 when suspended; null otherwise."),
  suspendedReason: z.string().nullable().describe("The admin's reason, while suspended."),
});
export type AdminUser = z.output<typeof adminUser>;

/** One entry of the audit log, with the current names beside the ids (null once gone). */
export const auditLogEntry = z.object({
  id: z.number().int().positive(),
  at: z.string().describe("ISO 8601."),
  actorId: z.number().int().nullable().describe("Null for the server itself and the command line."),
  actorName: z.string().nullable().describe("The actor's current name; null when none or gone."),
  action: z.enum(AUDIT_ACTIONS),
  artifactId: z.number().int().nullable(),
  artifactName: z.string().nullable().describe("The artifact's current name; null when gone."),
  subjectUserId: z.number().int().nullable(),
  subjectName: z.string().nullable(),
  requestId: z.string().nullable().describe("The X-Request-Id of the request that did it."),
  details: z.record(z.string(), z.string()).nullable(),
});
export type AuditLogEntry = z.output<typeof auditLogEntry>;

/** One notification of the bell's list. */
export const notificationItem = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  artifactId: z.number().int().nullable(),
  artifactName: z.string().nullable().describe("The artifact's current name; null when gone."),
  importId: z.number().int().nullable().describe("A decision on a whole import: its id."),
  commentId: z.number().int().nullable().describe("The comment it is about (issue 33)."),
  collectionId: z
    .number()
    .int()
    .nullable()
    .describe("A followed collection that gained artifacts; null while you may not see it."),
  reason: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601."),
  read: z.boolean(),
  text: z.string().describe("The notification in words."),
});
export type NotificationItem = z.output<typeof notificationItem>;
