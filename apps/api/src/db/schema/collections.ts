import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  COLLECTION_ACTIONS,
  COLLECTION_KINDS,
  COLLECTION_STATUSES,
  COLLECTION_VISIBILITIES,
  REPORT_REASONS,
} from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";
import { users } from "./users";

/*
 * Collections and exhibits (issue 32, docs/decisions/123-collections.md). A collection's items
 * are read through the one find (its `collection` filter), which keeps the artifacts' own
 * visibility: the item rows hold no status, so the find's public condition is the only one.
 */

export const collections = sqliteTable(
  "collections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: belongsTo("owner_id", () => users.id),
    title: text("title").notNull(),
    /** The Markdown as written and as rendered once (services/conversation/markdown.ts). */
    description: text("description").notNull(),
    descriptionHtml: text("description_html").notNull(),
    kind: text("kind", { enum: COLLECTION_KINDS }).notNull(),
    /** A saved search's find (SavedSearch as JSON); null for a curated collection. */
    query: text("query"),
    visibility: text("visibility", { enum: COLLECTION_VISIBILITIES }).notNull(),
    /** The artifact whose image is the cover; null: the first shown artifact's. */
    coverArtifactId: integer("cover_artifact_id").references(() => artifacts.id, {
      onDelete: "set null",
    }),
    /** Every item, shown or not: the 500 limit counts these. */
    itemCount: integer("item_count").notNull().default(0),
    likeCount: integer("like_count").notNull().default(0),
    /**
     * The items everyone is shown (public artifacts): /collections' most artifacts sorts by it.
     * Kept by triggers (migration 0050) as items come and go and artifacts change state.
     */
    shownCount: integer("shown_count").notNull().default(0),
    status: text("status", { enum: COLLECTION_STATUSES }).notNull().default("published"),
    hiddenReason: text("hidden_reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** In the trash since; purged COLLECTION_TRASH_DAYS later. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    /** /collections: the listed ones, newest first or by size or likes. */
    index("collections_listed_idx")
      .on(table.createdAt)
      .where(
        sql`${table.visibility} = 'public' and ${table.status} = 'published' and ${table.deletedAt} is null`,
      ),
    index("collections_owner_idx").on(table.ownerId, table.id),
    index("collections_trash_idx")
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

/**
 * An artifact in a curated collection, at `position` (ascending), with an optional note. No
 * `status`, `deleted_at` or `id` column: the find's unqualified conditions read the artifact's.
 */
export const collectionItems = sqliteTable(
  "collection_items",
  {
    collectionId: belongsTo("collection_id", () => collections.id),
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    position: integer("position").notNull(),
    note: text("note").notNull().default(""),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.artifactId] }),
    index("collection_items_order_idx").on(table.collectionId, table.position),
    /** The collections an artifact is in (an artifact's purge, the Atom feed). */
    index("collection_items_artifact_idx").on(table.artifactId),
  ],
);

/** Members the owner invited: they add, order and annotate. */
export const collectionCollaborators = sqliteTable(
  "collection_collaborators",
  {
    collectionId: belongsTo("collection_id", () => collections.id),
    userId: belongsTo("user_id", () => users.id),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.userId] }),
    index("collection_collaborators_user_idx").on(table.userId, table.collectionId),
  ],
);

/** Who changed what in a collection, when; newest last. Kept as long as the collection. */
export const collectionHistory = sqliteTable(
  "collection_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    collectionId: belongsTo("collection_id", () => collections.id),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: COLLECTION_ACTIONS }).notNull(),
    artifactId: integer("artifact_id"),
    detail: text("detail"),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("collection_history_idx").on(table.collectionId, table.id)],
);

export const collectionLikes = sqliteTable(
  "collection_likes",
  {
    collectionId: belongsTo("collection_id", () => collections.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.collectionId, table.userId] }),
    index("collection_likes_user_idx").on(table.userId),
  ],
);

/**
 * Members' reports of a collection, waiting for a curator (docs/decisions/123-collections.md). A
 * report never hides anything by itself: a curator decides (hide, or dismiss).
 */
export const collectionReports = sqliteTable(
  "collection_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    collectionId: belongsTo("collection_id", () => collections.id),
    reporterId: belongsTo("reporter_id", () => users.id),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note"),
    /** Not yet established when it reported (REPORT_TRUST_DAYS): curators see it marked. */
    fromNewAccount: integer("from_new_account", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision", { enum: ["hide", "dismiss"] }),
  },
  (table) => [
    /** One open report per member and collection. */
    uniqueIndex("collection_reports_one_open_idx")
      .on(table.collectionId, table.reporterId)
      .where(sql`${table.decidedAt} is null`),
    /** The open reports, oldest first: the curators' list. */
    index("collection_reports_open_idx")
      .on(table.collectionId, table.id)
      .where(sql`${table.decidedAt} is null`),
    index("collection_reports_reporter_idx").on(table.reporterId),
  ],
);
