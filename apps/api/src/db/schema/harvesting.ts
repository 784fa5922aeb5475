import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ARTIFACT_TYPES } from "@artifact-atlas/shared";

/*
 * Issue 34: what harvesters (OAI-PMH), feed readers and linked-data clients are told, kept apart
 * from the artifacts so that it outlives them (docs/decisions/116-harvesting-and-linked-data.md).
 */

/**
 * One row per artifact that was ever public: when that began, when what the harvest shows of it
 * last changed (its datestamp), and whether it is harvested now. A row whose `harvestable` is 0 is
 * answered as a deleted record, without its data. Written only by triggers on artifacts and
 * review_queue (migration 0032), in the transaction of the change itself, whatever door made it;
 * no foreign key, so that the trash purge's delete leaves it in place.
 */
export const harvestRecords = sqliteTable(
  "harvest_records",
  {
    /** The artifact's id; ids are never reused (AUTOINCREMENT). */
    artifactId: integer("artifact_id").primaryKey(),
    /** Its type when last public: its set, and which type feed lists it. */
    artifactType: text("artifact_type", { enum: ARTIFACT_TYPES }).notNull(),
    /** When it first became public, in ms: the feeds' order. */
    firstPublishedAt: integer("first_published_at").notNull(),
    /** When what the harvest shows of it last changed, in ms: OAI-PMH's datestamp. */
    datestamp: integer("datestamp").notNull(),
    /** 1 while public (and approved, when the setting asks it); 0: a deleted record. */
    harvestable: integer("harvestable", { mode: "boolean" }).notNull(),
    /**
     * 1 while a public curated collection holds it: in the OAI-PMH set `collection`. Kept by the
     * triggers of migration 0045, recounted at every change of the collections that hold it.
     */
    inCollectionSet: integer("in_collection_set", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [
    // Each list walks one of these in (datestamp, id) order from where the last page ended, and
    // from/until bound it: no scan grows with the collection (decision 116).
    index("harvest_records_datestamp_idx").on(
      table.datestamp,
      table.artifactId,
      table.harvestable,
      table.artifactType,
    ),
    index("harvest_records_type_idx").on(
      table.artifactType,
      table.datestamp,
      table.artifactId,
      table.harvestable,
    ),
    /** The set `collection`: its records alone, so a page of it is a range read whatever holds it. */
    index("harvest_records_collection_set_idx")
      .on(table.datestamp, table.artifactId)
      .where(sql`${table.inCollectionSet} = 1`),
    /** The feeds: newest first, all or by type. */
    index("harvest_records_published_idx").on(table.firstPublishedAt, table.artifactId),
    index("harvest_records_type_published_idx").on(
      table.artifactType,
      table.firstPublishedAt,
      table.artifactId,
    ),
  ],
);

/**
 * The harvesting settings (one row, made by the migration): what harvesters are told about the
 * collection, the admin's "only records approved by a curator", and the key that signs resumption
 * tokens, so that a token outlives a restart and a forged one is refused.
 */
export const harvestSettings = sqliteTable(
  "harvest_settings",
  {
    id: integer("id").primaryKey(),
    /** Harvest only artifacts no first review waits for (decision 116). */
    onlyApproved: integer("only_approved", { mode: "boolean" }).notNull().default(false),
    /** edm:dataProvider and Identify's repositoryName; BRAND when empty. */
    dataProvider: text("data_provider").notNull().default(""),
    /** edm:provider, the aggregator that passes the records on; the data provider when empty. */
    provider: text("provider").notNull().default(""),
    /** Identify's adminEmail; MAIL_FROM's address when empty. */
    adminEmail: text("admin_email").notNull().default(""),
    /** 32 random bytes in hex, made by the migration: the HMAC key of resumption tokens. */
    tokenKey: text("token_key").notNull(),
    /** When an admin last changed them, in ms: the feeds' validators include it. */
    updatedAt: integer("updated_at").notNull().default(0),
  },
  (table) => [check("harvest_settings_one_row", sql`${table.id} = 1`)],
);
