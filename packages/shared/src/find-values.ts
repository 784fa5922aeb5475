import { spanYears } from "./dates/years";
import type { Reuse } from "./reuse";

/*
 * The values of the collection's filters and search (issue 18) without any zod: the web app's
 * first load reads these, and zod stays in the chunks that validate (schemas/find.ts).
 */

/** Where the search looks: the spec's names (the default), or every text field. */
export const SEARCH_SCOPES = ["names", "all"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The most values one filter takes, and how many places the location facet offers. */
export const FIND_LIMITS = {
  eras: 24,
  locations: 10,
  locationFacet: 10,
  /** Countries of one find (issue 31): a region's worth; the facet lists every country counted. */
  countries: 30,
  /** The typed year range: as far back as the parser reads, up to its latest year. */
  earliestYear: -5_000_000,
  latestYear: 2100,
} as const;

/**
 * An era of the filter: a century ("c15": 15th century, "c-5": 5th century BC) or a millennium
 * ("m2", "m-3"), never 0. Placed by the middle of an artifact's created range (decision 042).
 */
export const ERA_PATTERN = /^([cm])(-?[1-9]\d{0,4})$/;

export interface EraSpan {
  era: string;
  from: number;
  to: number;
}

/** The years of an era value, or null when it is not one. */
export function eraSpan(era: string): EraSpan | null {
  const match = ERA_PATTERN.exec(era);
  if (!match) return null;
  const index = Number(match[2]);
  const size = match[1] === "c" ? 100 : 1000;
  const years = spanYears(index, size);
  if (years.from < FIND_LIMITS.earliestYear || years.to > FIND_LIMITS.latestYear + 1000)
    return null;
  return { era, ...years };
}

/**
 * The find's place filters (issue 31): a box (west, south, east, north in degrees; west greater
 * than east crosses the antimeridian) and a circle around a point. Both read the public point of
 * a place (a findspot snapped to FINDSPOT_PUBLIC_PRECISION), never the exact one.
 */
export type Bbox = [west: number, south: number, east: number, north: number];
export interface Near {
  lat: number;
  lon: number;
  km: number;
}
/** The widest circle `near` takes: beyond it, a box says the same more plainly. */
export const NEAR_MAX_KM = 1000;
/** Which place the place filters read (default the findspot). */
export const FIND_PLACE_KINDS = ["findspot", "presentPlace"] as const;
export type FindPlaceKind = (typeof FIND_PLACE_KINDS)[number];

/** Whether any filter is set: without any, the collection behaves exactly as the spec says. */
export function hasFilters(filters: {
  types?: readonly string[] | undefined;
  eras?: readonly string[] | undefined;
  locations?: readonly string[] | undefined;
  rights?: readonly string[] | undefined;
  countries?: readonly string[] | undefined;
  fromYear?: number | undefined;
  toYear?: number | undefined;
  bbox?: Bbox | undefined;
  near?: Near | undefined;
  collection?: number | undefined;
}): boolean {
  return (
    filters.collection !== undefined ||
    filters.bbox !== undefined ||
    filters.near !== undefined ||
    (filters.types?.length ?? 0) > 0 ||
    (filters.eras?.length ?? 0) > 0 ||
    filters.fromYear !== undefined ||
    filters.toYear !== undefined ||
    (filters.locations?.length ?? 0) > 0 ||
    (filters.rights?.length ?? 0) > 0 ||
    (filters.countries?.length ?? 0) > 0
  );
}

/** A count of artifacts with one value of a filter. */
export interface FacetCount<Value> {
  value: Value;
  count: number;
}

/** An ISO 3166-1 alpha-2 code, as the find takes it: two capital letters. */
export const COUNTRY_CODE = /^[A-Z]{2}$/;

/** A country's count, with its English name (the server's countries-list: none in the web app). */
export interface CountryCount extends FacetCount<string> {
  name: string;
}

/** The counts of each filter's values, each given the other filters (artifacts.facets). */
export interface ArtifactFacets {
  types: FacetCount<string>[];
  /** Centuries with artifacts, earliest first (c-5 …); millennia are their sums. */
  centuries: FacetCount<number>[];
  /** The most common present locations, most first, and any chosen location. */
  locations: FacetCount<string>[];
  /** "Can I reuse it?", by the primary image's rights (issue 30): every answer, in its order. */
  rights: FacetCount<Reuse>[];
  /**
   * The countries of the place the find reads (placeKind: the findspot by default), most first,
   * and any chosen country with none (issue 31).
   */
  countries: CountryCount[];
  /** Artifacts whose created date is not recognised: in no era. */
  undated: number;
  /** The counts come from a sample: the search matches most of the collection (issue 28). */
  estimated?: true;
}

/** Character ranges [start, end) of the words a search matched in a text. */
export type MatchRanges = [start: number, end: number][];

/** Where an all-fields search matched, per card: the name and the historical context. */
export interface ArtifactHighlights {
  artifactName: MatchRanges;
  historicalContext: MatchRanges;
}
