import type { AuditAction } from "./audit";
import type { NotificationKind, Role } from "./roles";

/** What the bell says, in words (issue 17); `name` is the artifact's, `reason` the reviewer's. */
export function notificationText(
  kind: NotificationKind,
  name: string | null,
  reason: string | null,
): string {
  const artifact = name === null ? "an artifact that is gone" : `“${name}”`;
  const because = reason ? `: ${reason}` : ".";
  switch (kind) {
    case "artifact_approved":
      return `Your artifact ${artifact} was approved.`;
    case "artifact_rejected":
      return `Your artifact ${artifact} was rejected${because}`;
    case "artifact_hidden":
      return `Your artifact ${artifact} was hidden${because}`;
    case "artifact_unhidden":
      return `Your artifact ${artifact} is visible again.`;
    case "edit_approved":
      return `Your edit of ${artifact} was approved.`;
    case "edit_rejected":
      return `Your edit of ${artifact} was rejected${because}`;
    case "report_resolved":
      return `Your report about ${artifact} was resolved.`;
    case "report_upheld":
      return `Your report about ${artifact} was upheld: it is now hidden${reason ? ` (${reason})` : ""}.`;
    case "report_dismissed":
      return `Your report about ${artifact} was dismissed: it stays visible.`;
    // For an import, `name` is its file's.
    case "import_approved":
      return `Your import ${name === null ? "" : `“${name}” `}was approved: its artifacts are published.`;
    case "import_rejected":
      return `Your import ${name === null ? "" : `“${name}” `}was rejected${because}`;
    // Issue 33: conversation.
    case "comment_new":
      return `New comments on your artifact ${artifact}.`;
    case "discussion_new":
      return `New comments in the discussion of ${artifact}.`;
    case "comment_mention":
      return `You were mentioned in the discussion of ${artifact}.`;
    case "comment_approved":
      return `Your comment on ${artifact} was approved.`;
    case "comment_hidden":
      return `Your comment on ${artifact} was hidden by a curator${because}`;
    case "comment_report_upheld":
      return `Your report of a comment on ${artifact} was upheld: the comment is hidden.`;
    case "comment_report_dismissed":
      return `Your report of a comment on ${artifact} was dismissed: the comment stays.`;
    case "suggestion_new":
      return `A change to your artifact ${artifact} was suggested.`;
    case "suggestion_accepted":
      return `Your suggested change to ${artifact} was accepted.`;
    case "suggestion_declined":
      return `Your suggested change to ${artifact} was declined${because}`;
    case "followed_member_artifact":
      return `A member you follow added ${artifact}.`;
    // `name` is the collection's title, null while the reader may not see the collection.
    case "followed_collection_artifact":
      return name === null
        ? "A collection you followed changed."
        : `New artifacts in “${name}”, a collection you follow.`;
    default:
      // A kind added later without words of its own still says something true.
      return `There is news about ${artifact}.`;
  }
}

/** The audit log's actions in words, for the Admin screen's list and filter. */
const AUDIT_ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  "role.change": "Role changed",
  "artifact.approve": "Artifact approved",
  "artifact.reject": "Artifact rejected",
  "artifact.hide": "Artifact hidden",
  "artifact.unhide": "Artifact unhidden",
  "artifact.delete": "Artifact deleted",
  "artifact.restore": "Artifact restored",
  "artifact.purge": "Artifact purged",
  "report.uphold": "Report upheld",
  "report.dismiss": "Report dismissed",
  "revision.restore": "Version restored",
  "account.reset_link": "Reset link made",
  "import.approve": "Import approved",
  "import.reject": "Import rejected",
  "report.dismiss_new_accounts": "Reports from new accounts dismissed",
  "account.suspend": "Account suspended",
  "account.unsuspend": "Suspension lifted",
  "comment.approve": "Comment approved",
  "comment.hide": "Comment hidden",
  "comment.unhide": "Comment shown again",
  "suggestion.accept": "Suggestion accepted",
  "suggestion.decline": "Suggestion declined",
  "settings.rights": "Rights settings changed",
  "settings.harvesting": "Harvesting settings changed",
  "collection.hide": "Collection hidden",
  "collection.unhide": "Collection shown again",
  "collection.reports_dismiss": "Collection reports dismissed",
};

/** An action in words; one added later without a label shows its code. */
export function auditActionLabel(action: AuditAction): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The roles in words. */
export const ROLE_LABELS = {
  member: "Member",
  curator: "Curator",
  admin: "Admin",
} as const satisfies Record<Role, string>;
