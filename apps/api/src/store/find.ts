import type Database from "better-sqlite3";
import {
  hasFilters,
  type Artifact,
  type Bbox,
  type CollectionFind,
  type FindAnswer,
  type LikedArtifact,
  type MemberList,
  type ReviewedArtifact,
  type SortValue,
} from "@artifact-atlas/shared";
import {
  ARTIFACT_SELECT,
  LIKED_ARTIFACT_SELECT,
  REVIEWED_ARTIFACT_SELECT,
} from "./artifact-columns";
import { NOT_IN_TRASH, PUBLIC_ARTIFACT } from "./artifact-visibility";
import { createFindFacets } from "./find-facets";
import type { BoxFind } from "./map-points";
import { createPlaceCountries } from "./place-countries";
import { PUBLIC_PLACE_JOINS, PUBLIC_PLACE_SELECT, type ExportRow } from "./place-columns";
import {
  ALL_FIELDS_BOUND,
  findWhere,
  inSample,
  likeConditions,
  LIST_ORDER,
  lowerAscii,
  nameIdsSql,
  nameWords,
  placeOfEachRow,
  RELEVANCE,
  type Direction,
  type NameIndex,
  type NameWords,
  type Where,
  wordRanges,
} from "./find-sql";

/*
 * The one place where a find becomes SQL and rows (issue 27, decision 042): every list of
 * artifacts reads through here. A find of the collection takes the fastest of a few plans, each
 * measured at 100,000 artifacts (docs/benchmarks.md), and none reads the table from end to end:
 *
 * - no search and no filter (the spec's list), or one type most liked first (REST, Explore
 *   Similar): walk the order's own index, from the nearer end of the list;
 * - a search in names alone: the trigram indexes, with the counts kept until a name changes;
 * - anything else: the matches from a filter's covering index or a search index, then sorted;
 *   a search in all fields that matches most of the collection within a bounded cost.
 *
 * A member's own and liked artifacts read their own indexes by keyset or offset.
 */

/** Items `limit` after skipping `offset` in the list's order. */
export interface Slice {
  offset: number;
  limit: number;
}

type Window = Slice & { direction: Direction };

/** What the find store answers for a window of the collection (total when counted). */
type CollectionPage = Pick<FindAnswer<Artifact>, "items" | "total" | "estimated">;

export interface FindOptions {
  /**
   * A search in all fields whose words are each in more than this share of the collection is
   * common: bm25 gives such words next to no weight (FTS5 clamps their IDF), so its matches are
   * read newest first, and with filters its total is counted from a sample (decision 042).
   */
  commonShare: number;
  /**
   * About how many matches a count reads at most: a search with more is counted (its facets, and
   * a common one's total with filters) from one in n of its matches, n chosen to leave this many.
   */
  sample: number;
}

export const FIND_DEFAULTS: FindOptions = { commonShare: 0.5, sample: 2_500 };

/** Prepared statements per SQL text, the oldest dropped past this many shapes. */
export const STATEMENTS_KEPT = 512;
/** Searches whose counts are kept, by their words, until a name changes. */
const SEARCHES_KEPT = 2048;
/** A short search with at most this many matches keeps their ids: pages then need no walk. */
const SHORT_SEARCH_IDS_KEPT = 256;
/**
 * Per row, sorting every match of a names search by likes costs about ten times as much as
 * walking an entry of a sort index with LIKE, measured at 100,000 artifacts (docs/benchmarks.md).
 */
const SORT_MATCHES_COST = 10;
/**
 * The matches of an all-fields search as a table of ids. Joined with the artifacts through a
 * subquery, so that the index's own columns (artifact_type, present_location) are not in scope
 * beside the filters'; SQLite flattens it into one scan of the index.
 */
const ALL_FIELDS_MATCHES =
  "(select rowid as id from artifacts_fts where artifacts_fts match :match)";

/** Text of ASCII characters only. */
const ASCII = /^\p{ASCII}*$/u;
/** Whether a public name holds a character outside ASCII: its one-character piece is counted. */
const NON_ASCII_NAME =
  "select exists (select 1 from artifact_name_pieces where piece >= char(128) and names > 0)";

/** The order of a search index's matches: by id, which FTS5 yields without sorting. */
const NEWEST: Record<Direction, string> = { forward: "id desc", backward: "id asc" };

/** The window of `slice` in a list of `total`, read from the nearer end; null past the end. */
export function nearerEnd(slice: Slice, total: number): Window | null {
  if (slice.offset >= total) return null;
  const after = total - slice.offset - slice.limit;
  if (after >= slice.offset) return { ...slice, direction: "forward" };
  return {
    direction: "backward",
    offset: Math.max(0, after),
    limit: Math.min(slice.limit, total - slice.offset),
  };
}

/** What a names search matches, counted once for as long as no name changes. */
interface NameMatches {
  /** artifact_names_version when it was counted. */
  version: number;
  /** How many match, folded. */
  total: number;
  /** The index that counted it: the folded one, or the ASCII one when that finds the same. */
  index: NameIndex;
  /** How many LIKE and the ASCII index find, counted when a sorted page needs to know. */
  asciiTotal?: number;
  /** The matches (a JSON array of ids) of a short search with few: walking would read every name. */
  ids: string | null;
}

export function createFind(
  sqlite: Database.Database,
  options: FindOptions,
  idsInView: (query: BoxFind) => Float64Array,
) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (statements.size >= STATEMENTS_KEPT) {
        statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
    }
    return statement;
  };
  /** The rows of a statement; value() and idsOf() its first column. */
  const rows = <Row>(sql: string, params: Record<string, unknown>): Row[] =>
    prepare(sql).pluck(false).all(params) as Row[];
  const value = (sql: string, params: Record<string, unknown> = {}): number =>
    (prepare(sql).pluck().get(params) as number | null | undefined) ?? 0;
  const idsOf = (sql: string, params: Record<string, unknown>): number[] =>
    prepare(sql).pluck().all(params) as number[];

  const namesVersion = () => value("select version from artifact_names_version where id = 1");
  const collectionSize = () =>
    value("select public_artifacts from artifact_names_version where id = 1");

  /** The public artifacts of these ids, in their order. */
  /** The public artifacts of `ids`, in `ids`' order (`select` and `joins` add columns). */
  function publicById<Row extends Artifact>(ids: number[], select: string, joins = ""): Row[] {
    if (ids.length === 0) return [];
    const found = rows<Row>(
      `select ${select} from artifacts ${joins}
       where id in (select value from json_each(:ids)) and ${PUBLIC_ARTIFACT}`,
      { ids: JSON.stringify(ids) },
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  function artifactsById(ids: number[]): Artifact[] {
    return publicById(ids, ARTIFACT_SELECT);
  }

  /**
   * The rows of a window of an order: the window's ids first (`ids` selects them in the given
   * order), so that a deep OFFSET skips index entries rather than rows, then the rows by id.
   */
  function rowsOf(
    ids: (order: string) => string,
    orders: Record<Direction, string>,
    window: Window,
    params: Record<string, unknown>,
  ): Artifact[] {
    return rows<Artifact>(
      `select ${ARTIFACT_SELECT} from artifacts
       where id in (${ids(orders[window.direction])} limit :limit offset :offset)
       order by ${orders.forward}`,
      { ...params, limit: window.limit, offset: window.offset },
    );
  }

  /** A window of an index's order under the condition `where` (indexPage). */
  function walkIndex(
    index: string,
    where: string,
    orders: Record<Direction, string>,
    window: Window,
    params: Record<string, unknown>,
    straight = false,
  ): Artifact[] {
    if (straight) {
      return rows<Artifact>(
        `select ${ARTIFACT_SELECT} from artifacts indexed by ${index} where ${where}
         order by ${orders.forward} limit :limit`,
        { ...params, limit: window.limit },
      );
    }
    const ids = (order: string) =>
      `select id from artifacts indexed by ${index} where ${where} order by ${order}`;
    return rowsOf(ids, orders, window, params);
  }

  const walkSort = (sort: SortValue, where: string, window: Window, params = {}) =>
    walkIndex(LIST_ORDER[sort].index, where, LIST_ORDER[sort], window, params);

  // ---- The spec's list, and the most liked of one type ----

  /**
   * A window of an order that an index yields under a condition: the spec's list (the order's
   * own index, its size one lookup kept by the triggers of migration 0013), or one type most
   * liked first (artifacts_type_likes_idx: type, likes desc, id). Read from the nearer end when
   * counted; the first items of a list that is not counted (the home page's, Explore Similar)
   * straight along the index.
   */
  function indexPage(
    sort: SortValue,
    slice: Slice,
    counted: boolean,
    type?: string,
  ): CollectionPage {
    const index = type === undefined ? LIST_ORDER[sort].index : "artifacts_type_likes_idx";
    const where =
      type === undefined ? PUBLIC_ARTIFACT : `artifact_type = :type and ${PUBLIC_ARTIFACT}`;
    const params = type === undefined ? {} : { type };
    const size = () =>
      type === undefined
        ? collectionSize()
        : value(`select count(*) from artifacts where ${where}`, params);
    const total = counted ? size() : null;
    const window =
      total === null ? { ...slice, direction: "forward" as const } : nearerEnd(slice, total);
    const straight = total === null && slice.offset === 0;
    const items = window ? walkIndex(index, where, LIST_ORDER[sort], window, params, straight) : [];
    return { items, ...(total === null ? {} : { total }) };
  }

  // ---- A search in names alone (the spec's search) ----

  /** Searches already counted, by their words, oldest first. */
  const searches = new Map<string, NameMatches>();

  function countNames(words: NameWords, version: number): NameMatches {
    // Over ASCII names, an ASCII search finds the same in both indexes: the ASCII one is faster.
    const ascii = ASCII.test(words.patterns.join("")) && !value(NON_ASCII_NAME);
    const index: NameIndex = ascii ? "artifacts_name_fts" : "artifacts_name_folded_fts";
    const params: Record<string, unknown> = {};
    const matches = nameIdsSql(words, index, params);
    const counted = (total: number, ids: string | null): NameMatches => ({
      version,
      total,
      ids,
      index,
      ...(ascii ? { asciiTotal: total } : {}),
    });
    // Long words alone: the index counts them. One short word: a lookup in the counts of
    // migration 0004. Otherwise each candidate's name is read, once, by the ids below.
    const known =
      words.short.length === 0
        ? value(`select count(*) from ${index} where ${index} match :names`, params)
        : words.match === null && words.short.length === 1
          ? value("select names from artifact_name_pieces where piece = :piece", {
              piece: lowerAscii(words.short[0]!),
            })
          : null;
    if (known === 0) return counted(0, "[]");
    if (known !== null && known > SHORT_SEARCH_IDS_KEPT) return counted(known, null);
    // Few matches: their ids in one pass, kept, so that no page walks or sorts to find them.
    const first = idsOf(`${matches} order by 1 limit :limit`, {
      ...params,
      limit: SHORT_SEARCH_IDS_KEPT + 1,
    });
    if (first.length <= SHORT_SEARCH_IDS_KEPT) return counted(first.length, JSON.stringify(first));
    return counted(value(`select count(*) from (${matches})`, params), null);
  }

  /**
   * A names search's counts, kept until artifact_names_version moves: the triggers move it for
   * every added, renamed or deleted artifact, whoever changes it; likes do not. A count, and
   * collecting the few matches of a rare short word (which reads every name), cost far more than
   * the page itself. Keyed by the words with ASCII letters lowered, as both indexes fold them.
   */
  function nameMatches(words: NameWords): NameMatches {
    const version = namesVersion();
    const key = lowerAscii(words.patterns.join("\u0000"));
    let found = searches.get(key);
    if (found?.version !== version) found = countNames(words, version);
    // Most recently used last; the oldest goes first when the cache is full.
    searches.delete(key);
    if (searches.size >= SEARCHES_KEPT) searches.delete(searches.keys().next().value as string);
    searches.set(key, found);
    return found;
  }

  /**
   * A page of a names search without filters: the kept ids of a search with few matches, the
   * folded index by id for newest first, and for another sort either a walk of the sort's index
   * testing each name with LIKE (when that finds exactly the matches) or the matches sorted.
   */
  function namesPage(search: string, sort: SortValue, slice: Slice): CollectionPage {
    const words = nameWords(search);
    if (words.none) return { items: [], total: 0 };
    const found = nameMatches(words);
    const { total } = found;
    const window = nearerEnd(slice, total);
    if (!window) return { items: [], total };
    if (found.ids !== null) {
      const where = `id in (select value from json_each(:ids)) and ${PUBLIC_ARTIFACT}`;
      return { items: walkSort(sort, where, window, { ids: found.ids }), total };
    }
    const walkLike = () => {
      const params: Record<string, unknown> = {};
      const likes = likeConditions("artifact_name", words.patterns, params).join(" and ");
      return walkSort(sort, `${likes} and ${PUBLIC_ARTIFACT}`, window, params);
    };
    if (words.match === null) return { items: walkLike(), total };
    const params: Record<string, unknown> = {};
    const matches = nameIdsSql(words, found.index, params);
    const ids = (order: string) => `${matches} order by ${order}`;
    // The index yields its matches by id: newest first needs no sort and stops at the page.
    if (sort === "default") return { items: rowsOf(ids, NEWEST, window, params), total };
    // Walking the sort's index visits about (skipped + page) × collection / matches entries
    // before the page is full: few for a common word; sorting the matches wins for a rare one.
    const walked = ((window.offset + window.limit) * collectionSize()) / total;
    if (walked < SORT_MATCHES_COST * total && likeFindsAll(words, found)) {
      return { items: walkLike(), total };
    }
    const sorted = (order: string) =>
      `select id from artifacts indexed by artifacts_find_id_idx
       where id in (${matches}) and ${PUBLIC_ARTIFACT} order by ${order}`;
    return { items: rowsOf(sorted, LIST_ORDER[sort], window, params), total };
  }

  /**
   * Whether LIKE over the names finds exactly the folded matches: when the ASCII index of
   * migration 0002 counts as many, no name matches only once its accents or case are folded.
   */
  function likeFindsAll(words: NameWords, found: NameMatches): boolean {
    if (found.asciiTotal === undefined) {
      const params: Record<string, unknown> = {};
      const ids = nameIdsSql(words, "artifacts_name_fts", params);
      found.asciiTotal = value(`select count(*) from (${ids})`, params);
    }
    return found.asciiTotal === found.total;
  }

  // ---- Filters, a search in all fields, or both ----

  /**
   * Where a find reads the artifacts: a search's matches are looked up by id in the find's id
   * index, which holds every column the filters, facets and sorts read. SQLite would read each
   * match's row from the table instead, a page per match (decision 086).
   */
  function findSource(query: CollectionFind): string {
    return query.search ? "artifacts indexed by artifacts_find_id_idx" : "artifacts";
  }

  /**
   * The statement of a find's page of ids, in `order`; `counted` adds each row's `total`, how many
   * match in all. The order's first term has a unary `+`, so the matches are read from a filter's
   * covering index and then sorted: walking a sort's index and checking each row against a narrow
   * filter took 50-100 ms at 100,000 artifacts (decision 080).
   */
  function pageSql(
    query: CollectionFind,
    where: Where,
    order: SortValue | "relevance",
    counted: boolean,
  ): string {
    const total = counted ? ", count(*) over () as total" : "";
    if (order === "relevance") {
      // `+rowid`: handed to FTS5 as a rowid constraint, the list would run the MATCH once per id
      // of the filters (seconds at 100,000 artifacts); as an expression it filters the one match.
      const filters = findWhere({ ...query, search: "" }).sql;
      const narrowed =
        filters === PUBLIC_ARTIFACT
          ? ""
          : ` and +rowid in (select id from artifacts where ${filters})`;
      // bm25 cannot be called beside a window function: the ranked matches are a subquery.
      return `select id${total} from (
          select rowid as id, ${RELEVANCE} as score from artifacts_fts
          where artifacts_fts match :match${narrowed}
        ) order by score, id desc limit :limit offset :offset`;
    }
    return `select id${total} from ${findSource(query)} where ${where.sql}
      order by +${LIST_ORDER[order].forward} limit :limit offset :offset`;
  }

  /** How many match. */
  function count(query: CollectionFind, where: Where): number {
    const sql =
      where.search.match !== null && !hasFilters(query)
        ? // The all-fields index holds the public artifacts only (migration 0022): it counts alone.
          "select count(*) from artifacts_fts where artifacts_fts match :match"
        : `select count(*) from ${findSource(query)} where ${where.sql}`;
    return value(sql, where.params);
  }

  /**
   * A page of a common search in all fields (FindOptions.commonShare). Its matches are read
   * newest first, which FTS5 yields by id, checking any filters until the page is full; in
   * another sort the sort's own index is walked, checking each entry against the matches. With
   * filters, the total is counted from one in `every` matches: counting each match against the
   * filters cost most. `matches` is how many the search finds, or at most, without filters.
   */
  function commonPage(
    query: CollectionFind,
    where: Where,
    slice: Slice,
    matches: number,
  ): CollectionPage {
    const sort = query.sort ?? "default";
    const params = { ...where.params, limit: slice.limit, offset: slice.offset };
    const ids =
      sort === "default"
        ? idsOf(
            `select m.id ${filteredMatches(query)} order by m.id desc limit :limit offset :offset`,
            params,
          )
        : idsOf(
            `select id from artifacts indexed by ${LIST_ORDER[sort].index} where ${where.sql}
             order by ${LIST_ORDER[sort].forward} limit :limit offset :offset`,
            params,
          );
    const items = artifactsById(ids);
    if (!hasFilters(query)) return { items, total: matches };
    const sampled = sampledCount(query, where, matches);
    // Never fewer than the page shows to be there.
    return { ...sampled, items, total: Math.max(sampled.total, slice.offset + items.length) };
  }

  /** `from` and `where` of an all-fields search's matches that pass its filters, newest first. */
  function filteredMatches(query: CollectionFind): string {
    return `from ${ALL_FIELDS_MATCHES} as m
      cross join artifacts indexed by artifacts_find_id_idx on artifacts.id = m.id
      where ${findWhere({ ...query, search: "" }).sql}`;
  }

  /**
   * How many matches of an all-fields search with filters pass them, `matches` being how many it
   * finds (or at most): counting each match against the filters costs most, so with more than
   * FindOptions.sample the matches of one scrambled id in n are counted and scaled by n.
   */
  function sampledCount(
    query: CollectionFind,
    where: Where,
    matches: number,
  ): { total: number; estimated?: true } {
    const every = Math.floor(matches / options.sample) + 1;
    const sampled = value(
      `select count(*) ${filteredMatches(query)} and ${inSample("m.id", ":every")}`,
      { ...where.params, every },
    );
    return { total: sampled * every, ...(every > 1 ? { estimated: true as const } : {}) };
  }

  /** A page of a find with filters or an all-fields search (or a names search of both kinds of word). */
  function filteredPage(query: CollectionFind, slice: Slice, counted: boolean): CollectionPage {
    const where = findWhere(query);
    if (where.search.none) return { items: [], total: 0 };
    const sort = query.sort ?? "default";
    const params = { ...where.params, ...slice };
    const { match } = where.search;
    if (match !== null) {
      const common = Math.floor(options.commonShare * collectionSize());
      if (!hasFilters(query)) {
        // Counted by the all-fields index alone (2-4 ms for 94,000 matches).
        const matches = count(query, where);
        if (matches > common) return commonPage(query, where, slice, matches);
        const order = sort === "default" ? "relevance" : sort;
        const ids =
          slice.offset < matches ? idsOf(pageSql(query, where, order, false), params) : [];
        return { items: artifactsById(ids), total: matches };
      }
      // With filters, the words' own counts tell a common search without finding its matches.
      const bound = value(`select ${ALL_FIELDS_BOUND}`, { ranges: wordRanges(query.search ?? "") });
      if (bound > common) return commonPage(query, where, slice, bound);
    }
    const order = match !== null && sort === "default" ? "relevance" : sort;
    if (!query.search) {
      const total = counted ? count(query, where) : null;
      const ids =
        total === null || slice.offset < total
          ? idsOf(pageSql(query, where, order, false), params)
          : [];
      return { items: artifactsById(ids), ...(total === null ? {} : { total }) };
    }
    // A search with filters: the page's statement also counts its rows. A separate count found
    // every match again, 30-60% of the time (decision 089).
    const page = rows<{ id: number; total: number }>(pageSql(query, where, order, true), params);
    // No row: nothing matches, or the page is past the last one, where a count runs alone.
    const total = page[0]?.total ?? (slice.offset === 0 ? 0 : count(query, where));
    return { items: artifactsById(page.map((row) => row.id)), total };
  }

  /**
   * A page of a curated collection in its own order (issue 32): a find with the `collection`
   * filter and no sort. The find's conditions, the public one first, still decide what shows, so
   * the count is of the items shown; a collection holds at most 500 items, all read by its index.
   */
  function collectionOrderPage(
    query: CollectionFind,
    slice: Slice,
    counted: boolean,
  ): CollectionPage {
    // The join names the collection; its filter's subquery would only repeat it for every item.
    const { collection, ...others } = query;
    const where = findWhere(others);
    if (where.search.none) return { items: [], total: 0 };
    where.params.collection = collection;
    const from = `from collection_items indexed by collection_items_order_idx
      cross join artifacts on artifacts.id = collection_items.artifact_id
      where collection_items.collection_id = :collection and ${where.sql}`;
    const ids = idsOf(
      `select artifacts.id ${from} order by collection_items.position limit :limit offset :offset`,
      { ...where.params, ...slice },
    );
    const items = artifactsById(ids);
    if (!counted) return { items };
    return { items, total: value(`select count(*) ${from}`, where.params) };
  }

  /**
   * A page of a find in a box without a search (issue 31). The ids in the box that pass the
   * filters come from the map's points kept in memory (store/map-points.ts: the same public
   * points and filters the map shows), newest first: the total, and newest first's page, with no
   * SQL but the page's rows. Another order walks its index, checking each entry's place by its
   * id, when that visits fewer entries than sorting the box's matches would read; in SQL alone, a
   * box holding most of the collection read and sorted every match (200 ms for a view of the
   * world at 100,000 artifacts, decision 122).
   */
  function boxPage(query: CollectionFind & { bbox: Bbox }, slice: Slice): CollectionPage {
    const { bbox, placeKind, ...filters } = query;
    const ids = idsInView({ ...filters, bbox, placeKind: placeKind ?? "findspot" });
    const total = ids.length;
    const sort = query.sort ?? "default";
    if (sort === "default") {
      const page = ids.subarray(slice.offset, slice.offset + slice.limit);
      return { items: artifactsById([...page]), total };
    }
    const window = nearerEnd(slice, total);
    if (!window) return { items: [], total };
    const walked = ((window.offset + window.limit) * collectionSize()) / total;
    if (walked < SORT_MATCHES_COST * total) {
      const others = findWhere({ ...query, bbox: undefined, near: undefined });
      const where = `${others.sql} and ${placeOfEachRow(query, others.params)}`;
      return { items: walkSort(sort, where, window, others.params), total };
    }
    const where = findWhere(query);
    const params = { ...where.params, ...slice };
    return { items: artifactsById(idsOf(pageSql(query, where, sort, false), params)), total };
  }

  const facets = createFindFacets(rows, {
    sample: options.sample,
    ids: idsOf,
    placeCountries: createPlaceCountries(sqlite),
  });

  return {
    /** How many statement shapes are prepared now (bounded by STATEMENTS_KEPT). */
    preparedShapes: () => statements.size,
    collectionSize,

    /**
     * `slice.limit` artifacts of the collection after skipping `slice.offset`, in the find's
     * order, and how many match when `counted`.
     */
    page(query: CollectionFind, slice: Slice, counted: boolean): CollectionPage {
      if (query.collection !== undefined && query.sort === undefined) {
        return collectionOrderPage(query, slice, counted);
      }
      const sort = query.sort ?? "default";
      const filtered = hasFilters(query);
      if (!query.search && !filtered) return indexPage(sort, slice, counted);
      if (!query.search && query.bbox) return boxPage({ ...query, bbox: query.bbox }, slice);
      const [type, ...others] = query.types ?? [];
      const oneType =
        type !== undefined && others.length === 0 && !hasFilters({ ...query, types: [] });
      if (!query.search && sort === "desc" && oneType) return indexPage(sort, slice, counted, type);
      if (query.search && query.in !== "all" && !filtered) {
        return namesPage(query.search, sort, slice);
      }
      return filteredPage(query, slice, counted);
    },

    /**
     * How many artifacts a search in all fields finds with the same filters (issue 29): exact
     * without filters (the index counts alone) or with few matches, else counted from a sample
     * like a common search's total, since this count runs when a names search found nothing.
     */
    allFieldsCount(query: CollectionFind): { total: number; estimated?: true } {
      const inAll = { ...query, in: "all" as const };
      const where = findWhere(inAll);
      if (where.search.none) return { total: 0 };
      if (hasFilters(inAll)) {
        const bound = value(`select ${ALL_FIELDS_BOUND}`, {
          ranges: wordRanges(inAll.search ?? ""),
        });
        if (bound > options.sample) return sampledCount(inAll, where, bound);
      }
      return { total: count(inAll, where) };
    },

    /**
     * Up to `limit` ids after `cursor`, in id order, of the public artifacts the find chooses:
     * the export reads them a few thousand at a time, so that a search's matches are found once
     * per few thousand rows rather than once per page of rows (decision 073).
     */
    idsAfter(query: CollectionFind, cursor: number, limit: number): number[] {
      const where = findWhere(query);
      if (where.search.none) return [];
      const sql = `select id from artifacts where id > :after and ${where.sql} order by id limit :limit`;
      return idsOf(sql, { ...where.params, after: cursor, limit });
    },

    artifactsById,
    /** The export's rows of `ids`: public artifacts with their places' public columns. */
    exportRowsById: (ids: number[]): ExportRow[] =>
      publicById<ExportRow>(ids, `${ARTIFACT_SELECT}, ${PUBLIC_PLACE_SELECT}`, PUBLIC_PLACE_JOINS),

    facets: facets.facets,

    /**
     * A member's own artifacts (outside the trash, whatever their status, newest first, along
     * artifacts_owner_idx) or liked ones (public only, most recently liked first, along
     * likes_user_idx: a like's rowid grows with every like), before a position in that order
     * (keyset) or as a slice; each row's `cursor` is its position.
     */
    member(
      list: MemberList,
      person: number,
      window: { before: number; limit: number } | Slice,
    ): MemberRow[] {
      const sql = MEMBER_SQL[list];
      return rows<MemberRow>("before" in window ? sql.after : sql.slice, { person, ...window });
    },

    /** How many artifacts a member's list holds. */
    memberTotal(list: MemberList, person: number): number {
      return value(MEMBER_SQL[list].total, { person });
    },
  };
}

const OWN = `owner_id = :person and ${NOT_IN_TRASH}`;
const LIKED = `likes.user_id = :person and ${PUBLIC_ARTIFACT}`;
const LIKED_FROM = "from likes join artifacts on artifacts.id = likes.artifact_id";

/** The statements of a member's lists: after a cursor, a slice, and the count. */
const MEMBER_SQL: Record<MemberList, { after: string; slice: string; total: string }> = {
  mine: {
    after: `select id as cursor, ${REVIEWED_ARTIFACT_SELECT} from artifacts
      where ${OWN} and id < :before order by id desc limit :limit`,
    slice: `select id as cursor, ${REVIEWED_ARTIFACT_SELECT} from artifacts where id in (
        select id from artifacts where ${OWN} order by id desc limit :limit offset :offset
      ) order by id desc`,
    total: `select count(*) from artifacts where ${OWN}`,
  },
  liked: {
    after: `select likes.rowid as cursor, ${LIKED_ARTIFACT_SELECT} ${LIKED_FROM}
      where ${LIKED} and likes.rowid < :before order by likes.rowid desc limit :limit`,
    slice: `select likes.rowid as cursor, ${LIKED_ARTIFACT_SELECT} ${LIKED_FROM}
      where likes.rowid in (
        select likes.rowid ${LIKED_FROM} where ${LIKED} order by likes.rowid desc
        limit :limit offset :offset
      ) order by likes.rowid desc`,
    total: `select count(*) ${LIKED_FROM} where ${LIKED}`,
  },
};

/** A row of a member's list, with its position in the list's order. */
export type MemberRow = (ReviewedArtifact | LikedArtifact) & { cursor: number };

export type Find = ReturnType<typeof createFind>;
