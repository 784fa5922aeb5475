import { z } from "zod";
import { ARTIFACT_TYPES, LIMITS, SORT_VALUES } from "../constants";
import {
  eraSpan,
  FIND_LIMITS,
  FIND_PLACE_KINDS,
  NEAR_MAX_KM,
  SEARCH_SCOPES,
  type Bbox,
} from "../find-values";
import { MESSAGES } from "../messages";
import { REUSE_VALUES } from "../reuse";
import { decimalDigitsOnly, isWellFormedText, wholeNumber } from "./fields";
import type { restFindShape } from "./rest";

/*
 * The filters and the all-fields search of the collection (issue 18), shared by tRPC, REST and the
 * web app's URL. Several values of one filter combine with OR, different filters with AND.
 */

export const eraValue = z
  .string()
  .refine(
    (value) => eraSpan(value) !== null,
    "era must be a century (c15, c-5) or a millennium (m2, m-3).",
  );

/** A year of the typed range, in decimal digits (BC negative), for tRPC and REST alike. */
export const yearValue = (name: string) =>
  z.preprocess(
    decimalDigitsOnly,
    z.coerce
      .number({ error: `${name} must be a year (BC negative).` })
      .int(`${name} must be a whole year.`)
      .min(FIND_LIMITS.earliestYear, `${name} must be a year from 5000000 BC (-5000000) on.`)
      .max(FIND_LIMITS.latestYear, `${name} must be a year up to ${FIND_LIMITS.latestYear}.`)
      .refine((value) => value !== 0, `${name}: there is no year 0 (1 BC is -1, AD 1 is 1).`),
  );

const locationValue = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.shortText)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Location"));

const latitude = (name: string) =>
  z
    .number({ error: `${name} must be a number of degrees.` })
    .min(-90, `${name} must be a latitude from -90 to 90.`)
    .max(90, `${name} must be a latitude from -90 to 90.`);
const longitude = (name: string) =>
  z
    .number({ error: `${name} must be a number of degrees.` })
    .min(-180, `${name} must be a longitude from -180 to 180.`)
    .max(180, `${name} must be a longitude from -180 to 180.`);

/** A country's ISO 3166-1 alpha-2 code, either case ("eg", "EG"): two letters A-Z, no more. */
export const countryValue = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "country must be a two-letter ISO 3166-1 code (EG, GB).")
  .transform((code) => code.toUpperCase());

/** A box of the map (issue 31): west, south, east, north; west past east crosses the antimeridian. */
export const bboxValue = z
  .tuple([longitude("west"), latitude("south"), longitude("east"), latitude("north")])
  .refine(([, south, , north]) => south <= north, "bbox: south must not be north of north.");

/** A circle: the places within `km` of a point. */
export const nearValue = z.strictObject({
  lat: latitude("near's latitude"),
  lon: longitude("near's longitude"),
  km: z
    .number({ error: "near's distance must be a number of km." })
    .positive("near's distance must be more than 0 km.")
    .max(NEAR_MAX_KM, `near's distance must be at most ${NEAR_MAX_KM} km.`),
});

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
  fromYear: yearValue("fromYear").optional(),
  toYear: yearValue("toYear").optional(),
  locations: values(locationValue, FIND_LIMITS.locations, "location"),
  /** "Can I reuse it?": the primary image's rights, grouped (issue 30). */
  rights: values(z.enum(REUSE_VALUES), REUSE_VALUES.length, "rights"),
  /** The country of the place (see placeKind), ISO 3166-1 alpha-2 (issue 31). */
  countries: values(countryValue, FIND_LIMITS.countries, "country"),
  bbox: bboxValue.optional(),
  near: nearValue.optional(),
  /** Which place bbox, near and countries read: the findspot (default) or the present place. */
  placeKind: z.enum(FIND_PLACE_KINDS).optional(),
  /** Only the artifacts of this collection (issue 32), that the viewer may see. */
  collection: wholeNumber("collection", Number.MAX_SAFE_INTEGER).optional(),
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

/*
 * One query for every list of artifacts (issue 27): the collection with its search and filters
 * (All Artifacts, the timeline, REST, the export), the home page's and REST's most liked, Explore
 * Similar, and a member's own and liked artifacts. The server's find() answers it
 * (apps/api/src/services/find.ts). Each door parses its own input and builds one of these.
 */

/** The lists of one member beside the public collection: their own artifacts, and those they like. */
export const MEMBER_LISTS = ["mine", "liked"] as const;
export type MemberList = (typeof MEMBER_LISTS)[number];

/** The most items one find answers at once: an export reads this many at a time. */
export const FIND_MAX_LIMIT = 200;

/**
 * Which items: page `page` of PAGE_SIZE, `limit` after skipping `offset` (REST's pages), or
 * `limit` after `cursor` in the list's keyset order (null: from the start). A cursor reads the
 * collection oldest first, a member's lists newest first; the answer's nextCursor continues it.
 */
const pageWindow = z.strictObject({ page: wholeNumber("page", LIMITS.page) });
const sliceWindow = z.strictObject({
  offset: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.page * FIND_MAX_LIMIT),
  limit: wholeNumber("limit", FIND_MAX_LIMIT),
});
const cursorWindow = z.strictObject({
  cursor: wholeNumber("cursor", Number.MAX_SAFE_INTEGER).nullable(),
  limit: wholeNumber("limit", FIND_MAX_LIMIT),
});
export const findWindow = z.union([pageWindow, sliceWindow, cursorWindow]);
export type FindWindow = z.output<typeof findWindow>;

/** What a person typed into a search box, trimmed; empty is no search. */
export const findSearch = z
  .string()
  .trim()
  .max(LIMITS.search)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Search"));

/** The collection's part of a find: every field but `list` may be left out (no search, no filter). */
export const collectionFind = z
  .object({
    list: z.literal("collection"),
    search: findSearch.optional(),
    /** Where the search looks: names (the spec's, the default) or all text fields. */
    in: z.enum(SEARCH_SCOPES).optional(),
    ...z.object(findFilterShape).partial().shape,
    /** "default": newest first, or by relevance for a search in all fields. */
    sort: z.enum(SORT_VALUES).optional(),
    /** The items to answer; none without a window. */
    window: z.union([pageWindow, sliceWindow]).optional(),
    /** Count the matches (`total`, and `estimated` when counted from a sample). */
    total: z.boolean().optional(),
    /** Count each filter's values given the other filters (All Artifacts, the timeline). */
    facets: z.boolean().optional(),
    /** When a names search finds nothing, count what a search in all fields finds (issue 29). */
    allFieldsTotal: z.boolean().optional(),
  })
  .refine(yearsInOrder, YEARS_IN_ORDER);

/** A member's own or liked artifacts, newest first: the viewer's, from the session. */
export const memberFind = z.object({
  list: z.enum(MEMBER_LISTS),
  window: z.union([sliceWindow, cursorWindow]).optional(),
  total: z.boolean().optional(),
});

export const findQuery = z.discriminatedUnion("list", [collectionFind, memberFind]);
export type FindQuery = z.output<typeof findQuery>;
export type CollectionFind = z.output<typeof collectionFind>;

/** GET /artifacts's and GET /export's filters and search, as parsed (restFindShape). */
export type RestFindParams = {
  [Name in keyof typeof restFindShape]?: z.output<(typeof restFindShape)[Name]>;
};

/** The find that GET /artifacts and GET /export ask for these parameters (their sort aside). */
export function findOfRest(query: RestFindParams): CollectionFind {
  const sorted = (values: string[] | undefined) => [...new Set(values ?? [])].sort();
  return {
    list: "collection",
    search: query.q ?? "",
    in: query.in ?? "names",
    types: sorted(query.type) as CollectionFind["types"],
    eras: sorted(query.era),
    locations: sorted(query.location),
    rights: sorted(query.rights) as CollectionFind["rights"],
    countries: sorted(query.country),
    fromYear: query.fromYear,
    toYear: query.toYear,
    ...(query.bbox ? { bbox: query.bbox as Bbox } : {}),
    ...(query.near ? { near: query.near } : {}),
    ...(query.place ? { placeKind: query.place } : {}),
    ...(query.collection === undefined ? {} : { collection: query.collection }),
  };
}
