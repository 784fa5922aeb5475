import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  QUEUE_ENTRY_KINDS,
  REPORT_REASONS,
  REVIEW_DECISIONS,
  type ArtifactFields,
} from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";
import { users } from "./users";

/**
 * What waits for a curator (issue 17): a member's new artifact, a member's edit, a report. Oldest
 * first; an entry is decided once (decided_at), by one curator (docs/decisions/051).
 */
export const reviewQueue = sqliteTable(
  "review_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: QUEUE_ENTRY_KINDS }).notNull(),
    /** A purged artifact takes its entries with it; the audit log keeps the decisions. */
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    /** The owner who submitted the artifact or edit, or the person who reported it. */
    submittedBy: integer("submitted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    /** An edit: the fields before it, for the side-by-side view. */
    before: text("before", { mode: "json" }).$type<ArtifactFields>(),
    /** An edit: the fields as the owner saved them. */
    proposed: text("proposed", { mode: "json" }).$type<ArtifactFields>(),
    /**
     * An edit that waits (REVIEW_MODE=pre, of a published artifact): the published text stays
     * until a curator approves `proposed`. False when the edit was saved at once.
     */
    waiting: integer("waiting", { mode: "boolean" }).notNull().default(false),
    reportReason: text("report_reason", { enum: REPORT_REASONS }),
    reportNote: text("report_note"),
    /**
     * A report from an account that was not established when it reported (REPORT_TRUST_DAYS): it
     * does not count towards the automatic hide and waits in the group of new accounts' reports.
     */
    fromNewAccount: integer("from_new_account", { mode: "boolean" }).notNull().default(false),
    /** 1, then one more each time a waiting edit's proposal is replaced: a decision names it. */
    version: integer("version").notNull().default(1),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision", { enum: REVIEW_DECISIONS }),
    decisionReason: text("decision_reason"),
    decisionNote: text("decision_note"),
    /**
     * A held comment, a reported comment or a suggestion's comment (issue 33). No foreign key (an
     * added column's would lose its ON DELETE): a trigger of migration 0031 removes the entries
     * with their comment.
     */
    commentId: integer("comment_id"),
  },
  (table) => [
    /** The open entries, oldest first: the queue's pages and its count read only these. */
    index("review_queue_open_idx")
      .on(table.id, table.artifactId, table.decidedAt)
      .where(sql`${table.decidedAt} is null`),
    /** An artifact's open entries: its spam reports, its waiting edit. */
    index("review_queue_artifact_open_idx")
      .on(table.artifactId, table.kind)
      .where(sql`${table.decidedAt} is null`),
    /** A person's own entries: Download my data pages their reports, deletion removes them. */
    index("review_queue_submitter_idx").on(table.submittedBy, table.id),
    /** A comment's entries: its held entry, its reports, its suggestion's. */
    index("review_queue_comment_idx")
      .on(table.commentId, table.kind)
      .where(sql`${table.commentId} is not null`),
    /** One open report per person and comment (issue 33). */
    uniqueIndex("review_queue_one_open_comment_report_idx")
      .on(table.commentId, table.submittedBy)
      .where(sql`${table.kind} = 'comment_report' and ${table.decidedAt} is null`),
    /** One open report per person and artifact. */
    uniqueIndex("review_queue_one_open_report_idx")
      .on(table.artifactId, table.submittedBy)
      .where(sql`${table.kind} = 'report' and ${table.decidedAt} is null`),
  ],
);

/** The reasons a curator chooses from to reject, hide or unhide; admins edit the list. */
export const reviewReasons = sqliteTable(
  "review_reasons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
  },
  (table) => [uniqueIndex("review_reasons_label_idx").on(sql`lower(${table.label})`)],
);
