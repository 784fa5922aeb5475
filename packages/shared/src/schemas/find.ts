import { z } from "zod";
import { ARTIFACT_TYPES, LIMITS } from "../constants";
import { eraSpan, FIND_LIMITS } from "../find-values";
import { MESSAGES } from "../messages";
import { isWellFormedText } from "./fields";

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
