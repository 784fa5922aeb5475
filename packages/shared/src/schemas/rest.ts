import { z } from "zod";
import { ARTIFACT_TYPES, LIMITS } from "../constants";
import { withImageRules } from "./artifact";
import { FIND_LIMITS, FIND_PLACE_KINDS, SEARCH_SCOPES } from "../find-values";
import { REUSE_LABELS, REUSE_VALUES } from "../reuse";
import { bboxValue, countryValue, eraValue, nearValue, yearValue } from "./find";
import { isWellFormedText } from "./fields";
import { email, MAX_REVISION_NUMBER, revisionNumber, wholeNumber } from "./fields";

/*
 * The inputs of the REST paths of spec section 7, for clients other than the web app. They reuse the
 * tRPC inputs; what is added here is only what those paths carry besides: paging, filters, and the
 * emails that the original client sends (accepted only when they are the signed-in user's own).
 */

/** The most artifacts one REST answer holds; also the size of an answer that names no size. */
export const REST_MAX_PAGE_SIZE = 100;

/** `page` and `pageSize` of a list answered a page at a time (X-Total-Count and Link say the rest). */
const restPaging = {
  page: wholeNumber("page", LIMITS.page).optional().describe("1-based page; default 1."),
  pageSize: wholeNumber("pageSize", REST_MAX_PAGE_SIZE)
    .optional()
    .describe(`Items per page; default and maximum ${REST_MAX_PAGE_SIZE}.`),
};

/** A query parameter that may be repeated: one value or several, always a list after parsing. */
function repeated<T extends z.ZodType>(item: T, max: number, name: string) {
  return (
    z
      // A value that is neither answers the value's own message ("type must be one of ..."), not
      // zod's "Invalid input" for the union.
      .union([item, z.array(item)], {
        error: (issue) =>
          issue.code === "invalid_union" ? issue.errors[0]?.[0]?.message : undefined,
      })
      .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[])
      .refine((list) => list.length <= max, `At most ${max} values of ${name}.`)
      .optional()
  );
}

/** Numbers separated by commas ("1.5,-3"), as a query parameter carries a box or a circle. */
function commaNumbers(name: string, count: number, what: string) {
  return z
    .string()
    .max(200, `${name} is too long.`)
    .transform((text, ctx) => {
      const parts = text.split(",");
      const numbers = parts.map((part) =>
        /^\s*-?\d+(\.\d+)?\s*$/.test(part) ? Number(part) : NaN,
      );
      if (parts.length !== count || numbers.some(Number.isNaN)) {
        ctx.addIssue({ code: "custom", message: `${name} must be ${what}.` });
        return z.NEVER;
      }
      return numbers;
    });
}

/** A list that takes only page and pageSize: GET /artifacts/{id}/revisions. */
export const restPageQuery = z.object(restPaging);

/** GET /artifacts/{id}/revisions/compare: what changed from one revision to another. */
export const restRevisionCompareQuery = z.object({
  from: wholeNumber("from", MAX_REVISION_NUMBER).describe("A revision number (either order)."),
  to: wholeNumber("to", MAX_REVISION_NUMBER).describe("A revision number (either order)."),
});

/**
 * The filters and sort of GET /artifacts (issue 18), which GET /export takes as well: one shape, so
 * that the export holds exactly what the list shows.
 */
export const restFindShape = {
  type: repeated(
    z.enum(ARTIFACT_TYPES, { error: `type must be one of ${ARTIFACT_TYPES.join(", ")}.` }),
    ARTIFACT_TYPES.length,
    "type",
  ).describe("Only artifacts of this type; repeat for any of several (not with email)."),
  q: z
    .string()
    .trim()
    .max(LIMITS.search, `q must be at most ${LIMITS.search} characters.`)
    .refine(isWellFormedText, "q holds a broken character.")
    .optional()
    .describe(
      "Search: every word of q in the name, in any order, case and accents ignored (a word of one or two characters ignores the case of A-Z only); with in=all, words of any field.",
    ),
  in: z
    .enum(SEARCH_SCOPES, { error: "in must be names or all." })
    .optional()
    .describe(
      "Where q looks: names (default) or all text fields, ranked by relevance. In all fields, every word of q must match (accents and case ignored, words of 3 letters or more also match longer words they begin); English stop words (the, of, a…) are left out when q has other words.",
    ),
  era: repeated(eraValue, FIND_LIMITS.eras, "era").describe(
    "A century (c15, c-5 for the 5th century BC) or millennium (m2, m-3) of the date created; repeat for any of several.",
  ),
  fromYear: yearValue("fromYear").optional().describe("Created from this year on (BC negative)."),
  toYear: yearValue("toYear").optional().describe("Created up to this year (BC negative)."),
  location: repeated(
    z.string().trim().min(1).max(LIMITS.shortText).refine(isWellFormedText),
    FIND_LIMITS.locations,
    "location",
  ).describe("Present location, exactly as stored; repeat for any of several."),
  rights: repeated(
    z.enum(REUSE_VALUES, { error: `rights must be one of ${REUSE_VALUES.join(", ")}.` }),
    REUSE_VALUES.length,
    "rights",
  ).describe(
    `Can I reuse it? By the rights of the artifact's first image (GET /rights lists which statement is in which group): ${REUSE_VALUES.map((value) => `${value} (${REUSE_LABELS[value]})`).join(", ")}; repeat for any of several.`,
  ),
  country: repeated(countryValue, FIND_LIMITS.countries, "country").describe(
    "The country of the artifact's place (see place), an ISO 3166-1 alpha-2 code (EG, GB); repeat for any of several.",
  ),
  bbox: commaNumbers("bbox", 4, "west,south,east,north in decimal degrees")
    .pipe(bboxValue)
    .optional()
    .describe(
      "Only artifacts whose place (see place) is in this box: west,south,east,north in decimal degrees; west greater than east crosses the antimeridian. A findspot is read as the public sees it (snapped to FINDSPOT_PUBLIC_PRECISION).",
    ),
  near: commaNumbers("near", 3, "lat,lon,km in decimal degrees and kilometres")
    .transform(([lat, lon, km]) => ({ lat, lon, km }))
    .pipe(nearValue)
    .optional()
    .describe(
      "Only artifacts whose place (see place) is within km of a point: lat,lon,km (km at most 1000).",
    ),
  place: z
    .enum(FIND_PLACE_KINDS, { error: "place must be findspot or presentPlace." })
    .optional()
    .describe("Which place bbox, near and country read: findspot (default) or presentPlace."),
  collection: wholeNumber("collection", Number.MAX_SAFE_INTEGER)
    .optional()
    .describe(
      "Only the artifacts of this collection (GET /collections) that you may see; a collection you may not see is answered 404.",
    ),
  sort: z
    .enum(["date_asc", "date_desc"], { error: "sort must be date_asc or date_desc." })
    .optional()
    .describe(
      "Date created, oldest or newest first, unrecognised dates last; default most liked first.",
    ),
};

/** The names of the find's parameters, in the order of restFindShape. */
export const REST_FIND_PARAMETERS = Object.keys(restFindShape) as (keyof typeof restFindShape)[];

/** A year range that ends before it starts is refused, naming toYear. */
export function checkYearOrder(
  query: { fromYear?: number | undefined; toYear?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.fromYear !== undefined && query.toYear !== undefined && query.fromYear > query.toYear) {
    ctx.addIssue({
      code: "custom",
      path: ["toYear"],
      message: "toYear must not be before fromYear.",
    });
  }
}

/** GET /artifacts: the collection most liked first, or with `email` the caller's own artifacts. */
export const restArtifactsQuery = z
  .object({
    limit: wholeNumber("limit", REST_MAX_PAGE_SIZE)
      .optional()
      .describe("The most artifacts to answer; the same as pageSize."),
    ...restFindShape,
    email: email
      .optional()
      .describe("The signed-in user's own email: answers their own artifacts, newest first."),
    ...restPaging,
  })
  .superRefine((query, ctx) => {
    if (query.limit !== undefined && query.pageSize !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["limit"],
        message: "Use limit or pageSize, not both.",
      });
    }
    const used = REST_FIND_PARAMETERS.filter((name) => query[name] !== undefined);
    if (query.email !== undefined && used.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: `email answers your own artifacts and cannot be combined with ${used.join(", ")}.`,
      });
    }
    checkYearOrder(query, ctx);
  });

export type RestArtifactsQuery = z.output<typeof restArtifactsQuery>;

/** `?email=` on the like paths: optional, and when given it must be the signed-in user's. */
export const restEmailQuery = z.object({
  email: email.optional().describe("The signed-in user's own email (optional)."),
});

/** GET /liked-artifact: the caller's liked artifacts, a page at a time. */
export const restLikedArtifactsQuery = restEmailQuery.extend(restPaging);

const userEmail = email.optional().describe("The signed-in user's own email (optional).");

/** POST /artifacts and PUT /artifacts/{id}: the form fields plus the sender's email. */
export const restArtifactBody = withImageRules({ userEmail });
export type RestArtifactBody = z.input<typeof restArtifactBody>;

/**
 * PUT /artifacts/{id}: with baseRevision, a save over someone else's newer change is refused (409)
 * and writes nothing; without it, the save overwrites as it always did.
 */
export const restUpdateArtifactBody = withImageRules({
  userEmail,
  baseRevision: revisionNumber
    .optional()
    .describe(
      "The revision your edit started from (the number of the first item of GET /artifacts/{id}/revisions). If someone changed the artifact since, the answer is 409 and nothing is written.",
    ),
});

/** DELETE /artifacts/{id}. */
export const restDeleteArtifactBody = z.object({
  userEmail: email.optional().describe("The signed-in user's own email (optional)."),
});

/** POST /liked-artifacts. An id that is no artifact's (malformed or unknown) is answered 404. */
export const restLikeBody = z.object({
  artifact_id: z
    .union([z.string(), z.number()], { error: "artifact_id is required." })
    .describe("The artifact's _id."),
  applicant_email: email.optional().describe("The signed-in user's own email (optional)."),
});

/** POST /jwt: confirms that the session belongs to this email; issues nothing. */
export const restJwtBody = z.object({ email });
