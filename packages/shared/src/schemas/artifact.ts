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
import { MAX_ARTIFACT_IMAGES } from "../images";
import { METADATA_LICENSES, RIGHTS_URIS } from "../rights";
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

/** What a contributor fills in as text: every field but those the server sets. */
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
  images: "Images",
} as const satisfies Record<EditableField | "images", string>;

const L = ARTIFACT_FIELD_LABELS;

/** The labels of one image's fields in the form (issue 30), which name them in messages too. */
export const IMAGE_FIELD_LABELS = {
  url: "Image URL",
  alt: "Image description",
  caption: "Caption",
  rights: "Rights",
  credit: "Credit line",
} as const;

/** An optional text of one line: trimmed, bounded, well-formed; blank or missing is "". */
function optionalLine(label: string, max: number) {
  return (
    z
      .string()
      .trim()
      .max(max, MESSAGES.fieldTooLong(label, max))
      .refine(isWellFormedText, MESSAGES.brokenCharacter(label))
      // A text no one can see says nothing: stored as none.
      .transform((text) => (hasVisibleCharacter(text) ? text : ""))
      .optional()
      .transform((text) => text ?? "")
  );
}

/** An image's address: an http(s) URL, or the path POST /images answered. */
function imageUrl(label: string) {
  return z
    .string({ error: MESSAGES.fieldRequired(label) })
    .trim()
    .refine(hasVisibleCharacter, MESSAGES.fieldRequired(label))
    .pipe(imageSource);
}

/** The spec's text fields (section 5) and the image description (issue 19), in the form's order. */
const textFieldShape = {
  artifactName: requiredText(L.artifactName, LIMITS.name),
  artifactImage: imageUrl(L.artifactImage),
  artifactType: z.enum(ARTIFACT_TYPES, { error: MESSAGES.artifactTypeRequired }),
  historicalContext: requiredText(L.historicalContext, LIMITS.historicalContext),
  createdAt: requiredText(L.createdAt, LIMITS.shortText),
  discoveredAt: requiredText(L.discoveredAt, LIMITS.shortText),
  discoveredBy: requiredText(L.discoveredBy, LIMITS.shortText),
  presentLocation: requiredText(L.presentLocation, LIMITS.shortText),
  imageAlt: optionalLine(L.imageAlt, LIMITS.imageAlt),
} satisfies { [Field in EditableField]: z.ZodType<Artifact[Field]> };

/**
 * One image of an artifact as it is stored and answered (issue 30): where it is, what it shows,
 * an optional caption and credit line (who made the photo or holds it), and its rights.
 */
export const artifactImageItem = z.object({
  url: z.string(),
  alt: z.string(),
  caption: z.string(),
  rights: z.enum(RIGHTS_URIS),
  credit: z.string(),
});
export type ArtifactImageItem = z.output<typeof artifactImageItem>;

/**
 * One image as the detail answers show it: its fields, and for an upload its largest derivative's
 * size, its placeholder and its IIIF Image API service (/iiif/images/<hash>) when it has tiles.
 */
export const artifactImageView = artifactImageItem.extend({
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  placeholder: z.string().nullable(),
  service: z.string().nullable(),
});
export type ArtifactImageView = z.output<typeof artifactImageView>;

/**
 * One image as a contributor sends it. Rights left out: the image's own when the artifact already
 * has it, otherwise "Copyright Not Evaluated" for an address elsewhere and the site's default for
 * an upload (services/artifact-images.ts).
 */
export const artifactImageInput = z.object({
  url: imageUrl(IMAGE_FIELD_LABELS.url),
  alt: optionalLine(IMAGE_FIELD_LABELS.alt, LIMITS.imageAlt),
  caption: optionalLine(IMAGE_FIELD_LABELS.caption, LIMITS.imageCaption),
  rights: z.enum(RIGHTS_URIS, { error: MESSAGES.rightsUnknown }).optional(),
  credit: optionalLine(IMAGE_FIELD_LABELS.credit, LIMITS.imageCredit),
});
export type ArtifactImageInput = z.output<typeof artifactImageInput>;

/**
 * The fields of add and update: the same eight required fields (spec section 5), with these
 * rules, the optional image description (issue 19), and the artifact's images (issue 30), first
 * the primary one. Used through withImageRules, which REST's bodies share.
 */
export const artifactInputShape = {
  ...textFieldShape,
  artifactImage: textFieldShape.artifactImage.optional(),
  imageAlt: textFieldShape.imageAlt.optional(),
  images: z
    .array(artifactImageInput)
    .min(1, MESSAGES.fieldRequired(L.artifactImage))
    .max(MAX_ARTIFACT_IMAGES, MESSAGES.tooManyImages(MAX_ARTIFACT_IMAGES))
    .optional(),
};

type InputFields = z.output<z.ZodObject<typeof artifactInputShape>>;

/**
 * The fields of add and update with `extra` ones (REST's), and the rules between the spec's image
 * fields and the images: artifactImage and imageAlt are the first image's url and alt; sent with
 * images they must be the same (or be left out), and are filled in from it; sent without images,
 * they set the first image and the others stay as they are (services/artifact-images.ts). Without
 * either, artifactImage is required, as the spec says.
 */
export function withImageRules<Extra extends z.ZodRawShape = Record<never, never>>(
  extra: Extra = {} as Extra,
) {
  return (
    z
      .object({ ...artifactInputShape, ...extra })
      // Said with the other fields' messages, even when they fail too (as the spec's form does).
      .refine(hasSomeImage, {
        path: ["artifactImage"],
        message: MESSAGES.fieldRequired(L.artifactImage),
        when: () => true,
      })
      .superRefine((input, ctx) => checkImageRules(input as InputFields, ctx))
      .transform((input) => ({ ...input, ...firstImageFields(input as InputFields) }))
  );
}

/** artifactImage or images was sent (read from what was sent, which may not have parsed). */
function hasSomeImage(input: unknown): boolean {
  // Not an object at all: the object's own error says so, without this one.
  if (typeof input !== "object" || input === null) return true;
  const sent = input as { artifactImage?: unknown; images?: unknown };
  return sent.artifactImage !== undefined || (Array.isArray(sent.images) && sent.images.length > 0);
}

function checkImageRules(input: InputFields, ctx: z.RefinementCtx): void {
  const first = input.images?.[0];
  if (!first) return;
  if (input.artifactImage !== undefined && input.artifactImage !== first.url) {
    ctx.addIssue({ code: "custom", path: ["artifactImage"], message: MESSAGES.notFirstImage });
  }
  // An imageAlt that says nothing is no different from one left out.
  if (input.imageAlt && input.imageAlt !== first.alt) {
    ctx.addIssue({ code: "custom", path: ["imageAlt"], message: MESSAGES.notFirstImageAlt });
  }
  const urls = input.images!.map((image) => image.url);
  if (new Set(urls).size !== urls.length) {
    ctx.addIssue({ code: "custom", path: ["images"], message: MESSAGES.imageTwice });
  }
}

function firstImageFields(input: InputFields): { artifactImage: string; imageAlt: string } {
  const first = input.images?.[0];
  return {
    artifactImage: first?.url ?? input.artifactImage ?? "",
    imageAlt: first ? first.alt : (input.imageAlt ?? ""),
  };
}

/** Add and update (tRPC), checked by the rules above. */
export const artifactInput = withImageRules();
export type ArtifactInput = z.input<typeof artifactInput>;
/** What a save sends, checked: the text fields, and the images when it sends them. */
export type ArtifactSubmission = z.output<typeof artifactInput>;

/** The text fields' names, in the form's order. */
export const ARTIFACT_FIELD_NAMES = Object.keys(textFieldShape) as (keyof typeof textFieldShape)[];
export type ArtifactTextFields = z.output<z.ZodObject<typeof textFieldShape>>;

/**
 * An artifact's editable fields as a save writes them and a revision keeps them: the text fields
 * and every image, whose first one artifactImage and imageAlt repeat.
 */
export type ArtifactFields = ArtifactTextFields & { images: ArtifactImageItem[] };

/** Exactly the editable fields, in the form's order, whatever else `fields` carries. */
export function pickArtifactFields(fields: ArtifactFields): ArtifactFields {
  const picked = ARTIFACT_FIELD_NAMES.map((name) => [name, fields[name]]);
  return { ...(Object.fromEntries(picked) as ArtifactTextFields), images: fields.images };
}

/** Whether two image lists are the same, image by image and field by field. */
export function sameImages(a: readonly ArtifactImageItem[], b: readonly ArtifactImageItem[]) {
  return (
    a.length === b.length &&
    a.every(
      (image, index) =>
        image.url === b[index]!.url &&
        image.alt === b[index]!.alt &&
        image.caption === b[index]!.caption &&
        image.rights === b[index]!.rights &&
        image.credit === b[index]!.credit,
    )
  );
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

/** The site's rights settings as an admin sends them (issue 30). */
export const siteRightsInput = z.object({
  metadataLicense: z
    .enum(RIGHTS_URIS, { error: MESSAGES.metadataLicenseUnknown })
    .refine((uri) => METADATA_LICENSES.includes(uri), MESSAGES.metadataLicenseUnknown)
    .describe(
      "The licence the site's data about artifacts is published under: a Creative Commons licence or CC0 1.0.",
    ),
  uploadRights: z
    .enum(RIGHTS_URIS, { error: MESSAGES.rightsUnknown })
    .describe("The rights the form proposes for an upload; its member may choose another."),
});
