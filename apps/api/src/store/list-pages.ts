import type Database from "better-sqlite3";
import { PAGE_SIZE, SORT_VALUES, type Artifact, type SortValue } from "@artifact-atlas/shared";
import { ARTIFACT_SELECT } from "./artifact-columns";

/*
 * Pages of the collection (artifacts.list), written for 100,000 artifacts and more: every answer
 * comes from an index, never from a scan of the table (plans in docs/benchmarks.md). Each sort has
 * an index in its order (migration 0003), narrow and holding the name: a page is the ids at an
 * OFFSET in that index, then the page's eight rows by id. The list and its search share this.
 */

type Direction = "forward" | "backward";

/**
 * Each list order, both ways, and the index that yields it without a sort step. A page is read
 * from whichever end of its order is nearer (see windowOf), so the deepest OFFSET is half a list.
 */
export const LIST_ORDER = {
  default: { index: "artifacts_list_idx", forward: "id desc", backward: "id asc" },
  asc: {
    index: "artifacts_likes_idx",
    forward: "like_count asc, id asc",
    backward: "like_count desc, id desc",
  },
  desc: {
    index: "artifacts_likes_desc_idx",
    forward: "like_count desc, id asc",
    backward: "like_count asc, id desc",
  },
  // Unrecognised dates last both ways (migration 0011).
  date_asc: {
    index: "artifacts_created_asc_idx",
    forward: "coalesce(created_from_year, 10000000) asc, created_to_year asc, id asc",
    backward: "coalesce(created_from_year, 10000000) desc, created_to_year desc, id desc",
  },
  date_desc: {
    index: "artifacts_created_desc_idx",
    forward: "coalesce(created_from_year, -10000000) desc, created_to_year desc, id desc",
    backward: "coalesce(created_from_year, -10000000) asc, created_to_year asc, id asc",
  },
} as const satisfies Record<SortValue, Record<Direction, string> & { index: string }>;

/** A page as `limit` entries after skipping `offset`, counted from one end of the order. */
export interface PageWindow {
  direction: Direction;
  offset: number;
  limit: number;
}

/** Reads the rows of a window of one paged statement, in its sort's order. */
type PageReader = (window: PageWindow, params: Record<string, unknown>) => Artifact[];

/** The window of `page` in a list of `total`, from the nearer end; null past the end. */
export function windowOf(page: number, total: number): PageWindow | null {
  const offset = (page - 1) * PAGE_SIZE;
  if (offset >= total) return null;
  const after = total - offset - PAGE_SIZE;
  if (after >= offset) return { direction: "forward", offset, limit: PAGE_SIZE };
  return {
    direction: "backward",
    offset: Math.max(0, after),
    limit: Math.min(PAGE_SIZE, total - offset),
  };
}

/** One of something per sort. */
export function bySort<T>(make: (sort: SortValue) => T): Record<SortValue, T> {
  return Object.fromEntries(SORT_VALUES.map((sort) => [sort, make(sort)])) as Record<SortValue, T>;
}

/**
 * A page in both directions: `ids(order)` selects the ids in that order, and the page's rows come
 * back in the sort's own order whichever end they were read from.
 */
export function pagedStatement(
  sqlite: Database.Database,
  sort: SortValue,
  ids: (order: string) => string,
  orders: Record<Direction, string> = LIST_ORDER[sort],
): PageReader {
  const rows = (direction: Direction) =>
    sqlite.prepare<Record<string, unknown>, Artifact>(
      `select ${ARTIFACT_SELECT} from artifacts
       where id in (${ids(orders[direction])} limit :limit offset :offset)
       order by ${LIST_ORDER[sort].forward}`,
    );
  const byDirection = { forward: rows("forward"), backward: rows("backward") };
  return (window, params) =>
    byDirection[window.direction].all({ ...params, offset: window.offset, limit: window.limit });
}

/** A statement that counts: `select count(*) as total ...`. */
export function countStatement(sqlite: Database.Database, query: string) {
  return sqlite.prepare<Record<string, unknown>, { total: number }>(query);
}
