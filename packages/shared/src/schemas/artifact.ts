import { z } from "zod";
import {
  ARTIFACT_TYPES,
  LIKED_ARTIFACTS_PAGE_SIZE,
  LIMITS,
  MY_ARTIFACTS_PAGE_SIZE,
  SORT_VALUES,
} from "../constants";
import { MESSAGES } from "../messages";
import { SEARCH_SCOPES } from "../find-values";
import { findFilterShape, YEARS_IN_ORDER, yearsInOrder } from "./find";
import {
  hasVisibleCharacter,
  imageSource,
  isWellFormedText,
  requiredText,
  revisionNumber,
  wholeNumber,
} from "./fields";

/**
 * An artifact as every client sees it: the one list of its fields, in the order of every answer
 * (tRPC and REST). Never the contributor's email or any account data. The API selects exactly these
 * columns, and the form, the input rules and the REST shape are derived from or checked against it.
 * It describes what is stored; what may be stored is artifactInput's to say.
 */
export const artifact = z.object({
  id: z.number().int().positive(),
  artifactName: z.string(),
  artifactImage: z.string(),
  artifactType: z.enum(ARTIFACT_TYPES),
  historicalContext: z.string(),
  createdAt: z.string(),
  discoveredAt: z.string(),
  discoveredBy: z.string(),
  presentLocation: z.string(),
  likeCount: z.number().int().min(0),
  /** The contributor's name as it was when the artifact was added. */
  username: z.string(),
  /** The image's description (alt text); empty when none was given: the name stands in for it. */
  imageAlt: z.string(),
  /**
   * When artifactImage is an upload (/images/<hash>): its largest derivative's size in pixels and a
   * tiny blurred WebP as a data URL to show while it loads. Null for an image elsewhere.
   */
  imageWidth: z.number().int().positive().nullable(),
  imageHeight: z.number().int().positive().nullable(),
  imagePlaceholder: z.string().nullable(),
  /**
   * createdAt and discoveredAt read as years (BC negative, no year 0) by the server's date parser
   * (packages/shared/src/dates); null when the text is not recognised.
   */
  createdFromYear: z.number().int().nullable(),
  createdToYear: z.number().int().nullable(),
  discoveredFromYear: z.number().int().nullable(),
  discoveredToYear: z.number().int().nullable(),
});
export type Artifact = z.output<typeof artifact>;

/** One row of the liked list (spec: artifactName, artifactType, createdAt). */
export const likedArtifact = artifact.pick({
  id: true,
  artifactName: true,
  artifactType: true,
  createdAt: true,
});
export type LikedArtifact = z.output<typeof likedArtifact>;

/** The fields the server derives from the others. */
type DerivedField =
  | "createdFromYear"
  | "createdToYear"
  | "discoveredFromYear"
  | "discoveredToYear"
  | "imageWidth"
  | "imageHeight"
  | "imagePlaceholder";

/** What a contributor fills in: every field but those the server sets. */
type EditableField = Exclude<keyof Artifact, "id" | "likeCount" | "username" | DerivedField>;

/** The form labels double as the names in validation messages. */
export const ARTIFACT_FIELD_LABELS = {
  artifactName: "Artifact Name",
  artifactImage: "Artifact Image URL",
  artifactType: "Artifact Type",
  historicalContext: "Historical Context",
  createdAt: "Created At",
  discoveredAt: "Discovered At",
  discoveredBy: "Discovered By",
  presentLocation: "Present Location",
  imageAlt: "Image description",
} as const satisfies Record<EditableField, string>;

const L = ARTIFACT_FIELD_LABELS;

/**
 * Add and update take the same eight required fields (spec section 5), with these rules, and the
 * optional image description (issue 19): blank or missing means none.
 */
export const artifactInput = z.object({
  artifactName: requiredText(L.artifactName, LIMITS.name),
  artifactImage: z
    .string({ error: MESSAGES.fieldRequired(L.artifactImage) })
    .trim()
    .refine(hasVisibleCharacter, MESSAGES.fieldRequired(L.artifactImage))
    .pipe(imageSource),
  artifactType: z.enum(ARTIFACT_TYPES, { error: MESSAGES.artifactTypeRequired }),
  historicalContext: requiredText(L.historicalContext, LIMITS.historicalContext),
  createdAt: requiredText(L.createdAt, LIMITS.shortText),
  discoveredAt: requiredText(L.discoveredAt, LIMITS.shortText),
  discoveredBy: requiredText(L.discoveredBy, LIMITS.shortText),
  presentLocation: requiredText(L.presentLocation, LIMITS.shortText),
  imageAlt: z
    .string()
    .trim()
    .max(LIMITS.imageAlt, MESSAGES.fieldTooLong(L.imageAlt, LIMITS.imageAlt))
    .refine(isWellFormedText, MESSAGES.brokenCharacter(L.imageAlt))
    // A description no one can see describes nothing: stored as none.
    .transform((text) => (hasVisibleCharacter(text) ? text : ""))
    .optional()
    .transform((text) => text ?? ""),
} satisfies { [Field in EditableField]: z.ZodType<Artifact[Field]> });
export type ArtifactInput = z.input<typeof artifactInput>;
export type ArtifactFields = z.output<typeof artifactInput>;

/** The editable fields' names, in the form's order. */
export const ARTIFACT_FIELD_NAMES = artifactInput.keyof().options;

/** Exactly the editable fields, in the form's order, whatever else `fields` carries. */
export function pickArtifactFields(fields: ArtifactFields): ArtifactFields {
  const picked = ARTIFACT_FIELD_NAMES.map((name) => [name, fields[name]]);
  return Object.fromEntries(picked) as ArtifactFields;
}

/** Artifact ids are positive integers; anything else can only be "not found". */
export const artifactId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const artifactIdInput = z.object({ id: artifactId });

/**
 * artifacts.update: the fields, and the revision the editor started from (issue 17). With it, a
 * save is refused (CONFLICT) when someone else changed the artifact since; without it, the save
 * overwrites as it always did.
 */
export const artifactUpdateInput = z.object({
  id: artifactId,
  fields: artifactInput,
  baseRevision: revisionNumber.optional(),
});

const listSearch = z
  .string()
  .trim()
  .max(LIMITS.search)
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Search"))
  .optional()
  .transform((value) => (value ? value : undefined));

export const artifactListQuery = z
  .object({
    search: listSearch,
    sort: z.enum(SORT_VALUES).default("default"),
    page: wholeNumber("page", LIMITS.page).default(1),
    /** Where the search looks (issue 18): names, the spec's, or all text fields. */
    in: z.enum(SEARCH_SCOPES).default("names"),
    ...findFilterShape,
  })
  .refine(yearsInOrder, YEARS_IN_ORDER);
export type ArtifactListQuery = z.input<typeof artifactListQuery>;
export type ArtifactListInput = z.output<typeof artifactListQuery>;

/** artifacts.facets: the counts of every filter's values for a search and filters. */
export const artifactFacetsQuery = z
  .object({ search: listSearch, in: z.enum(SEARCH_SCOPES).default("names"), ...findFilterShape })
  .refine(yearsInOrder, YEARS_IN_ORDER);
export type ArtifactFacetsQuery = z.input<typeof artifactFacetsQuery>;

/**
 * A page of one of a member's own lists (keyset paging): `cursor` is the previous page's
 * nextCursor, missing or null for the first page; `limit` defaults to, and may not exceed, the
 * list's page size. No input at all asks for the first page.
 */
function memberListQuery(pageSize: number) {
  return z
    .object({
      cursor: wholeNumber("cursor", Number.MAX_SAFE_INTEGER).nullish(),
      limit: wholeNumber("limit", pageSize).default(pageSize),
    })
    .prefault({});
}

/** artifacts.mine: the member's own artifacts, newest first. */
export const myArtifactsQuery = memberListQuery(MY_ARTIFACTS_PAGE_SIZE);
export type MyArtifactsQuery = z.input<typeof myArtifactsQuery>;

/** likes.list: the member's liked artifacts, most recently liked first. */
export const likedArtifactsQuery = memberListQuery(LIKED_ARTIFACTS_PAGE_SIZE);
export type LikedArtifactsQuery = z.input<typeof likedArtifactsQuery>;
