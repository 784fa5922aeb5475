import type Database from "better-sqlite3";
import {
  centuryOf,
  eraSpan,
  FIND_LIMITS,
  hasFilters,
  type Artifact,
  type FindFilters,
  type SearchScope,
  type SortValue,
} from "@artifact-atlas/shared";
import { allFieldsQuery, searchWords } from "./all-fields-search";
import { ARTIFACT_SELECT } from "./artifact-columns";
import { containsPattern, searchPhrase, usesSearchIndex } from "./artifact-search";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";
import { LIST_ORDER } from "./list-pages";

/*
 * The one place where the collection's filters and its all-fields search become SQL (issue 18,
 * docs/decisions/042-filters-facets-and-search.md): the list's pages and counts, the facets'
 * counts and the timeline all take their WHERE clause from findWhere(). Different filters combine
 * with AND, the values of one filter with OR. Every value is a bound parameter; only the shape
 * (which filters, how many eras) changes the SQL text, so prepared statements are kept per shape.
 */

/** What one find reads: the filters, and a search in names or all fields. */
export interface FindQuery {
  filters: FindFilters;
  /** Trimmed; empty means no search. */
  search: string;
  scope: SearchScope;
}

/** A filter a facet leaves out, so that its own values are counted given the others. */
type FacetName = "types" | "eras" | "locations";

/**
 * The artifacts anyone may see: published and not in the trash (issue 17, decision 050). Every
 * query here starts from it, and the filters' indexes are partial on exactly this condition.
 */
export function visibleArtifacts(): string {
  return PUBLIC_ARTIFACT;
}

interface Where {
  sql: string;
  params: Record<string, unknown>;
  /** The all-fields MATCH text, when the search is in all fields. */
  match: string | null;
  /** The search found nothing before any query ran (only punctuation in all fields). */
  empty: boolean;
}

/** The WHERE clause of a find, leaving out one facet's own filter when counting that facet. */
export function findWhere(query: FindQuery, omit?: FacetName): Where {
  const params: Record<string, unknown> = {};
  const search = searchCondition(query, params);
  const conditions = [
    visibleArtifacts(),
    ...filterConditions(query.filters, omit, params),
    ...(search.sql === null ? [] : [search.sql]),
  ];
  return { sql: conditions.join(" and "), params, match: search.match, empty: search.empty };
}

/** The filters' conditions (none for `omit`), their values added to `params`. */
function filterConditions(
  filters: FindFilters,
  omit: FacetName | undefined,
  params: Record<string, unknown>,
): string[] {
  const conditions: string[] = [];
  if (filters.types.length > 0 && omit !== "types") {
    conditions.push("artifact_type in (select value from json_each(:types))");
    params.types = JSON.stringify(filters.types);
  }
  if (omit !== "eras") {
    const spans = filters.eras.flatMap((era) => eraSpan(era) ?? []);
    if (filters.fromYear !== undefined || filters.toYear !== undefined) {
      spans.push({
        era: "typed",
        from: filters.fromYear ?? FIND_LIMITS.earliestYear,
        to: filters.toYear ?? FIND_LIMITS.latestYear,
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
  if (filters.locations.length > 0 && omit !== "locations") {
    conditions.push("present_location in (select value from json_each(:locations))");
    params.locations = JSON.stringify(filters.locations);
  }
  return conditions;
}

interface SearchCondition {
  /** `id in (…)` the search's matches; null without a search. */
  sql: string | null;
  match: string | null;
  empty: boolean;
}

/** The search's condition on `id`, its values added to `params`. */
function searchCondition(query: FindQuery, params: Record<string, unknown>): SearchCondition {
  if (!query.search) return { sql: null, match: null, empty: false };
  if (query.scope === "all") {
    const match = allFieldsQuery(searchWords(query.search));
    params.match = match ?? '""';
    return {
      sql: "id in (select rowid from artifacts_fts where artifacts_fts match :match)",
      match,
      empty: match === null,
    };
  }
  if (query.search.includes("\u0000")) {
    // LIKE reads its pattern as C text, which ends at a NUL; names hold none.
    return { sql: null, match: null, empty: true };
  }
  if (usesSearchIndex(query.search)) {
    params.phrase = searchPhrase(query.search);
    return {
      sql: "id in (select rowid from artifacts_name_fts where artifacts_name_fts match :phrase)",
      match: null,
      empty: false,
    };
  }
  // Too short for trigrams: LIKE over the narrow list index, never the table (decision 009).
  params.pattern = containsPattern(query.search);
  return {
    sql: `id in (select id from artifacts indexed by artifacts_list_idx where artifact_name like :pattern escape '\\' and ${PUBLIC_ARTIFACT})`,
    match: null,
    empty: false,
  };
}

/**
 * Where a find reads the artifacts: a search's matches are looked up by id in the find's id index,
 * which holds every column the filters, facets and sorts read. SQLite would read each match's
 * row from the table instead, a page per match (decision 086).
 */
function findSource(query: FindQuery): string {
  return query.search ? "artifacts indexed by artifacts_find_id_idx" : "artifacts";
}

/**
 * An all-fields search without filters is counted by the all-fields index alone, which holds the
 * public artifacts only (migration 0022), without looking up each match in the table.
 */
function countsInSearchIndex(query: FindQuery, where: Where): boolean {
  return where.match !== null && !hasFilters(query.filters);
}

/**
 * bm25 weights of the all-fields index's columns (migration 0022): the name weighs most, then
 * the historical context; type, people, place and dates least.
 */
const RELEVANCE = "bm25(artifacts_fts, 10.0, 3.0, 1.0, 2.0, 2.0, 1.0, 1.0)";

/**
 * The ids of an all-fields search with their relevance (`score`, lower is better): the FTS5
 * match is taken once, and the filters (without the search, which the match already is) narrow
 * it; with none, no subquery at all, as the all-fields index holds the public artifacts only.
 */
function relevanceSql(filters: string): string {
  // `+rowid`: handed to FTS5 as a rowid constraint, the list would run the MATCH once per id of
  // the filters (seconds at 100,000 artifacts); as an expression it filters the one match.
  const narrowed =
    filters === visibleArtifacts()
      ? ""
      : ` and +rowid in (select id from artifacts where ${filters})`;
  return `select rowid as id, ${RELEVANCE} as score from artifacts_fts
    where artifacts_fts match :match${narrowed}`;
}

/**
 * The statement of a find's page of ids, in `order`; `counted` adds each row's `total`, how many
 * match in all. The order's first term has a unary `+`, so the matches are read from a filter's
 * covering index and then sorted: walking a sort's index and checking each row against a narrow
 * filter took 50-100 ms at 100,000 artifacts (decision 080).
 */
function pageSql(
  query: FindQuery,
  where: Where,
  order: SortValue | "relevance",
  counted: boolean,
): string {
  const total = counted ? ", count(*) over () as total" : "";
  if (order === "relevance" && where.match !== null) {
    return `select id${total} from (${relevanceSql(findWhere({ ...query, search: "" }).sql)})
      order by score, id desc limit :limit offset :offset`;
  }
  const sort = LIST_ORDER[order === "relevance" ? "default" : order].forward;
  return `select id${total} from ${findSource(query)} where ${where.sql}
    order by +${sort} limit :limit offset :offset`;
}

/** Prepared statements per SQL text, the oldest dropped past this many shapes. */
export const STATEMENTS_KEPT = 512;

/** The find's statements, prepared on first use: a part of the artifact store. */
export function createArtifactFind(sqlite: Database.Database) {
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

  /** How many artifacts match. */
  function count(query: FindQuery, where: Where): number {
    const sql = countsInSearchIndex(query, where)
      ? "select count(*) from artifacts_fts where artifacts_fts match :match"
      : `select count(*) from ${findSource(query)} where ${where.sql}`;
    return prepare(sql).pluck().get(where.params) as number;
  }

  /** The artifacts of these ids, in their order. */
  function artifactsById(ids: number[]): Artifact[] {
    if (ids.length === 0) return [];
    const rows = prepare(
      `select ${ARTIFACT_SELECT} from artifacts where id in (select value from json_each(:ids))`,
    ).all({ ids: JSON.stringify(ids) }) as Artifact[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  function typeCounts(query: FindQuery): FacetCount<string>[] {
    const where = findWhere(query, "types");
    return prepare(
      `select artifact_type as value, count(*) as count from artifacts where ${where.sql}
       group by artifact_type`,
    ).all(where.params) as FacetCount<string>[];
  }

  function yearCounts(query: FindQuery): FacetCount<number | null>[] {
    const where = findWhere(query, "eras");
    // Grouped by year, which the year index yields in order, and folded into centuries after:
    // grouping by the century expression sorts every entry first (twice the time, decision 080).
    return prepare(
      `select created_year as value, count(*) as count from artifacts
       where ${where.sql} group by created_year order by created_year`,
    ).all(where.params) as FacetCount<number | null>[];
  }

  function locationCounts(query: FindQuery): FacetCount<string>[] {
    const where = findWhere(query, "locations");
    const top = prepare(
      `select present_location as value, count(*) as count from artifacts where ${where.sql}
       group by present_location order by count desc, value limit :limit`,
    ).all({ ...where.params, limit: FIND_LIMITS.locationFacet }) as FacetCount<string>[];
    const missing = query.filters.locations.filter((chosen) =>
      top.every((row) => row.value !== chosen),
    );
    if (missing.length === 0) return top;
    const chosen = prepare(
      `select present_location as value, count(*) as count from artifacts
       where ${where.sql} and present_location in (select value from json_each(:chosen))
       group by present_location`,
    ).all({ ...where.params, chosen: JSON.stringify(missing) }) as FacetCount<string>[];
    return withChosenLocations(top, chosen, missing);
  }

  function facetsOfSearch(query: FindQuery): FacetCounts {
    const params: Record<string, unknown> = { limit: FIND_LIMITS.locationFacet };
    const search = searchCondition(query, params);
    if (search.empty || search.sql === null) return { types: [], centuries: [], locations: [] };
    const where = (omit: FacetName, ...more: string[]): string => {
      const conditions = [...filterConditions(query.filters, omit, params), ...more];
      return conditions.length > 0 ? `where ${conditions.join(" and ")}` : "";
    };
    const chosen = query.filters.locations;
    params.chosen = JSON.stringify(chosen);
    const rows = prepare(
      `with matched as materialized (
         select artifact_type, created_year, present_location from ${findSource(query)}
         where ${visibleArtifacts()} and ${search.sql}
       )
       select 'type' as facet, artifact_type as value, count(*) as count from matched
         ${where("types")} group by artifact_type
       union all
       select 'year', created_year, count(*) from matched ${where("eras")} group by created_year
       union all
       select * from (
         select 'location', present_location, count(*) as count from matched
         ${where("locations")} group by present_location order by count desc, present_location
         limit :limit
       )
       ${
         chosen.length === 0
           ? ""
           : `union all
              select 'chosen', present_location, count(*) from matched
              ${where("locations", "present_location in (select value from json_each(:chosen))")}
              group by present_location`
       }`,
    ).all(params) as (FacetCount<string | number | null> & { facet: string })[];
    const of = <T>(facet: string) =>
      rows.filter((row) => row.facet === facet).map(({ value, count }) => ({ value, count })) as {
        value: T;
        count: number;
      }[];
    const top = of<string>("location").sort(
      (a, b) => b.count - a.count || compareText(a.value, b.value),
    );
    return {
      types: of<string>("type").sort((a, b) => compareText(a.value, b.value)),
      centuries: centuriesOf(
        of<number | null>("year").sort((a, b) => compareYears(a.value, b.value)),
      ),
      locations: withChosenLocations(
        top,
        of<string>("chosen"),
        chosen.filter((value) => top.every((row) => row.value !== value)),
      ),
    };
  }

  return {
    /** How many statement shapes are prepared now (bounded by STATEMENTS_KEPT). */
    preparedShapes: () => statements.size,

    /** `limit` artifacts after skipping `offset`, in `order` (relevance: by bm25), and how many match. */
    page(
      query: FindQuery,
      order: SortValue | "relevance",
      window: { limit: number; offset: number },
    ): { items: Artifact[]; total: number } {
      const where = findWhere(query);
      if (where.empty) return { items: [], total: 0 };
      const params = { ...where.params, ...window };
      if (!query.search || countsInSearchIndex(query, where)) {
        const total = count(query, where);
        const ids =
          window.offset < total
            ? (prepare(pageSql(query, where, order, false))
                .pluck()
                .all(params) as number[])
            : [];
        return { items: artifactsById(ids), total };
      }
      // A search with filters, or in names: the page's statement also counts its rows. A
      // separate count found every match again, 30-60% of the time (decision 089).
      const rows = prepare(pageSql(query, where, order, true)).all(params) as {
        id: number;
        total: number;
      }[];
      // No row: nothing matches, or the page is past the last one, where a count runs alone.
      const total = rows[0]?.total ?? (window.offset === 0 ? 0 : count(query, where));
      return { items: artifactsById(rows.map((row) => row.id)), total };
    },

    /**
     * Each filter's values with their counts given the other filters. Without a search, each
     * facet reads the covering index of its own column. With one, the search's matches are
     * found once and looked up in the facets' id index, and the three facets are counted from
     * them in one statement: three statements each found them again and read each match's row
     * from the table (decision 086).
     */
    facets(query: FindQuery): FacetCounts {
      if (query.search) return facetsOfSearch(query);
      return {
        types: typeCounts(query),
        centuries: centuriesOf(yearCounts(query)),
        locations: locationCounts(query),
      };
    },
  };
}

interface FacetCount<T> {
  value: T;
  count: number;
}

/** The facets' counts: centuries with null for the artifacts whose date is not recognised. */
export interface FacetCounts {
  types: FacetCount<string>[];
  centuries: FacetCount<number | null>[];
  locations: FacetCount<string>[];
}

/** Years' counts, in year order (null first), folded into their centuries. */
function centuriesOf(years: FacetCount<number | null>[]): FacetCount<number | null>[] {
  const centuries: FacetCount<number | null>[] = [];
  for (const { value: year, count } of years) {
    const value = year === null ? null : centuryOf(year);
    const last = centuries.at(-1);
    if (last && last.value === value) last.count += count;
    else centuries.push({ value, count });
  }
  return centuries;
}

/** The most common locations, then each chosen one they leave out, with its count or 0. */
function withChosenLocations(
  top: FacetCount<string>[],
  counted: FacetCount<string>[],
  missing: string[],
): FacetCount<string>[] {
  return [
    ...top,
    ...missing.map((value) => ({
      value,
      count: counted.find((row) => row.value === value)?.count ?? 0,
    })),
  ];
}

/** SQLite's order of text (BINARY) for what this collection holds, and of years (null first). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareYears(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return a - b;
}

export type ArtifactFind = ReturnType<typeof createArtifactFind>;
