import { integer, type SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A required reference to the row this one belongs to: deleting that row deletes this one (an
 * artifact's images and likes, a member's follows, a collection's items).
 */
export function belongsTo<Column extends string>(column: Column, target: () => SQLiteColumn) {
  return integer(column).notNull().references(target, { onDelete: "cascade" });
}
