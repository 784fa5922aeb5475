import {
  ARTIFACT_TYPES,
  COUNTRY_CODE,
  ERA_PATTERN,
  FIND_LIMITS,
  LIMITS,
  REUSE_VALUES,
  SORT_VALUES,
  type ArtifactType,
  type Bbox,
  type FindPlaceKind,
  type Reuse,
  type SearchScope,
  type SortValue,
} from "@artifact-atlas/shared";

export interface ListParams {
  search: string;
  sort: SortValue;
  page: number;
  /** Where the search looks (issue 18); names by default, as the spec's search. */
  scope: SearchScope;
  types: ArtifactType[];
  /** Centuries and millennia: c15, c-5, m2, m-3. */
  eras: string[];
  fromYear: number | undefined;
  toYear: number | undefined;
  locations: string[];
  /** "Can I reuse it?" (issue 30): free, conditions, ask, unknown. */
  rights: Reuse[];
  /** The country of the place (issue 31), ISO 3166-1 alpha-2: EG, GB. */
  countries: string[];
  /** The map's region (issue 31): west, south, east, north; the map and the timeline share it. */
  bbox: Bbox | undefined;
  /** Which place the region and the map read. */
  placeKind: FindPlaceKind;
}

function yearParam(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const year = Number(raw);
  return Number.isInteger(year) &&
    year !== 0 &&
    year >= FIND_LIMITS.earliestYear &&
    year <= FIND_LIMITS.latestYear
    ? year
    : undefined;
}

/** A repeated parameter's values that pass `keep`, each once, in the URL's order, at most `max`. */
function repeated(
  params: URLSearchParams,
  name: string,
  keep: (value: string) => boolean,
  max: number,
): string[] {
  return [...new Set(params.getAll(name).filter(keep))].slice(0, max);
}

/** A repeated parameter's values that are among `allowed`. */
function chosen<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T[] {
  return repeated(params, name, (value) => allowed.includes(value as T), allowed.length) as T[];
}

/**
 * The collection's state as the URL holds it, but for the map's region; anything unreadable falls
 * back to the default.
 */
export function readListParams(params: URLSearchParams): ListParams {
  const search = (params.get("search") ?? "").slice(0, LIMITS.search);
  const rawSort = params.get("sort");
  const sort = SORT_VALUES.includes(rawSort as SortValue) ? (rawSort as SortValue) : "default";
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= LIMITS.page ? rawPage : 1;
  const types = chosen(params, "type", ARTIFACT_TYPES);
  const eras = repeated(params, "era", (era) => ERA_PATTERN.test(era), FIND_LIMITS.eras);
  const locations = repeated(
    params,
    "location",
    (location) => location.trim() !== "",
    FIND_LIMITS.locations,
  ).map((location) => location.slice(0, LIMITS.shortText));
  const rights = chosen(params, "rights", REUSE_VALUES);
  // ISO codes as the app writes them (EG); the API takes either case, the address one.
  const countries = repeated(
    params,
    "country",
    (code) => COUNTRY_CODE.test(code),
    FIND_LIMITS.countries,
  );
  let fromYear = yearParam(params.get("fromYear"));
  let toYear = yearParam(params.get("toYear"));
  if (fromYear !== undefined && toYear !== undefined && fromYear > toYear) {
    fromYear = undefined;
    toYear = undefined;
  }
  const scope: SearchScope = params.get("in") === "all" ? "all" : "names";
  return {
    search,
    sort,
    page,
    scope,
    types,
    eras,
    fromYear,
    toYear,
    locations,
    rights,
    countries,
    // The map and the timeline read the region (region-params.ts); All Artifacts does not.
    bbox: undefined,
    placeKind: "findspot",
  };
}

/** Whether a change touches what the list holds (anything but the page). */
function changesTheList(current: ListParams, change: Partial<ListParams>): boolean {
  return (Object.keys(change) as (keyof ListParams)[]).some(
    (key) => key !== "page" && JSON.stringify(change[key]) !== JSON.stringify(current[key]),
  );
}

/** The filters that are set, under the names the URL and GET /artifacts share. */
export function appendFilters(params: URLSearchParams, state: ListParams): void {
  for (const type of state.types) params.append("type", type);
  for (const era of state.eras) params.append("era", era);
  if (state.fromYear !== undefined) params.set("fromYear", String(state.fromYear));
  if (state.toYear !== undefined) params.set("toYear", String(state.toYear));
  for (const location of state.locations) params.append("location", location);
  for (const value of state.rights) params.append("rights", value);
  for (const code of state.countries) params.append("country", code);
}

/**
 * The URL for the next state. Defaults are left out so that the plain address is the first page.
 * A new search, sort or filter goes back to page 1 (spec section 4, issue 18).
 */
export function nextListParams(current: ListParams, change: Partial<ListParams>): URLSearchParams {
  const next: ListParams = { ...current, ...change };
  if (change.page === undefined && changesTheList(current, change)) next.page = 1;
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.scope === "all") params.set("in", "all");
  if (next.sort !== "default") params.set("sort", next.sort);
  appendFilters(params, next);
  if (next.bbox) params.set("bbox", next.bbox.join(","));
  if (next.placeKind !== "findspot") params.set("place", next.placeKind);
  if (next.page > 1) params.set("page", String(next.page));
  return params;
}

/**
 * The scope and filters of the list as the API takes them, only those set: without any, the
 * list's input is exactly the spec's (search, sort, page).
 */
export function filtersOf(state: ListParams) {
  return {
    ...(state.scope === "all" ? { in: "all" as const } : {}),
    ...(state.types.length > 0 ? { types: state.types } : {}),
    ...(state.eras.length > 0 ? { eras: state.eras } : {}),
    ...(state.locations.length > 0 ? { locations: state.locations } : {}),
    ...(state.rights.length > 0 ? { rights: state.rights } : {}),
    ...(state.countries.length > 0 ? { countries: state.countries } : {}),
    ...(state.fromYear === undefined ? {} : { fromYear: state.fromYear }),
    ...(state.toYear === undefined ? {} : { toYear: state.toYear }),
  };
}

/** Whether a filter is set (the search's scope is not one): filtersOf names each one once. */
export function hasListFilters(state: ListParams): boolean {
  const { in: _scope, ...filters } = filtersOf(state);
  return Object.keys(filters).length > 0;
}
