import {
  eraSpan,
  FIND_LIMITS,
  rightsOfReuse,
  type CollectionFind,
  type SortValue,
} from "@artifact-atlas/shared";
import { allFieldsQuery, searchWords } from "./all-fields-search";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/*
 * The text of a find's SQL (issue 27, decision 042): the conditions of the collection's filters
 * and searches, and the orders of its lists. Different filters combine with AND, the values of
 * one filter with OR. Every value is a bound parameter; only the shape (which filters, how many
 * eras, how many words) changes the SQL text, so store/find.ts keeps prepared statements per shape.
 */

export type Direction = "forward" | "backward";

/**
 * Each list order, both ways, and the index that yields it without a sort step (migrations 0003,
 * 0011, 0014): narrow, holding the name, partial on the public condition. A page of a known
 * total is read from whichever end is nearer, so the deepest OFFSET is half a list.
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

/** A filter that a facet leaves out, so that its own values are counted given the others. */
export type FacetName = "types" | "eras" | "locations" | "rights" | "countries";

/** The filters' conditions (none for `omit`), their values added to `params`; `id` names the artifact's id. */
export function filterConditions(
  query: CollectionFind,
  omit: FacetName | undefined,
  params: Record<string, unknown>,
  id = "artifacts.id",
): string[] {
  const conditions: string[] = [];
  const types = query.types ?? [];
  if (types.length > 0 && omit !== "types") {
    conditions.push("artifact_type in (select value from json_each(:types))");
    params.types = JSON.stringify(types);
  }
  if (omit !== "eras") {
    const spans = (query.eras ?? []).flatMap((era) => eraSpan(era) ?? []);
    if (query.fromYear !== undefined || query.toYear !== undefined) {
      spans.push({
        era: "typed",
        from: query.fromYear ?? FIND_LIMITS.earliestYear,
        to: query.toYear ?? FIND_LIMITS.latestYear,
      });
    }
    if (spans.length > 0) {
      const ranges = spans.map((span, index) => {
        params[`eraFrom${index}`] = span.from;
        params[`eraTo${index}`] = span.to;
        return `created_year between :eraFrom${index} and :eraTo${index}`;
      });
      conditions.push(`(${ranges.join(" or ")})`);
    }
  }
  const locations = query.locations ?? [];
  if (locations.length > 0 && omit !== "locations") {
    conditions.push("present_location in (select value from json_each(:locations))");
    params.locations = JSON.stringify(locations);
  }
  const rights = query.rights ?? [];
  if (rights.length > 0 && omit !== "rights") {
    // The primary image's rights, repeated on the artifact (image_rights, decision 110).
    conditions.push("image_rights in (select value from json_each(:rights))");
    params.rights = JSON.stringify(rightsOfReuse(rights));
  }
  const place = placeCondition(query, params);
  if (place) conditions.push(`${id} in (${place})`);
  const countries = query.countries ?? [];
  if (countries.length > 0 && omit !== "countries") {
    params.placeKind = query.placeKind ?? "findspot";
    params.countries = JSON.stringify(countries);
    conditions.push(`${id} in (${COUNTRY_PLACES})`);
  }
  // A collection's items (issue 32): the artifacts' own conditions still decide what shows.
  if (query.collection !== undefined) {
    conditions.push(`${id} in (${COLLECTION_ITEMS})`);
    params.collection = query.collection;
  }
  return conditions;
}

/** The artifacts of the collection `:collection` (a curated one; a saved search is its find). */
const COLLECTION_ITEMS =
  "select artifact_id from collection_items where collection_id = :collection";

/** The artifacts whose place of `:placeKind` is in one of `:countries` (issue 31). */
const COUNTRY_PLACES = `select artifact_id from artifact_places indexed by artifact_places_country_idx
  where kind = :placeKind and country in (select value from json_each(:countries))`;

/** Kilometres in a degree of latitude (and of longitude at the equator). */
const KM_PER_DEGREE = 111.32;

/**
 * The conditions on artifact_places of a find's box and circle (issue 31), null without either:
 * on the public point only, a findspot snapped to FINDSPOT_PUBLIC_PRECISION, so that no run of
 * shrinking boxes finds more than the square anyone may see (decision 122). The circle is its
 * bounding box, then the distance on a plane scaled by the cosine of its latitude: within 1% up
 * to 1,000 km.
 */
function placeConditions(query: CollectionFind, params: Record<string, unknown>): string[] | null {
  const { bbox, near } = query;
  if (!bbox && !near) return null;
  params.placeKind = query.placeKind ?? "findspot";
  const conditions = ["kind = :placeKind"];
  if (bbox) {
    const [west, south, east, north] = bbox;
    Object.assign(params, { west, south, east, north });
    conditions.push("public_lat between :south and :north");
    conditions.push(
      west <= east
        ? "public_lon between :west and :east"
        : "(public_lon >= :west or public_lon <= :east)",
    );
  }
  if (near) {
    const degrees = near.km / KM_PER_DEGREE;
    const scale = Math.max(Math.cos((near.lat * Math.PI) / 180), 0.01);
    Object.assign(params, {
      nearLat: near.lat,
      nearLon: near.lon,
      nearScale: scale,
      nearDegrees2: degrees * degrees,
      nearSouth: near.lat - degrees,
      nearNorth: near.lat + degrees,
    });
    conditions.push("public_lat between :nearSouth and :nearNorth");
    // Longitudes are compared across the antimeridian: the nearer way round.
    conditions.push(`(public_lat - :nearLat) * (public_lat - :nearLat)
      + ((180 - abs(180 - abs(public_lon - :nearLon))) * :nearScale)
      * ((180 - abs(180 - abs(public_lon - :nearLon))) * :nearScale) <= :nearDegrees2`);
  }
  return conditions;
}

/** The ids of the artifacts whose place is in the box and circle, along the public point index. */
function placeCondition(query: CollectionFind, params: Record<string, unknown>): string | null {
  const conditions = placeConditions(query, params);
  if (!conditions) return null;
  return `select artifact_id from artifact_places indexed by artifact_places_public_point_idx
    where ${conditions.join(" and ")}`;
}

/**
 * Whether this artifact's place is in the box and circle, looked up by its id: for a walk along
 * an order's index that stops at a page, where the index of placeCondition would read the whole
 * box first (store/find.ts, boxPage).
 */
export function placeOfEachRow(query: CollectionFind, params: Record<string, unknown>): string {
  const conditions = placeConditions(query, params) ?? ["0"];
  return `exists (select 1 from artifact_places
    where artifact_places.artifact_id = artifacts.id and ${conditions.join(" and ")})`;
}

/** Trigrams need three characters (code points): shorter words are matched with LIKE. */
const TRIGRAM_LENGTH = 3;
/** The most words of a names search that count, as in all fields (all-fields-search.ts). */
const MAX_NAME_WORDS = 8;

/**
 * The spec's name search, as issue 29 widened it: every word must occur in the name, in any
 * order, whatever its accents and case ("venus willendorf", "gobekli"). Words of three
 * characters or more are looked up in the folded trigram index (migration 0037); one or two
 * characters are too short for trigrams and are matched with LIKE, which folds ASCII case only.
 */
export interface NameWords {
  /** The long words as an FTS5 query of quoted phrases (all required); null when there are none. */
  match: string | null;
  /** The same for the ASCII-folded index of migration 0002: what LIKE finds for these words. */
  asciiMatch: string | null;
  /** The short words, as typed. */
  short: string[];
  /** LIKE patterns of every word, for a walk that tests each name itself. */
  patterns: string[];
  /** A word holds a NUL, which no name does: nothing matches. */
  none: boolean;
}

export function nameWords(search: string): NameWords {
  const words = [...new Set(search.split(/\s+/u).filter((word) => word.length > 0))].slice(
    0,
    MAX_NAME_WORDS,
  );
  const long = words.filter((word) => [...word].length >= TRIGRAM_LENGTH);
  const phrases = (fold: (word: string) => string) =>
    long.length === 0
      ? null
      : long.map((word) => `"${fold(word).replaceAll('"', '""')}"`).join(" ");
  return {
    match: phrases((word) => word),
    asciiMatch: phrases(lowerAscii),
    short: words.filter((word) => [...word].length < TRIGRAM_LENGTH),
    patterns: words.map(containsPattern),
    // LIKE reads its pattern as C text, which ends at a NUL; names hold none.
    none: words.length === 0 || words.some((word) => word.includes("\u0000")),
  };
}

/** A LIKE pattern for "contains `word`", where `%`, `_` and `\` in it are literal. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** ASCII letters lowered and nothing else, as SQLite's lower() and LIKE fold them. */
export function lowerAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** `column like :name…` for each pattern, their values added to `params`. */
export function likeConditions(
  column: string,
  patterns: readonly string[],
  params: Record<string, unknown>,
): string[] {
  return patterns.map((pattern, index) => {
    params[`like${index}`] = pattern;
    return `${column} like :like${index} escape '\\'`;
  });
}

/** A search's matches as a subquery of ids. */
export interface SearchSql {
  /** Selects the ids of the matches; null without a search. */
  ids: string | null;
  /** The all-fields MATCH text, when the search is in all fields. */
  match: string | null;
  /** Nothing can match (no word at all, or a NUL): no statement needs to run. */
  none: boolean;
}

/**
 * The ids a search matches, its values added to `params`; only those `sampled` keeps (a
 * condition on an id column, see inSample) when it is given.
 */
export function searchSql(
  query: CollectionFind,
  params: Record<string, unknown>,
  sampled?: Sampled,
): SearchSql {
  const search = query.search ?? "";
  if (!search) return { ids: null, match: null, none: false };
  if (query.in === "all") {
    const match = allFieldsQuery(searchWords(search));
    params.match = match ?? '""';
    const sample = sampled ? ` and ${sampled("rowid")}` : "";
    return {
      ids: `select rowid as id from artifacts_fts where artifacts_fts match :match${sample}`,
      match,
      none: match === null,
    };
  }
  const words = nameWords(search);
  if (words.none) return { ids: null, match: null, none: true };
  const ids = nameIdsSql(words, "artifacts_name_folded_fts", params, sampled);
  return { ids, match: null, none: false };
}

/** A condition keeping a sample of the ids in the column it is given. */
export type Sampled = (id: string) => string;

/** The trigram indexes of the names: ASCII case folded (migration 0002), or case and accents (0037). */
export type NameIndex = "artifacts_name_fts" | "artifacts_name_folded_fts";

/**
 * The ids (`id`) of a names search's matches: the long words matched in `index`, the short ones
 * with LIKE on each candidate's name in the list index; when all are short, LIKE over the list
 * index alone, never the table (decision 009).
 */
export function nameIdsSql(
  words: NameWords,
  index: NameIndex,
  params: Record<string, unknown>,
  sampled?: Sampled,
): string {
  const column = words.match === null ? "artifact_name" : "artifacts.artifact_name";
  const short = likeConditions(column, words.short.map(containsPattern), params);
  if (words.match === null) {
    // The sample's condition first: SQLite tests the conditions in the order written, and
    // LIKE on every name costs twice the walk (names "a" at 100,000 artifacts: 9.5 -> 4.4 ms).
    const conditions = [...(sampled ? [sampled("id")] : []), ...short, PUBLIC_ARTIFACT];
    return `select id from artifacts indexed by artifacts_list_idx
      where ${conditions.join(" and ")}`;
  }
  params.names = index === "artifacts_name_fts" ? words.asciiMatch : words.match;
  if (short.length === 0) {
    const sample = sampled ? ` and ${sampled("rowid")}` : "";
    return `select rowid as id from ${index} where ${index} match :names${sample}`;
  }
  const conditions = [...(sampled ? [sampled("f.rowid")] : []), ...short, PUBLIC_ARTIFACT];
  return `select f.rowid as id from ${index} f
    cross join artifacts indexed by artifacts_list_idx on artifacts.id = f.rowid
    where f.${index} match :names and ${conditions.join(" and ")}`;
}

export interface Where {
  sql: string;
  params: Record<string, unknown>;
  search: SearchSql;
}

/**
 * The WHERE clause of a find of the collection, leaving out one facet's own filter when counting
 * that facet. It starts from the public condition (decision 050), which the partial indexes need.
 */
export function findWhere(query: CollectionFind, omit?: FacetName): Where {
  const params: Record<string, unknown> = {};
  const search = searchSql(query, params);
  const conditions = [
    PUBLIC_ARTIFACT,
    ...filterConditions(query, omit, params),
    ...(search.ids === null ? [] : [`id in (${search.ids})`]),
  ];
  return { sql: conditions.join(" and "), params, search };
}

/**
 * At most how many artifacts a search in all fields matches: the fewest artifacts that hold one
 * of its words (or, for a prefix, any word it begins), from the index's own word counts
 * (migration 0037). `:ranges` is wordRanges(); it reads no match.
 */
export const ALL_FIELDS_BOUND = `(select min((
    select coalesce(sum(doc), 0) from artifacts_fts_vocab
    where term >= word.value ->> 0 and term < word.value ->> 1
  )) from json_each(:ranges) as word)`;

/** The index words each word of an all-fields search covers, as [from, before) ranges (JSON). */
export function wordRanges(search: string): string {
  const ranges = searchWords(search).map((word) =>
    // Words of three letters or more are prefixes (all-fields-search.ts).
    word.length >= 3 ? [word, `${word}\u{10FFFF}`] : [word, `${word}\u0001`],
  );
  return JSON.stringify(ranges);
}

/**
 * Whether the artifact `id` is in a sample of one in `every`: its id scrambled (Knuth's
 * multiplicative hash, its middle bits), so that a pattern in consecutive ids (an import that
 * alternates types) cannot line up with the sample. One in `every` of any run of ids, about.
 */
export function inSample(id: string, every: string): string {
  return `((${id} * 2654435761) >> 16) % ${every} = 0`;
}

/**
 * bm25 weights of the all-fields index's columns (migration 0022): the name weighs most, then
 * the historical context; type, people, place and dates least.
 */
export const RELEVANCE = "bm25(artifacts_fts, 10.0, 3.0, 1.0, 2.0, 2.0, 1.0, 1.0)";
