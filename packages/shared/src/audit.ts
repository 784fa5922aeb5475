/*
 * The audit log's actions, apart from the roles (roles.ts): the first load needs hasRole, and a
 * module is bundled whole, so this list (read by the Admin audit screen alone) waited in every
 * first load of / and /allartifacts (e2e/bundle-budget.test.ts).
 */

/** What the audit log records (issue 17); the Admin audit screen filters by these. */
export const AUDIT_ACTIONS = [
  "role.change",
  "artifact.approve",
  "artifact.reject",
  "artifact.hide",
  "artifact.unhide",
  "artifact.delete",
  "artifact.restore",
  "artifact.purge",
  "report.uphold",
  "report.dismiss",
  "revision.restore",
  // Issue 21: a curator's import of a file, and its undo.
  "import.run",
  "import.undo",
  // Issue 20: an admin made a one-time password reset link for an account (never the link itself).
  "account.reset_link",
  // Issue 28: one decision on an import's rows; the reports from new accounts dismissed together.
  "import.approve",
  "import.reject",
  "report.dismiss_new_accounts",
  // Issue 29: an admin suspends an account, and lifts the suspension.
  "account.suspend",
  "account.unsuspend",
  // Issue 33: a held comment approved, a comment hidden or shown again, a suggestion decided.
  "comment.approve",
  "comment.hide",
  "comment.unhide",
  "suggestion.accept",
  "suggestion.decline",
  // Issue 30: an admin changed the site's metadata licence or the uploads' default rights.
  "settings.rights",
  // Issue 34: an admin changed the harvesting settings.
  "settings.harvesting",
  // Issue 32: a curator hides or unhides a collection, or dismisses its reports.
  "collection.hide",
  "collection.unhide",
  "collection.reports_dismiss",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
