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
  const { filters } = query;
  const conditions = [visibleArtifacts()];
  const params: Record<string, unknown> = {};
  let match: string | null = null;
  let empty = false;

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
  if (query.search) {
    if (query.scope === "all") {
      match = allFieldsQuery(searchWords(query.search));
      if (match === null) empty = true;
      conditions.push("id in (select rowid from artifacts_fts where artifacts_fts match :match)");
      params.match = match ?? '""';
    } else if (query.search.includes("\u0000")) {
      // LIKE reads its pattern as C text, which ends at a NUL; names hold none.
      empty = true;
    } else if (usesSearchIndex(query.search)) {
      conditions.push(
        "id in (select rowid from artifacts_name_fts where artifacts_name_fts match :phrase)",
      );
      params.phrase = searchPhrase(query.search);
    } else {
      // Too short for trigrams: LIKE over the narrow list index, never the table (decision 009).
      conditions.push(
        `id in (select id from artifacts indexed by artifacts_list_idx where artifact_name like :pattern escape '\\' and ${PUBLIC_ARTIFACT})`,
      );
      params.pattern = containsPattern(query.search);
    }
  }
  return { sql: conditions.join(" and "), params, match, empty };
}

/**
 * bm25 weights of the all-fields index's columns (migration 0022): the name weighs most, then
 * the historical context; type, people, place and dates least.
 */
const RELEVANCE = "bm25(artifacts_fts, 10.0, 3.0, 1.0, 2.0, 2.0, 1.0, 1.0)";

/**
 * The ids of an all-fields search by relevance: the FTS5 match is taken once, and the filters
 * (without the search, which the match already is) narrow it; with none, no subquery at all, as
 * the all-fields index holds the public artifacts only (migration 0022).
 */
function relevanceSql(filters: string): string {
  // `+rowid`: handed to FTS5 as a rowid constraint, the list would run the MATCH once per id of
  // the filters (seconds at 100,000 artifacts); as an expression it filters the one match.
  const narrowed =
    filters === visibleArtifacts()
      ? ""
      : ` and +rowid in (select id from artifacts where ${filters})`;
  return `select rowid from artifacts_fts where artifacts_fts match :match${narrowed}
    order by ${RELEVANCE}, rowid desc limit :limit offset :offset`;
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

  return {
    /** How many statement shapes are prepared now (bounded by STATEMENTS_KEPT). */
    preparedShapes: () => statements.size,

    /** How many artifacts match. */
    total(query: FindQuery): number {
      const where = findWhere(query);
      if (where.empty) return 0;
      // The all-fields index holds the public artifacts only (migration 0022): with no filter
      // besides the search, it counts alone, without looking up each match in the table.
      const sql =
        where.match !== null && !hasFilters(query.filters)
          ? "select count(*) as total from artifacts_fts where artifacts_fts match :match"
          : `select count(*) as total from artifacts where ${where.sql}`;
      const row = prepare(sql).get(where.params) as { total: number };
      return row.total;
    },

    /**
     * `limit` artifacts after skipping `offset`, in `sort` order (relevance: by bm25). The order's
     * first term has a unary `+`, so the matches are read from a filter's covering index and then
     * sorted: walking a sort's index and checking each row against a narrow filter took 50-100 ms
     * at 100,000 artifacts (decision 080).
     */
    slice(
      query: FindQuery,
      order: SortValue | "relevance",
      window: { limit: number; offset: number },
    ): Artifact[] {
      const where = findWhere(query);
      if (where.empty) return [];
      const params = { ...where.params, ...window };
      const ids = (
        order === "relevance" && where.match !== null
          ? prepare(relevanceSql(findWhere({ ...query, search: "" }).sql))
          : prepare(
              `select id from artifacts where ${where.sql}
               order by +${LIST_ORDER[order === "relevance" ? "default" : order].forward}
               limit :limit offset :offset`,
            )
      )
        .pluck()
        .all(params) as number[];
      if (ids.length === 0) return [];
      const rows = prepare(
        `select ${ARTIFACT_SELECT} from artifacts where id in (select value from json_each(:ids))`,
      ).all({ ids: JSON.stringify(ids) }) as Artifact[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** Artifacts per type, given the other filters. */
    typeCounts(query: FindQuery): { value: string; count: number }[] {
      const where = findWhere(query, "types");
      if (where.empty) return [];
      return prepare(
        `select artifact_type as value, count(*) as count from artifacts where ${where.sql}
         group by artifact_type`,
      ).all(where.params) as { value: string; count: number }[];
    },

    /** Artifacts per century of their created year (null: not recognised), given the others. */
    centuryCounts(query: FindQuery): { value: number | null; count: number }[] {
      const where = findWhere(query, "eras");
      if (where.empty) return [];
      // Grouped by year, which the year index yields in order, and folded into centuries here:
      // grouping by the century expression sorts every entry first (twice the time, decision 080).
      const years = prepare(
        `select created_year as year, count(*) as count from artifacts
         where ${where.sql} group by created_year order by created_year`,
      ).all(where.params) as { year: number | null; count: number }[];
      const centuries: { value: number | null; count: number }[] = [];
      for (const { year, count } of years) {
        const value = year === null ? null : centuryOf(year);
        const last = centuries.at(-1);
        if (last && last.value === value) last.count += count;
        else centuries.push({ value, count });
      }
      return centuries;
    },

    /** The most common present locations, and the chosen ones, given the other filters. */
    locationCounts(query: FindQuery): { value: string; count: number }[] {
      const where = findWhere(query, "locations");
      if (where.empty) return [];
      const top = prepare(
        `select present_location as value, count(*) as count from artifacts where ${where.sql}
         group by present_location order by count desc, value limit :limit`,
      ).all({ ...where.params, limit: FIND_LIMITS.locationFacet }) as {
        value: string;
        count: number;
      }[];
      const missing = query.filters.locations.filter((chosen) =>
        top.every((row) => row.value !== chosen),
      );
      if (missing.length === 0) return top;
      const chosen = prepare(
        `select present_location as value, count(*) as count from artifacts
         where ${where.sql} and present_location in (select value from json_each(:chosen))
         group by present_location`,
      ).all({ ...where.params, chosen: JSON.stringify(missing) }) as {
        value: string;
        count: number;
      }[];
      return [
        ...top,
        ...missing.map((value) => ({
          value,
          count: chosen.find((row) => row.value === value)?.count ?? 0,
        })),
      ];
    },
  };
}

export type ArtifactFind = ReturnType<typeof createArtifactFind>;
