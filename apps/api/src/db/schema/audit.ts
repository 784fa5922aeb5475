import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { AUDIT_ACTIONS } from "@artifact-atlas/shared";

/**
 * Every decision, role change, delete, restore and purge, in the order they happened. Append-only:
 * triggers of migration 0007 refuse updates and deletes (docs/decisions/026-audit-log.md). The ids
 * it names carry no foreign keys, so that neither a purge nor a deleted account rewrites the past,
 * and it holds ids, never a name or an email, so a deleted account leaves nothing readable here.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    /** Null for the server itself or the command line (the purge, ADMIN_EMAILS, pnpm users:role). */
    actorId: integer("actor_id"),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    artifactId: integer("artifact_id"),
    /** The account a role change or an account action was about. */
    subjectUserId: integer("subject_user_id"),
    /** The request that did it (the X-Request-Id header of its answer); null off the request path. */
    requestId: text("request_id"),
    /** A short JSON object: a reason, a role before and after, a summary. */
    details: text("details", { mode: "json" }).$type<Record<string, string>>(),
  },
  (table) => [
    index("audit_log_actor_idx").on(table.actorId, table.id),
    index("audit_log_action_idx").on(table.action, table.id),
    index("audit_log_artifact_idx").on(table.artifactId, table.id),
  ],
);
