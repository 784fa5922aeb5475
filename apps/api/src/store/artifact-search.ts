import type Database from "better-sqlite3";
import type { Artifact, SortValue } from "@artifact-atlas/shared";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";
import { bySort, countStatement, LIST_ORDER, pagedStatement, type PageWindow } from "./list-pages";

/*
 * The list with a search (artifacts.list), written for 100,000 artifacts and more: like the list
 * itself (list-pages.ts), every answer comes from an index, never from a scan of the table
 * (docs/decisions/009-search-and-list-indexes.md, plans in docs/benchmarks.md).
 *
 * - A search of three or more characters uses the trigram index of migration 0002, which answers
 *   exactly what `artifact_name LIKE '%term%'` answers (see there).
 * - One or two characters are too short for trigrams: their count is one lookup in the table of
 *   migration 0004 (how many names contain each one- and two-character piece), and a page walks
 *   the sort's narrow index with LIKE until it is full (still no table scan).
 * - A search's count is kept until a name changes (searchMatches).
 * - The search index and the piece counts hold the public artifacts only (migration 0013); the
 *   reads of the table say the public condition (artifact-visibility.ts), as the partial sort
 *   indexes they walk require.
 */

const PUBLIC_NAME_LIKE = `artifact_name like :pattern escape '\\' and ${PUBLIC_ARTIFACT}`;
/**
 * Per row, sorting every match of the search index by likes costs about ten times as much as
 * walking an entry of a sort index with LIKE, measured at 100,000 artifacts (docs/benchmarks.md).
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
export function lowerAscii(text: string): string {
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
 * The search's statements, prepared once per database, and the counts it keeps: a part of the
 * artifact store (artifact-store.ts).
 */
export function createArtifactSearch(sqlite: Database.Database) {
  return {
    /** Three or more characters: the trigram index (:match is a quoted FTS5 phrase). */
    trigram: {
      total: countStatement(
        sqlite,
        "select count(*) as total from artifacts_name_fts where artifacts_name_fts match :match",
      ),
      /** The index yields its matches by id: newest first needs no sort and stops at the page. */
      newest: pagedStatement(
        sqlite,
        "default",
        (order) =>
          `select rowid from artifacts_name_fts where artifacts_name_fts match :match order by ${order}`,
        { forward: "rowid desc", backward: "rowid asc" },
      ),
      /** Every match, its like count read from the narrow list index, then sorted. */
      sortMatches: bySort((sort) =>
        pagedStatement(
          sqlite,
          sort,
          (order) =>
            `select a.id from artifacts_name_fts f
               cross join artifacts a indexed by artifacts_list_idx on a.id = f.rowid
             where artifacts_name_fts match :match and ${PUBLIC_ARTIFACT} order by ${order}`,
        ),
      ),
    },
    /** LIKE over the sort's narrow index: it stops as soon as the page is full. */
    walk: {
      /** How many names contain a one- or two-character piece (migration 0004). */
      namesWithPiece: sqlite
        .prepare<[string], number>("select names from artifact_name_pieces where piece = ?")
        .pluck(),
      total: countStatement(
        sqlite,
        `select count(*) as total from artifacts indexed by artifacts_list_idx where ${PUBLIC_NAME_LIKE}`,
      ),
      firstIds: sqlite
        .prepare<Record<string, unknown>, number>(
          `select id from artifacts indexed by artifacts_list_idx where ${PUBLIC_NAME_LIKE} limit :limit`,
        )
        .pluck(),
      page: bySort((sort) =>
        pagedStatement(
          sqlite,
          sort,
          (order) =>
            `select id from artifacts indexed by ${LIST_ORDER[sort].index} where ${PUBLIC_NAME_LIKE}
             order by ${order}`,
        ),
      ),
      /** A page of known matches (:ids, a JSON array). */
      ofIds: bySort((sort) =>
        pagedStatement(
          sqlite,
          sort,
          (order) =>
            `select id from artifacts where id in (select value from json_each(:ids))
             and ${PUBLIC_ARTIFACT} order by ${order}`,
        ),
      ),
    },
    /** Searches already counted, by lowered term, oldest first (see searchMatches). */
    searches: new Map<string, SearchMatches>(),
  };
}

type ArtifactSearch = ReturnType<typeof createArtifactSearch>;

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

function countMatches(search: ArtifactSearch, term: string, version: number): SearchMatches {
  const pattern = containsPattern(term);
  // SQLite's LIKE reads its pattern as C text, which ends at a NUL: "%\u0000%" would be "%" and
  // match every name. Names hold no NUL, so such a search matches nothing.
  if (term.includes("\u0000")) return { version, total: 0, match: null, pattern, ids: "[]" };
  if (usesSearchIndex(term)) {
    const match = searchPhrase(term);
    const total = search.trigram.total.get({ match })?.total ?? 0;
    return { version, total, match, pattern, ids: null };
  }
  // One or two characters: a lookup.
  const pieceTotal = search.walk.namesWithPiece.get(lowerAscii(term)) ?? 0;
  if (pieceTotal === 0) return { version, total: 0, match: null, pattern, ids: "[]" };
  if (pieceTotal > SHORT_SEARCH_IDS_KEPT) {
    return { version, total: pieceTotal, match: null, pattern, ids: null };
  }
  // Few matches: their ids in one pass, so that no page has to walk past every name to find them.
  const first = search.walk.firstIds.all({ pattern, limit: SHORT_SEARCH_IDS_KEPT + 1 });
  if (first.length <= SHORT_SEARCH_IDS_KEPT) {
    return { version, total: first.length, match: null, pattern, ids: JSON.stringify(first) };
  }
  const total = search.walk.total.get({ pattern })?.total ?? 0;
  return { version, total, match: null, pattern, ids: null };
}

/**
 * A search's count, kept until artifact_names_version moves: the triggers of migration 0002 move
 * it for every added, renamed or deleted artifact, whoever changes it; likes do not. A trigram
 * count, and collecting the few matches of a rare short term (which reads every name), cost far
 * more than the page itself (docs/benchmarks.md). Keys are the term with ASCII letters lowered, as
 * LIKE and the index compare them.
 */
function searchMatches(search: ArtifactSearch, term: string, version: number): SearchMatches {
  const key = lowerAscii(term);
  const cache = search.searches;
  let found = cache.get(key);
  if (found?.version !== version) found = countMatches(search, term, version);
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
  search: ArtifactSearch,
  input: { term: string; sort: SortValue; namesVersion: number },
  collectionSize: () => number,
): { total: number; read: (window: PageWindow) => Artifact[] } {
  const { trigram, walk } = search;
  const { sort } = input;
  const { total, match, pattern, ids } = searchMatches(search, input.term, input.namesVersion);
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
