import { countries as countryList } from "countries-list";
import {
  centuryOf,
  FIND_LIMITS,
  REUSE_VALUES,
  rightsStatement,
  type ArtifactFacets,
  type CollectionFind,
  type CountryCount,
  type FacetCount,
  type Reuse,
} from "@artifact-atlas/shared";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";
import type { PlaceCountries } from "./place-countries";
import {
  ALL_FIELDS_BOUND,
  filterConditions,
  findWhere,
  inSample,
  searchSql,
  wordRanges,
  type FacetName,
} from "./find-sql";

/*
 * The counts of each filter's values given the other filters: the facets of All Artifacts and
 * the timeline's histogram (decisions 042, 080, 086). A search that matches most of the
 * collection is counted from an even sample of its matches (every n-th id), scaled up and
 * marked as an estimate, so that its cost stays bounded (issue 28).
 */

export function createFindFacets(
  rows: <Row>(sql: string, params: Record<string, unknown>) => Row[],
  options: {
    sample: number;
    ids: (sql: string, params: Record<string, unknown>) => number[];
    placeCountries: PlaceCountries;
  },
) {
  function typeCounts(query: CollectionFind): FacetCount<string>[] {
    const where = findWhere(query, "types");
    return rows<FacetCount<string>>(
      `select artifact_type as value, count(*) as count from artifacts ${rightsIndex(query)}
       where ${where.sql} group by artifact_type`,
      where.params,
    );
  }

  function yearCounts(query: CollectionFind): FacetCount<number | null>[] {
    const where = findWhere(query, "eras");
    // Grouped by year, which the year index yields in order, and folded into centuries after:
    // grouping by the century expression sorts every entry first (twice the time, decision 080).
    return rows<FacetCount<number | null>>(
      `select created_year as value, count(*) as count from artifacts ${rightsIndex(query)}
       where ${where.sql} group by created_year order by created_year`,
      where.params,
    );
  }

  function locationCounts(query: CollectionFind): FacetCount<string>[] {
    const where = findWhere(query, "locations");
    const top = rows<FacetCount<string>>(
      `select present_location as value, count(*) as count from artifacts ${rightsIndex(query)}
       where ${where.sql} group by present_location order by count desc, value limit :limit`,
      { ...where.params, limit: FIND_LIMITS.locationFacet },
    );
    const chosen = query.locations ?? [];
    const missing = chosen.filter((value) => top.every((row) => row.value !== value));
    if (missing.length === 0) return top;
    const counted = rows<FacetCount<string>>(
      `select present_location as value, count(*) as count from artifacts
       where ${where.sql} and present_location in (select value from json_each(:chosen))
       group by present_location`,
      { ...where.params, chosen: JSON.stringify(missing) },
    );
    return withChosenLocations(top, counted, missing);
  }

  /**
   * The primary images' rights statements, each counted (reuseCounts folds them). Its own index
   * by name: without ANALYZE's statistics, SQLite read the year index and each row for the rights
   * (80 ms for era=m2 at 100,000 artifacts); this one holds every filter's column.
   */
  function rightsCounts(query: CollectionFind): FacetCount<string>[] {
    const where = findWhere(query, "rights");
    return rows<FacetCount<string>>(
      `select image_rights as value, count(*) as count
       from artifacts indexed by artifacts_find_rights_idx where ${where.sql}
       group by image_rights`,
      where.params,
    );
  }

  /**
   * The countries of the find's place (the findspot by default): the public ids the other
   * filters choose, counted by each one's country in memory (store/place-countries.ts).
   */
  function countryCounts(query: CollectionFind): FacetCount<string>[] {
    const where = findWhere(query, "countries");
    const chosen =
      where.sql === PUBLIC_ARTIFACT
        ? null
        : () =>
            options.ids(
              `select id from artifacts ${rightsIndex(query)} where ${where.sql}`,
              where.params,
            );
    return options.placeCountries.count(query.placeKind ?? "findspot", chosen);
  }

  /**
   * The facets of a search in one statement: its matches are found once into `matched` (type,
   * year, place, read from the find's id index), and each facet counts them given the other
   * filters; three statements each found them again (decision 086). A search with more matches
   * than FindOptions.sample (at most, for all fields: its words' own counts) is counted from one
   * in n of its matches, n chosen to leave about that many, and the counts are scaled by n. The
   * search keeps its sample itself, before each match is looked up (names "a": 93,000 lookups),
   * and the countries of the sampled ids are counted in memory (store/place-countries.ts).
   */
  function facetsOfSearch(query: CollectionFind) {
    const params: Record<string, unknown> = {
      limit: FIND_LIMITS.locationFacet,
      sample: options.sample,
    };
    const n = "(select n from every)";
    const search = searchSql(query, params, (id) => `(${n} = 1 or ${inSample(id, n)})`);
    if (search.none || search.ids === null) {
      return {
        types: [],
        centuries: [],
        locations: [],
        rights: [],
        countries: [],
        estimated: false,
      };
    }
    const kind = query.placeKind ?? "findspot";
    // How many match, at most: an all-fields search's words' own counts, else a count.
    if (search.match !== null) params.ranges = wordRanges(query.search ?? "");
    const bound =
      search.match !== null
        ? ALL_FIELDS_BOUND
        : `(select count(*) from (${searchSql(query, params).ids}))`;
    const where = (omit: FacetName, ...more: string[]): string => {
      const conditions = [...filterConditions(query, omit, params, "id"), ...more];
      return conditions.length > 0 ? `where ${conditions.join(" and ")}` : "";
    };
    const chosen = query.locations ?? [];
    params.chosen = JSON.stringify(chosen);
    const counted = rows<FacetCount<string | number | null> & { facet: string }>(
      `with every(n) as (select cast(${bound} / :sample as integer) + 1),
       matched as materialized (
         select id, artifact_type, created_year, present_location, image_rights
         from artifacts indexed by artifacts_find_id_idx
         where ${PUBLIC_ARTIFACT} and id in (${search.ids})
       )
       select 'every' as facet, n as value, n as count from every
       union all
       select 'type', artifact_type, count(*) from matched ${where("types")} group by artifact_type
       union all
       select 'year', created_year, count(*) from matched ${where("eras")} group by created_year
       union all
       select 'rights', image_rights, count(*) from matched ${where("rights")} group by image_rights
       union all
       select 'id', id, 1 from matched ${where("countries")}
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
      params,
    );
    const every = Number(counted.find((row) => row.facet === "every")?.count ?? 1);
    const of = <T>(facet: string) =>
      counted
        .filter((row) => row.facet === facet)
        .map(({ value, count }) => ({ value, count: count * every })) as FacetCount<T>[];
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
      rights: of<string>("rights"),
      countries: options.placeCountries
        .count(kind, () => of<number>("id").map((row) => row.value))
        .map(({ value, count }) => ({ value, count: count * every })),
      estimated: every > 1,
    };
  }

  return {
    /**
     * Each filter's values with their counts given the other filters. Without a search, each
     * facet reads the covering index of its own column; with one, facetsOfSearch.
     */
    facets(query: CollectionFind): ArtifactFacets {
      const { types, centuries, locations, rights, countries, estimated } = query.search
        ? facetsOfSearch(query)
        : {
            types: typeCounts(query),
            centuries: centuriesOf(yearCounts(query)),
            locations: locationCounts(query),
            rights: rightsCounts(query),
            countries: countryCounts(query),
            estimated: false,
          };
      // The artifacts whose date is not recognised are in no century: apart, as `undated`.
      return {
        types,
        centuries: centuries.flatMap(({ value, count }) =>
          value === null ? [] : [{ value, count }],
        ),
        locations,
        rights: reuseCounts(rights),
        countries: namedCountries(countries, query.countries ?? []),
        undated: centuries.find((row) => row.value === null)?.count ?? 0,
        ...(estimated ? { estimated: true as const } : {}),
      };
    },
  };
}

/**
 * With a rights filter, the rights index for every facet: it alone holds every filter's column,
 * and the type, year and location indexes would read each matching row of the table for its
 * rights (123 ms CPU p99 for era+location+rights at 100,000 artifacts, issue 28).
 */
function rightsIndex(query: CollectionFind): string {
  return (query.rights ?? []).length > 0 ? "indexed by artifacts_find_rights_idx" : "";
}

/** Each answer of "Can I reuse it?", in its order, with the count of its rights statements. */
function reuseCounts(statements: FacetCount<string>[]): FacetCount<Reuse>[] {
  const counts = new Map<Reuse, number>(REUSE_VALUES.map((value) => [value, 0]));
  for (const { value, count } of statements) {
    const reuse = rightsStatement(value).reuse;
    counts.set(reuse, counts.get(reuse)! + count);
  }
  return REUSE_VALUES.map((value) => ({ value, count: counts.get(value)! }));
}

/**
 * The counted countries with their English names (countries-list), most first then by name, and
 * each chosen country that none has, with 0.
 */
function namedCountries(counted: FacetCount<string>[], chosen: readonly string[]): CountryCount[] {
  const all = [
    ...counted,
    ...chosen
      .filter((code) => counted.every((row) => row.value !== code))
      .map((value) => ({ value, count: 0 })),
  ];
  return all
    .map(({ value, count }) => ({ value, count, name: countryName(value) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "en"));
}

/** A country's English name, or its code where countries-list does not know it. */
export function countryName(code: string): string {
  return Object.hasOwn(countryList, code)
    ? countryList[code as keyof typeof countryList].name
    : code;
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
