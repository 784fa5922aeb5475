/**
 * Who may do what beyond their own artifacts (issue 17, docs/decisions/025-roles.md). Every new
 * account is a member; an admin grants curator and admin. An admin can do everything a curator can.
 */
export const ROLES = ["member", "curator", "admin"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { member: 0, curator: 1, admin: 2 };

/** True when `role` includes what `needed` may do (an admin is also a curator). */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** What the bell tells a member about their own work, their reports and what they follow. */
export const NOTIFICATION_KINDS = [
  "artifact_approved",
  "artifact_rejected",
  "artifact_hidden",
  "artifact_unhidden",
  "edit_approved",
  "edit_rejected",
  "report_resolved",
  // Issue 29: how a report was resolved; issue 28: one notice for a decision on a whole import.
  "report_upheld",
  "report_dismissed",
  "import_approved",
  "import_rejected",
  // Issue 33: conversation. The discussion's kinds wait unread once per artifact, not per comment.
  "comment_new",
  "discussion_new",
  "comment_mention",
  "comment_approved",
  "comment_hidden",
  "comment_report_upheld",
  "comment_report_dismissed",
  "suggestion_new",
  "suggestion_accepted",
  "suggestion_declined",
  "followed_member_artifact",
  // A followed collection gained public artifacts: once while unread per collection.
  "followed_collection_artifact",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds about others' artifacts (a discussion one takes part in, a followed member's work):
 * they name the artifact only while its reader may see it (issue 33).
 */
export const CONVERSATION_NOTIFICATION_KINDS = [
  "discussion_new",
  "comment_mention",
  "comment_approved",
  "comment_hidden",
  "comment_report_upheld",
  "comment_report_dismissed",
  "suggestion_accepted",
  "suggestion_declined",
  "followed_member_artifact",
] as const satisfies readonly NotificationKind[];
