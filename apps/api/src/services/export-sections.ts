import { sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";

/*
 * The pieces Download my data is made of (services/account-export.ts): a section of the file read
 * a page at a time by keyset, and the rule for naming an artifact in it.
 */

/** Rows read per query: a page of maximal artifacts is about 400 KB of JSON, a few ms of work. */
export const EXPORT_PAGE_ROWS = 50;

type Row = Record<string, unknown>;

export interface ExportSection {
  /** The key of the section in the file. */
  name: string;
  /** The account's rows, at most EXPORT_PAGE_ROWS a page, each page one query along an index. */
  pages(db: AppDatabase, userId: number): Generator<Row[]>;
}

/**
 * A section read by keyset: each query asks for the rows after the previous page's last key.
 * `page` selects a `key` beside the row's own columns; the key stays out of the file.
 */
export function keysetSection<Key>(
  name: string,
  first: Key,
  page: (db: AppDatabase, userId: number, after: Key, limit: number) => (Row & { key: Key })[],
): ExportSection {
  return {
    name,
    *pages(db, userId) {
      let after = first;
      for (;;) {
        const rows = page(db, userId, after, EXPORT_PAGE_ROWS);
        if (rows.length > 0) yield rows.map(({ key: _key, ...row }) => row);
        if (rows.length < EXPORT_PAGE_ROWS) return;
        after = (rows.at(-1) as { key: Key }).key;
      }
    },
  };
}

/**
 * An artifact's name where the member may read it: their own, or one the public may see (the public
 * condition, decision 050, with its columns named for joins). Someone else's artifact that is
 * hidden, waiting or in the trash is named by its id only.
 */
export function nameIfReadable(userId: number) {
  return sql<string | null>`case when ${artifacts.ownerId} = ${userId}
    or (${artifacts.status} = 'published' and ${artifacts.deletedAt} is null)
    then ${artifacts.artifactName} end`;
}
