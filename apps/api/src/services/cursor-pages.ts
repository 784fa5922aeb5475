import type { CursorPage } from "@artifact-atlas/shared";
import { and, desc, lt, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";

/**
 * Keyset pages have no cursor before the first page: "before the end" is a position above every id,
 * for ids never exceed Number.MAX_SAFE_INTEGER (artifactId, and SQLite's rowids in practice).
 */
export function positionBefore(cursor: number | null | undefined): number {
  return cursor ?? Number.MAX_SAFE_INTEGER;
}

/**
 * A page from up to `limit + 1` rows read in order: the extra row only says that another page
 * follows, so the last page answers a null nextCursor without a further, empty call.
 */
export function toCursorPage<Row, Item>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => number,
  itemOf: (row: Row) => Item,
): CursorPage<Item> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map(itemOf),
    nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
  };
}

type PageInput = { cursor?: number | null | undefined; limit: number };

/**
 * A page of a select's rows newest first along `id`, the column its rows answer as `id`: those
 * matching `where` below the cursor (a keyset on an index that ends with the id).
 */
export function newestFirstPage<
  Query extends SQLiteSelect<string | undefined, "sync"> & { _: { result: { id: number }[] } },
  Item,
>(
  query: Query,
  id: SQLiteColumn,
  where: SQL | undefined,
  input: PageInput,
  itemOf: (row: Query["_"]["result"][number]) => Item,
): CursorPage<Item> {
  const rows = query
    .where(and(where, lt(id, positionBefore(input.cursor))))
    .orderBy(desc(id))
    .limit(input.limit + 1)
    .all();
  return toCursorPage(rows, input.limit, (row) => row.id, itemOf);
}
