import type Database from "better-sqlite3";
import type { Artifact, SortValue } from "@artifact-atlas/shared";
import type { Direction, PageReader, PageWindow } from "./artifacts";

/*
 * The list with a search (artifacts.list), written for 100,000 artifacts and more: like the list
 * itself (artifacts.ts), every answer comes from an index, never from a scan of the table
 * (docs/decisions/009-search-and-list-indexes.md, plans in docs/benchmarks.md).
 *
 * - A search of three or more characters uses the trigram index of migration 0002, which answers
 *   exactly what `artifact_name LIKE '%term%'` answers (see there).
 * - One or two characters are too short for trigrams: their count is one lookup in the table of
 *   migration 0004 (how many names contain each one- and two-character piece), and a page walks
 *   the sort's narrow index with LIKE until it is full (still no table scan).
 * - A search's count is kept until a name changes (searchMatches).
 */

const NAME_LIKE = "artifact_name like :pattern escape '\\'";
/**
 * Per row, sorting every match of the search index by likes (about 1.3 µs) costs about ten times
 * as much as walking an entry of a sort index with LIKE (about 0.12 µs), measured at 100,000
 * artifacts (docs/benchmarks.md).
 */
const SORT_MATCHES_COST = 10;

/** A LIKE pattern for "contains `search`", where `%`, `_` and `\` in the search are literal. */
export function containsPattern(search: string | undefined): string {
  if (!search) return "%";
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The FTS5 query for "contains `search`": one phrase in double quotes (a `"` inside doubled), so
 * that quotes, asterisks, colons and operators in a search are plain text. ASCII letters are
 * lowered as SQLite's lower() lowers the indexed names; nothing else is folded, as in LIKE.
 */
export function searchPhrase(search: string): string {
  return `"${lowerAscii(search).replaceAll('"', '""')}"`;
}

/** ASCII letters lowered and nothing else, as SQLite's lower() and LIKE fold them. */
function lowerAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * Whether the trigram index can answer a search: it needs three characters (code points), and a
 * NUL would end the FTS5 query text early, so such a search walks with LIKE instead.
 */
export function usesSearchIndex(search: string): boolean {
  return [...search].length >= 3 && !search.includes("\u0000");
}

/**
 * How artifacts.ts, which owns the list orders and the selected columns, builds statements: the
 * search statements are prepared with the list's, in one object per database.
 */
export interface StatementBuilders {
  sqlite: Database.Database;
  /** A page in both directions of the ids that `ids(order)` selects, as a reader of windows. */
  paged: (
    sort: SortValue,
    ids: (order: string) => string,
    orders?: Record<Direction, string>,
  ) => PageReader;
  bySort: <T>(make: (sort: SortValue) => T) => Record<SortValue, T>;
  /** The narrow index in a sort's order (artifacts.ts's LIST_ORDER). */
  sortIndex: (sort: SortValue) => string;
  countOf: (query: string) => Database.Statement<Record<string, unknown>, { total: number }>;
}

/** The search's statements, and its kept counts, for artifacts.ts's statements of a database. */
export function prepareSearchStatements({
  sqlite,
  paged,
  bySort,
  countOf,
  sortIndex,
}: StatementBuilders) {
  return {
    /** Three or more characters: the trigram index (:match is a quoted FTS5 phrase). */
    trigram: {
      total: countOf(
        "select count(*) as total from artifacts_name_fts where artifacts_name_fts match :match",
      ),
      /** The index yields its matches by id: newest first needs no sort and stops at the page. */
      newest: paged(
        "default",
        (order) =>
          `select rowid from artifacts_name_fts where artifacts_name_fts match :match order by ${order}`,
        { forward: "rowid desc", backward: "rowid asc" },
      ),
      /** Every match, its like count read from the narrow list index, then sorted. */
      sortMatches: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select a.id from artifacts_name_fts f
               cross join artifacts a indexed by artifacts_list_idx on a.id = f.rowid
             where artifacts_name_fts match :match order by ${order}`,
        ),
      ),
    },
    /** LIKE over the sort's narrow index: it stops as soon as the page is full. */
    walk: {
      /** How many names contain a one- or two-character piece (migration 0004). */
      namesWithPiece: sqlite
        .prepare<[string], number>("select names from artifact_name_pieces where piece = ?")
        .pluck(),
      total: countOf(
        `select count(*) as total from artifacts indexed by artifacts_list_idx where ${NAME_LIKE}`,
      ),
      firstIds: sqlite
        .prepare<Record<string, unknown>, number>(
          `select id from artifacts indexed by artifacts_list_idx where ${NAME_LIKE} limit :limit`,
        )
        .pluck(),
      page: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select id from artifacts indexed by ${sortIndex(sort)} where ${NAME_LIKE}
             order by ${order}`,
        ),
      ),
      /** A page of known matches (:ids, a JSON array). */
      ofIds: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select id from artifacts where id in (select value from json_each(:ids)) order by ${order}`,
        ),
      ),
    },
    /** Searches already counted, by lowered term, oldest first (see searchMatches). */
    searches: new Map<string, SearchMatches>(),
  };
}

export type SearchStatements = ReturnType<typeof prepareSearchStatements>;

/** What a search matches, counted once for as long as no name changes. */
interface SearchMatches {
  /** artifact_names_version when it was counted. */
  version: number;
  total: number;
  /** The FTS5 phrase, when the trigram index answers this search. */
  match: string | null;
  pattern: string;
  /** The matches (a JSON array of ids) of a short search with few: walking would read every name. */
  ids: string | null;
}

const SEARCHES_KEPT = 2048;
const SHORT_SEARCH_IDS_KEPT = 256;

function countMatches(prepared: SearchStatements, term: string, version: number): SearchMatches {
  const pattern = containsPattern(term);
  if (usesSearchIndex(term)) {
    const match = searchPhrase(term);
    const total = prepared.trigram.total.get({ match })?.total ?? 0;
    return { version, total, match, pattern, ids: null };
  }
  // One or two characters: a lookup. A NUL can be in a search, not in a counted piece.
  if (!term.includes("\u0000")) {
    const total = prepared.walk.namesWithPiece.get(lowerAscii(term)) ?? 0;
    if (total === 0) return { version, total, match: null, pattern, ids: "[]" };
    if (total > SHORT_SEARCH_IDS_KEPT) return { version, total, match: null, pattern, ids: null };
  }
  // Few matches: their ids in one pass, so that no page has to walk past every name to find them.
  const first = prepared.walk.firstIds.all({ pattern, limit: SHORT_SEARCH_IDS_KEPT + 1 });
  if (first.length <= SHORT_SEARCH_IDS_KEPT) {
    return { version, total: first.length, match: null, pattern, ids: JSON.stringify(first) };
  }
  const total = prepared.walk.total.get({ pattern })?.total ?? 0;
  return { version, total, match: null, pattern, ids: null };
}

/**
 * A search's count, kept until artifact_names_version moves: the triggers of migration 0002 move
 * it for every added, renamed or deleted artifact, whoever changes it; likes do not. A trigram
 * count costs about a millisecond, and collecting the few matches of a rare short term reads every
 * name (about 7 ms at 100,000 artifacts). Keys are the term with ASCII letters lowered, as LIKE and
 * the index compare them.
 */
function searchMatches(prepared: SearchStatements, term: string, version: number): SearchMatches {
  const key = lowerAscii(term);
  const cache = prepared.searches;
  let found = cache.get(key);
  if (found?.version !== version) found = countMatches(prepared, term, version);
  // Most recently used last; the oldest goes first when the cache is full.
  cache.delete(key);
  if (cache.size >= SEARCHES_KEPT) cache.delete(cache.keys().next().value as string);
  cache.set(key, found);
  return found;
}

/**
 * How many artifacts a search matches, and how to read any window of them in `sort` order.
 * `namesVersion` is the current artifact_names_version; `collectionSize` the number of artifacts,
 * asked for only when choosing between walking a sort index and sorting the matches.
 */
export function searchPages(
  prepared: SearchStatements,
  input: { term: string; sort: SortValue; namesVersion: number },
  collectionSize: () => number,
): { total: number; read: (window: PageWindow) => Artifact[] } {
  const { trigram, walk } = prepared;
  const { sort } = input;
  const { total, match, pattern, ids } = searchMatches(prepared, input.term, input.namesVersion);
  const read = (window: PageWindow) => {
    if (ids !== null) return walk.ofIds[sort](window, { ids });
    if (match === null) return walk.page[sort](window, { pattern });
    if (sort === "default") return trigram.newest(window, { match });
    // Walking the sort's index visits about (skipped + page) × collection / matches entries
    // before the page is full: few for a common term; sorting the matches wins for a rare one.
    const walked = ((window.offset + window.limit) * collectionSize()) / total;
    return walked < SORT_MATCHES_COST * total
      ? walk.page[sort](window, { pattern })
      : trigram.sortMatches[sort](window, { match });
  };
  return { total, read };
}
