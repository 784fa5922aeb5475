import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  COMMENT_STATUSES,
  FOLLOW_TARGET_KINDS,
  NOTIFICATION_KINDS,
  SUGGESTABLE_FIELDS,
  SUGGESTION_STATUSES,
} from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";
import { collections } from "./collections";
import { users } from "./users";

/*
 * Conversation (issue 33, docs/decisions/113): comments under artifacts, suggestions (a comment
 * that proposes a change to one field), agreements with them, follows and the daily digest.
 */

/**
 * A comment, or a reply one level under one. The Markdown is kept as written and as rendered
 * (sanitised HTML), so a page of a discussion renders nothing. A comment goes with its artifact;
 * its author's leaving removes it, or empties it to a "deleted" placeholder while replies hang on
 * it (services/conversation/comments.ts removeComment).
 */
export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    /** The top-level comment this replies to; null for a thread's first comment. */
    parentId: integer("parent_id").references((): AnySQLiteColumn => comments.id, {
      onDelete: "cascade",
    }),
    /** Null only for a deleted placeholder. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    html: text("html").notNull(),
    /** published, held (a new account's, REVIEW_MODE=pre), hidden (by a curator), deleted. */
    status: text("status", { enum: COMMENT_STATUSES }).notNull().default("published"),
    /** Why a curator hid it (a review reason's label). */
    hiddenReason: text("hidden_reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    /** A discussion's threads, oldest first. */
    index("comments_threads_idx")
      .on(table.artifactId, table.id)
      .where(sql`${table.parentId} is null`),
    /** A thread's replies, oldest first. */
    index("comments_replies_idx")
      .on(table.parentId, table.id)
      .where(sql`${table.parentId} is not null`),
    /** Who took part in a discussion: they are told of new comments. */
    index("comments_participants_idx").on(table.artifactId, table.authorId),
    /** A member's comments: Download my data, and their leaving. */
    index("comments_author_idx").on(table.authorId, table.id),
  ],
);

/** The earlier texts of an edited comment, for curators (its "edited" mark's history). */
export const commentRevisions = sqliteTable(
  "comment_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    commentId: belongsTo("comment_id", () => comments.id),
    body: text("body").notNull(),
    /** When this text was written (the comment's creation or an earlier edit). */
    writtenAt: integer("written_at", { mode: "timestamp_ms" }).notNull(),
    /** When the edit that replaced it was saved. */
    replacedAt: integer("replaced_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("comment_revisions_comment_idx").on(table.commentId, table.id)],
);

/**
 * A suggested change to one field of an artifact: its comment holds the reason. It waits in the
 * review queue (kind "suggestion") until the owner or a curator accepts or declines it, and is
 * accepted only while the field is as it was on `base_revision`.
 */
export const suggestions = sqliteTable(
  "suggestions",
  {
    commentId: integer("comment_id")
      .primaryKey()
      .references(() => comments.id, { onDelete: "cascade" }),
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    field: text("field", { enum: SUGGESTABLE_FIELDS }).notNull(),
    /** The field's value on the base revision, and the value suggested. */
    before: text("before").notNull(),
    value: text("value").notNull(),
    source: text("source").notNull(),
    baseRevision: integer("base_revision").notNull(),
    status: text("status", { enum: SUGGESTION_STATUSES }).notNull().default("open"),
    /** The owner accepted it in REVIEW_MODE=pre: it waits for a curator's approval. */
    ownerAcceptedAt: integer("owner_accepted_at", { mode: "timestamp_ms" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    declineReason: text("decline_reason"),
  },
  (table) => [index("suggestions_artifact_idx").on(table.artifactId, table.status)],
);

/** One agreement per member and suggestion; the count is read from here. */
export const suggestionAgreements = sqliteTable(
  "suggestion_agreements",
  {
    suggestionId: belongsTo("suggestion_id", () => suggestions.commentId),
    userId: belongsTo("user_id", () => users.id),
    agreedAt: integer("agreed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.suggestionId, table.userId] }),
    index("suggestion_agreements_user_idx").on(table.userId),
  ],
);

/**
 * A member follows an artifact, another member or a collection. No foreign key can name three
 * tables, so triggers (migrations 0036 and 0047) remove a follow with what it follows.
 */
export const follows = sqliteTable(
  "follows",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    followerId: belongsTo("follower_id", () => users.id),
    targetKind: text("target_kind", { enum: FOLLOW_TARGET_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
    bell: integer("bell", { mode: "boolean" }).notNull(),
    email: integer("email", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("follows_follower_target_idx").on(
      table.followerId,
      table.targetKind,
      table.targetId,
    ),
    /** Who follows a thing: each event reads its followers here. */
    index("follows_target_idx").on(
      table.targetKind,
      table.targetId,
      table.bell,
      table.email,
      table.followerId,
    ),
    index("follows_follower_idx").on(table.followerId, table.id),
  ],
);

/**
 * What the next daily digest of a member tells, one row per kind and artifact, counted: a
 * discussion with 40 new comments is one line. The digest reads and removes a member's rows.
 */
export const digestItems = sqliteTable(
  "digest_items",
  {
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    count: integer("count").notNull().default(1),
    firstAt: integer("first_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.artifactId] })],
);

/**
 * The followed collections that gained artifacts since a member's last digest, one row each: the
 * digest counts what was added since `first_at` and is public when it is composed, so a collection
 * with 500 additions is one line (decision 113, 2026-11-28).
 */
export const digestCollections = sqliteTable(
  "digest_collections",
  {
    userId: belongsTo("user_id", () => users.id),
    collectionId: belongsTo("collection_id", () => collections.id),
    firstAt: integer("first_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.collectionId] })],
);

/** When each member's last digest went: at most one a day. */
export const digestsSent = sqliteTable("digests_sent", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
});

/** Keys the server signs with (the digest's unsubscribe links), made at random on first use. */
export const signingKeys = sqliteTable("signing_keys", {
  name: text("name").primaryKey(),
  key: blob("key", { mode: "buffer" }).notNull(),
});
