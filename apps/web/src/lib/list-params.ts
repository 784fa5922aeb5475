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

/** A region as the URL holds it ("w,s,e,n"), or undefined when it is not one (NaN fails every test). */
export function bboxParam(raw: string | null): Bbox | undefined {
  const box = (raw ?? "").split(",").map((part) => (part.trim() ? Number(part) : NaN));
  const [west = NaN, south = NaN, east = NaN, north = NaN] = box;
  const fine =
    box.length === 4 &&
    Math.abs(west) <= 180 &&
    Math.abs(east) <= 180 &&
    Math.abs(north) <= 90 &&
    Math.abs(south) <= 90 &&
    south <= north;
  return fine ? [west, south, east, north] : undefined;
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

function distinct<T>(values: T[], max: number): T[] {
  return [...new Set(values)].slice(0, max);
}

/** The collection's state as the URL holds it; anything unreadable falls back to the default. */
export function readListParams(params: URLSearchParams): ListParams {
  const search = (params.get("search") ?? "").slice(0, LIMITS.search);
  const rawSort = params.get("sort");
  const sort = SORT_VALUES.includes(rawSort as SortValue) ? (rawSort as SortValue) : "default";
  const rawPage = Number(params.get("page"));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= LIMITS.page ? rawPage : 1;
  const types = distinct(
    params
      .getAll("type")
      .filter((type): type is ArtifactType => ARTIFACT_TYPES.includes(type as ArtifactType)),
    ARTIFACT_TYPES.length,
  );
  const eras = distinct(
    params.getAll("era").filter((era) => ERA_PATTERN.test(era)),
    FIND_LIMITS.eras,
  );
  const locations = distinct(
    params.getAll("location").filter((location) => location.trim() !== ""),
    FIND_LIMITS.locations,
  ).map((location) => location.slice(0, LIMITS.shortText));
  const rights = distinct(
    params
      .getAll("rights")
      .filter((value): value is Reuse => REUSE_VALUES.includes(value as Reuse)),
    REUSE_VALUES.length,
  );
  // ISO codes as the app writes them (EG); the API takes either case, the address one.
  const countries = distinct(
    params.getAll("country").filter((code) => COUNTRY_CODE.test(code)),
    FIND_LIMITS.countries,
  );
  let fromYear = yearParam(params.get("fromYear"));
  let toYear = yearParam(params.get("toYear"));
  if (fromYear !== undefined && toYear !== undefined && fromYear > toYear) {
    fromYear = undefined;
    toYear = undefined;
  }
  const scope: SearchScope = params.get("in") === "all" ? "all" : "names";
  const bbox = bboxParam(params.get("bbox"));
  const placeKind: FindPlaceKind =
    params.get("place") === "presentPlace" ? "presentPlace" : "findspot";
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
    bbox,
    placeKind,
  };
}

/** Whether a change touches what the list holds (anything but the page). */
function changesTheList(current: ListParams, change: Partial<ListParams>): boolean {
  return (Object.keys(change) as (keyof ListParams)[]).some(
    (key) => key !== "page" && JSON.stringify(change[key]) !== JSON.stringify(current[key]),
  );
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
  for (const type of next.types) params.append("type", type);
  for (const era of next.eras) params.append("era", era);
  if (next.fromYear !== undefined) params.set("fromYear", String(next.fromYear));
  if (next.toYear !== undefined) params.set("toYear", String(next.toYear));
  for (const location of next.locations) params.append("location", location);
  for (const value of next.rights) params.append("rights", value);
  for (const code of next.countries) params.append("country", code);
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

export function hasListFilters(state: ListParams): boolean {
  return (
    state.types.length > 0 ||
    state.eras.length > 0 ||
    state.locations.length > 0 ||
    state.rights.length > 0 ||
    state.countries.length > 0 ||
    state.fromYear !== undefined ||
    state.toYear !== undefined
  );
}
