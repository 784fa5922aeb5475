import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import {
  ARTIFACT_STATUSES,
  ARTIFACT_TYPES,
  DATE_PRECISIONS,
  DATE_QUALIFIERS,
  NOT_EVALUATED,
  RIGHTS_URIS,
} from "@artifact-atlas/shared";
import { NOT_IN_TRASH, PUBLIC_ARTIFACT } from "../../store/artifact-visibility";
import { belongsTo } from "./columns";
import { users } from "./users";

const isPublic = sql.raw(PUBLIC_ARTIFACT);

export const artifacts = sqliteTable(
  "artifacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: belongsTo("owner_id", () => users.id),
    artifactName: text("artifact_name").notNull(),
    artifactImage: text("artifact_image").notNull(),
    artifactType: text("artifact_type", { enum: ARTIFACT_TYPES }).notNull(),
    historicalContext: text("historical_context").notNull(),
    /** The spec's createdAt/discoveredAt are free-text historical dates, not row timestamps. */
    createdAt: text("created_at").notNull(),
    discoveredAt: text("discovered_at").notNull(),
    discoveredBy: text("discovered_by").notNull(),
    presentLocation: text("present_location").notNull(),
    /** The image's description (alt text); empty when the contributor gave none. */
    imageAlt: text("image_alt").notNull().default(""),
    /**
     * The primary image's rights (issue 30), repeated from artifact_images like artifact_image
     * and image_alt, so that the Rights filter reads the artifacts' own indexes.
     */
    imageRights: text("image_rights", { enum: RIGHTS_URIS }).notNull().default(NOT_EVALUATED),
    /** The contributor's name when the artifact was added (spec: username sent on creation). */
    username: text("username").notNull(),
    /** Always equal to the number of rows in likes for this artifact; changed in the same transaction. */
    likeCount: integer("like_count").notNull().default(0),
    /*
     * createdAt and discoveredAt as the date parser reads them (packages/shared/src/dates), written
     * by the server with every create and edit, null when not recognised
     * (docs/decisions/041-parsed-dates-backfill.md). created_year places the artifact on the
     * timeline and in the era filters: the middle of its range.
     */
    createdFromYear: integer("created_from_year"),
    createdToYear: integer("created_to_year"),
    createdPrecision: text("created_precision", { enum: DATE_PRECISIONS }),
    createdQualifier: text("created_qualifier", { enum: DATE_QUALIFIERS }),
    createdYear: integer("created_year"),
    discoveredFromYear: integer("discovered_from_year"),
    discoveredToYear: integer("discovered_to_year"),
    discoveredPrecision: text("discovered_precision", { enum: DATE_PRECISIONS }),
    discoveredQualifier: text("discovered_qualifier", { enum: DATE_QUALIFIERS }),
    /** DATE_PARSER_VERSION of the parse above; 0: never parsed. Older ones are parsed at start. */
    datesParserVersion: integer("dates_parser_version").notNull().default(0),
    addedAt: integer("added_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    editedAt: integer("edited_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    /** Issue 17: only published artifacts outside the trash are public (store/artifact-visibility.ts). */
    status: text("status", { enum: ARTIFACT_STATUSES }).notNull().default("published"),
    /** Why it is rejected or hidden: a review reason's label or a report's reason. */
    statusReason: text("status_reason"),
    /** The reviewer's optional note to the owner. */
    statusNote: text("status_note"),
    /** When it went to the trash; null outside it. The server purges it TRASH_DAYS later. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * Hidden by the server after spam reports, not by a curator: undone when those reports no
     * longer stand (services/reports.ts). Read only while the status is hidden.
     */
    hiddenAutomatically: integer("hidden_automatically", { mode: "boolean" })
      .notNull()
      .default(false),
  },
  // Each list order has an index that yields it without a sort step, narrow enough to skip deep
  // OFFSETs quickly; the name makes them covering for searches (docs/benchmarks.md). The public
  // reads' indexes hold the public artifacts only (decision 050): as fast as before, whatever
  // waits for review or lies in the trash.
  (table) => {
    const publicColumns = [table.status, table.deletedAt];
    const sortColumns = [
      table.likeCount,
      table.createdFromYear,
      table.createdToYear,
      ...publicColumns,
    ];
    return [
      // Each also holds the columns of its WHERE, last: SQLite checks a partial index's condition
      // against the row unless the index has those columns, and reading rows would undo the index.
      index("artifacts_owner_idx")
        .on(table.ownerId, table.id, table.deletedAt)
        .where(sql.raw(NOT_IN_TRASH)),
      index("artifacts_type_likes_idx")
        .on(table.artifactType, sql`${table.likeCount} desc`, table.id, ...publicColumns)
        .where(isPublic),
      /** Newest first (id desc), narrower than the table's rows. */
      index("artifacts_list_idx")
        .on(table.id, table.artifactName, table.likeCount, ...publicColumns)
        .where(isPublic),
      /** Least liked first, ties by id. */
      index("artifacts_likes_idx")
        .on(table.likeCount, table.id, table.artifactName, ...publicColumns)
        .where(isPublic),
      /** Most liked first, ties by id: a mixed direction that the ascending index cannot serve. */
      index("artifacts_likes_desc_idx")
        .on(sql`${table.likeCount} desc`, table.id, table.artifactName, ...publicColumns)
        .where(isPublic),
      /** The uploaded images still in use (services/images/references.ts); other URLs stay out. */
      index("artifacts_uploaded_image_idx")
        .on(table.artifactImage)
        .where(sql`${table.artifactImage} like '/images/%'`),
      // The date sorts' indexes are expressions that drizzle-kit cannot write: migrations 0011
      // and 0014 (public only, as these).
      /** The hidden artifacts outside the trash, newest first: the curators' list (issue 29). */
      index("artifacts_hidden_idx")
        .on(table.id)
        .where(sql`${table.status} = 'hidden' and ${table.deletedAt} is null`),
      /** The trash, oldest first: what the purge takes and the trash screen pages. */
      index("artifacts_trash_idx")
        .on(table.deletedAt, table.id)
        .where(sql`${table.deletedAt} is not null`),
      /** An owner's own trash, most recently deleted first (issue 29). */
      index("artifacts_owner_trash_idx")
        .on(table.ownerId, table.deletedAt, table.id)
        .where(sql`${table.deletedAt} is not null`),
      /*
       * The filters of the collection (store/find.ts): each facet's count reads one of
       * these alone, with its own filter first, whichever filters are set (decision 042), and a
       * filtered page sorts the matches from it by the columns the list orders use (decision 080).
       * Public artifacts only, like the list orders' indexes.
       */
      index("artifacts_find_type_idx")
        .on(table.artifactType, table.createdYear, table.presentLocation, ...sortColumns)
        .where(isPublic),
      index("artifacts_find_year_idx")
        .on(table.createdYear, table.artifactType, table.presentLocation, ...sortColumns)
        .where(isPublic),
      index("artifacts_find_location_idx")
        .on(table.presentLocation, table.artifactType, table.createdYear, ...sortColumns)
        .where(isPublic),
      /** "Can I reuse it?" (issue 30): the primary image's rights, then the other filters. */
      index("artifacts_find_rights_idx")
        .on(
          table.imageRights,
          table.artifactType,
          table.createdYear,
          table.presentLocation,
          ...sortColumns,
        )
        .where(isPublic),
      /**
       * The filters' and sorts' columns by id: a search's matches are looked up here to be
       * filtered, counted and sorted, not in the table's wide rows (decision 086).
       */
      index("artifacts_find_id_idx")
        .on(
          table.id,
          table.artifactType,
          table.createdYear,
          table.presentLocation,
          table.imageRights,
          ...sortColumns,
        )
        .where(isPublic),
      check("artifacts_like_count_not_negative", sql`${table.likeCount} >= 0`),
      check(
        "artifacts_status_known",
        sql`${table.status} in ('published', 'pending', 'rejected', 'hidden')`,
      ),
    ];
  },
);

export const likes = sqliteTable(
  "likes",
  {
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    userId: belongsTo("user_id", () => users.id),
    likedAt: integer("liked_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (table) => [
    primaryKey({ columns: [table.artifactId, table.userId] }),
    // A member's likes, most recent first: a rowid table's index ends with the rowid, which grows
    // with every like, so this index yields a member's likes in order and the liked list can page
    // by it (store/like-store.ts).
    index("likes_user_idx").on(table.userId),
  ],
);
