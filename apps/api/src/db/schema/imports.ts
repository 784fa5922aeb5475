import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";
import { users } from "./users";

/** One import of a CSV or JSON file by a curator (issue 21): undone as a whole within 7 days. */
export const imports = sqliteTable(
  "imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: belongsTo("owner_id", () => users.id),
    /** The uploaded file's name as the browser gave it (display only). */
    fileName: text("file_name").notNull(),
    added: integer("added").notNull(),
    rejected: integer("rejected").notNull(),
    importedAt: integer("imported_at", { mode: "timestamp_ms" }).notNull(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
    /** How many of its artifacts the undo removed (the others had been edited since). */
    removed: integer("removed"),
  },
  (table) => [index("imports_owner_idx").on(table.ownerId, table.id)],
);

/**
 * The artifacts an import added, with their edited_at as added: an undo removes those whose
 * edited_at has not moved since (docs/decisions/069-undo-an-import.md).
 */
export const importedArtifacts = sqliteTable(
  "imported_artifacts",
  {
    artifactId: integer("artifact_id")
      .primaryKey()
      .references(() => artifacts.id, { onDelete: "cascade" }),
    importId: belongsTo("import_id", () => imports.id),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("imported_artifacts_import_idx").on(table.importId)],
);
