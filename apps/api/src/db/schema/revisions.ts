import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ArtifactFields } from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";

/**
 * What each artifact was after every create, edit, restore and decision (issue 17, History).
 * Immutable: a trigger of a later migration refuses every update, and every delete while the
 * artifact exists, so a revision goes only with its artifact, when that is purged (ON DELETE
 * CASCADE) (docs/decisions/055-revision-history.md).
 */
export const artifactRevisions = sqliteTable(
  "artifact_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    /** 1, 2, 3, … per artifact, with no gaps: the artifact's first revision is 1. */
    number: integer("number").notNull(),
    /**
     * Who saved it. No foreign key, as in the audit log: a deleted account must not take the
     * history of others' artifacts with it. Null for the server itself.
     */
    actorId: integer("actor_id"),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    /** "Created", "Edited: name, historical context", "Restored version 3", … */
    summary: text("summary").notNull(),
    /** The artifact's editable fields as they then were, as a JSON object keyed by field name. */
    fields: text("fields", { mode: "json" }).notNull().$type<ArtifactFields>(),
  },
  (table) => [
    /** One number per artifact; the history reads its pages along it, newest first. */
    uniqueIndex("artifact_revisions_number_idx").on(table.artifactId, table.number),
  ],
);
