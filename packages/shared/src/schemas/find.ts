import { z } from "zod";
import { ARTIFACT_TYPES, LIMITS } from "../constants";
import { spanYears } from "../dates/years";
import { MESSAGES } from "../messages";
import { isWellFormedText } from "./fields";

/*
 * The filters and the all-fields search of the collection (issue 18), shared by tRPC, REST and the
 * web app's URL. Several values of one filter combine with OR, different filters with AND.
 */

/** Where the search looks: the spec's names (the default), or every text field. */
export const SEARCH_SCOPES = ["names", "all"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The most values one filter takes, and how many places the location facet offers. */
export const FIND_LIMITS = {
  eras: 24,
  locations: 10,
  locationFacet: 10,
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

export const eraValue = z
  .string()
  .refine(
    (value) => eraSpan(value) !== null,
    "era must be a century (c15, c-5) or a millennium (m2, m-3).",
  );

const year = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a year (BC negative).` })
    .int(`${name} must be a whole year.`)
    .min(FIND_LIMITS.earliestYear, `${name} must be a year from 5000000 BC (-5000000) on.`)
    .max(FIND_LIMITS.latestYear, `${name} must be a year up to ${FIND_LIMITS.latestYear}.`)
    .refine((value) => value !== 0, `${name}: there is no year 0 (1 BC is -1, AD 1 is 1).`);

const locationValue = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.shortText)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Location"));

/** A filter's values: one or several, unique, in a stable order (the cache key and the URL). */
function values<T extends z.ZodType<string>>(item: T, max: number, name: string) {
  return z
    .array(item)
    .max(max, `At most ${max} values of ${name}.`)
    .default([])
    .transform((list) => [...new Set(list as string[])].sort() as z.output<T>[]);
}

/** The filters' fields, for the schemas that take them with others (artifactListQuery). */
export const findFilterShape = {
  types: values(z.enum(ARTIFACT_TYPES), ARTIFACT_TYPES.length, "type"),
  eras: values(eraValue, FIND_LIMITS.eras, "era"),
  fromYear: year("fromYear").optional(),
  toYear: year("toYear").optional(),
  locations: values(locationValue, FIND_LIMITS.locations, "location"),
};

/** A typed year range reads from its first year to its last. */
export function yearsInOrder(filters: {
  fromYear?: number | undefined;
  toYear?: number | undefined;
}) {
  return (
    filters.fromYear === undefined ||
    filters.toYear === undefined ||
    filters.fromYear <= filters.toYear
  );
}
export const YEARS_IN_ORDER = { path: ["toYear"], message: "toYear must not be before fromYear." };

/** The filters, as every door takes them. */
export const findFilters = z.object(findFilterShape).refine(yearsInOrder, YEARS_IN_ORDER);
export type FindFilters = z.output<typeof findFilters>;
export type FindFiltersInput = z.input<typeof findFilters>;

/** Whether any filter is set: without any, the collection behaves exactly as the spec says. */
export function hasFilters(filters: FindFilters): boolean {
  return (
    filters.types.length > 0 ||
    filters.eras.length > 0 ||
    filters.fromYear !== undefined ||
    filters.toYear !== undefined ||
    filters.locations.length > 0
  );
}

/** A count of artifacts with one value of a filter. */
export interface FacetCount<Value> {
  value: Value;
  count: number;
}

/** The counts of each filter's values, each given the other filters (artifacts.facets). */
export interface ArtifactFacets {
  types: FacetCount<string>[];
  /** Centuries with artifacts, earliest first (c-5 …); millennia are their sums. */
  centuries: FacetCount<number>[];
  /** The most common present locations, most first, and any chosen location. */
  locations: FacetCount<string>[];
  /** Artifacts whose created date is not recognised: in no era. */
  undated: number;
}

/** Character ranges [start, end) of the words a search matched in a text. */
export type MatchRanges = [start: number, end: number][];

/** Where an all-fields search matched, per card: the name and the historical context. */
export interface ArtifactHighlights {
  artifactName: MatchRanges;
  historicalContext: MatchRanges;
}
