import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_KINDS } from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";
import { users } from "./users";

/** What happened to a member's work or reports, for the bell in the navigation (issue 17). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    artifactId: integer("artifact_id").references(() => artifacts.id, { onDelete: "cascade" }),
    /**
     * A decision on a whole import (issue 28): its one notice to the importer. No foreign key: an
     * import goes only with its importer's account, which takes these notifications with it.
     */
    importId: integer("import_id"),
    /**
     * The comment it is about (issue 33): a mention, a decision on a comment or a suggestion. A
     * trigger of migration 0031 removes the notification with its comment, as a foreign key would.
     */
    commentId: integer("comment_id"),
    /**
     * A followed collection that gained artifacts (issue 33). A trigger of migration 0047 removes
     * the notification with its collection, as a foreign key would.
     */
    collectionId: integer("collection_id"),
    /** The reviewer's reason, when the decision has one. */
    reason: text("reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.id),
    /** A comment's notifications, which go with it (issue 33). */
    index("notifications_comment_idx")
      .on(table.commentId)
      .where(sql`${table.commentId} is not null`),
    /** A collection's notifications, which go with it. */
    index("notifications_collection_idx")
      .on(table.collectionId)
      .where(sql`${table.collectionId} is not null`),
    /** The bell's count reads only the unread ones. */
    index("notifications_unread_idx")
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);
