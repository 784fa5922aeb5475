import { z } from "zod";
import { SEARCH_SCOPES } from "../find-values";
import { LIMITS } from "../constants";
import { MESSAGES } from "../messages";
import { reportInput, unhideInput } from "../review";
import { requiredText, wholeNumber, isWellFormedText } from "../schemas/fields";
import { findFilterShape, findSearch, YEARS_IN_ORDER, yearsInOrder } from "../schemas/find";
import {
  COLLECTION_HISTORY_PAGE_SIZE,
  COLLECTION_ITEMS_PAGE_SIZE,
  COLLECTION_KINDS,
  COLLECTION_LIMITS,
  COLLECTION_SORTS,
  COLLECTION_VISIBILITIES,
  COLLECTIONS_PAGE_SIZE,
  REPORTED_COLLECTIONS_PAGE_SIZE,
} from "./constants";

/** A collection's id, as every door takes it. */
export const collectionId = wholeNumber("id", Number.MAX_SAFE_INTEGER);
const artifactIdOf = (name: string) => wholeNumber(name, Number.MAX_SAFE_INTEGER);

function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, MESSAGES.fieldTooLong(label, max))
    .refine(isWellFormedText, MESSAGES.brokenCharacter(label));
}

const { collection: _collection, ...savedFilters } = findFilterShape;

/**
 * What a saved search keeps: the search and filters of All Artifacts (issue 32), never a window,
 * a sort or another collection. The collection then shows what that find shows, always up to date.
 */
export const savedSearch = z
  .strictObject({
    search: findSearch.optional(),
    in: z.enum(SEARCH_SCOPES).optional(),
    ...z.object(savedFilters).partial().shape,
  })
  .refine(yearsInOrder, YEARS_IN_ORDER);
export type SavedSearch = z.output<typeof savedSearch>;

const collectionFields = {
  title: requiredText("Title", COLLECTION_LIMITS.title),
  description: optionalText("Description", COLLECTION_LIMITS.description).default(""),
  visibility: z.enum(COLLECTION_VISIBILITIES).default("private"),
};

/** collections.create and POST /collections. */
export const collectionCreateInput = z
  .strictObject({
    ...collectionFields,
    kind: z.enum(COLLECTION_KINDS).default("curated"),
    /** A saved search's find; required for that kind, refused for a curated one. */
    query: savedSearch.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "search" && input.query === undefined) {
      ctx.addIssue({ code: "custom", path: ["query"], message: "A saved search needs its query." });
    }
    if (input.kind === "curated" && input.query !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["query"],
        message: "A curated collection has no query.",
      });
    }
  });
export type CollectionCreateInput = z.input<typeof collectionCreateInput>;

/** What collections.update and PUT /collections/{id} may change; each field optional. */
export const collectionChanges = z.strictObject({
  title: collectionFields.title.optional(),
  description: optionalText("Description", COLLECTION_LIMITS.description).optional(),
  /** The owner's alone to change. */
  visibility: z.enum(COLLECTION_VISIBILITIES).optional(),
  /** One of its artifacts, whose first image is the cover; null for the first shown. */
  coverArtifactId: artifactIdOf("coverArtifactId").nullable().optional(),
  /** A saved search's new query. */
  query: savedSearch.optional(),
});
export const collectionUpdateInput = collectionChanges.extend({ id: collectionId });
export type CollectionUpdateInput = z.input<typeof collectionUpdateInput>;

export const collectionIdInput = z.object({ id: collectionId });

/** Artifacts to add, each optionally with its note (at most COLLECTION_LIMITS.batch at once). */
export const collectionItemsAdd = z.strictObject({
  artifactIds: z
    .array(artifactIdOf("artifactIds"))
    .min(1, "Name at least one artifact.")
    .max(COLLECTION_LIMITS.batch, `At most ${COLLECTION_LIMITS.batch} artifacts at once.`),
  note: optionalText("Note", COLLECTION_LIMITS.note).optional(),
});
export const collectionItemsAddInput = collectionItemsAdd.extend({ id: collectionId });

export const collectionItemsRemove = z.strictObject({
  artifactIds: collectionItemsAdd.shape.artifactIds,
});
export const collectionItemsRemoveInput = collectionItemsRemove.extend({ id: collectionId });

/**
 * One item's note and place: `position` is the 0-based place among the items the caller is
 * shown, where the item goes (past the end: last).
 */
export const collectionItemChange = z
  .strictObject({
    note: optionalText("Note", COLLECTION_LIMITS.note).optional(),
    position: z
      .number()
      .int()
      .min(0)
      .max(COLLECTION_LIMITS.items, `position must be from 0 to ${COLLECTION_LIMITS.items}.`)
      .optional(),
  })
  .refine((change) => change.note !== undefined || change.position !== undefined, {
    message: "Send a note, a position, or both.",
  });
export const collectionItemChangeInput = z.strictObject({
  id: collectionId,
  artifactId: artifactIdOf("artifactId"),
  change: collectionItemChange,
});

/** A page of a collection's artifacts, in its order (a saved search: newest first). */
export const collectionItemsQuery = z.object({
  id: collectionId,
  page: wholeNumber("page", COLLECTION_LIMITS.items).optional().default(1),
  pageSize: wholeNumber("pageSize", 100).default(COLLECTION_ITEMS_PAGE_SIZE),
});

/** /collections: public collections, searched and sorted; or `mine`, one's own and shared. */
export const collectionListQuery = z.object({
  search: findSearch.optional().default(""),
  sort: z.enum(COLLECTION_SORTS).default("newest"),
  page: wholeNumber("page", 1000).default(1),
  pageSize: wholeNumber("pageSize", 100).default(COLLECTIONS_PAGE_SIZE),
});
export type CollectionListQuery = z.input<typeof collectionListQuery>;

export const collectionHistoryQuery = z.object({
  id: collectionId,
  /** The previous page's nextCursor (its last entry's id); none for the newest. */
  cursor: wholeNumber("cursor", Number.MAX_SAFE_INTEGER).nullish(),
  limit: wholeNumber("limit", COLLECTION_HISTORY_PAGE_SIZE).default(COLLECTION_HISTORY_PAGE_SIZE),
});

export const collaboratorInput = z.strictObject({
  id: collectionId,
  userId: wholeNumber("userId", Number.MAX_SAFE_INTEGER),
});

/** A member's name as the owner types it to invite them (names are not unique). */
export const collaboratorName = z
  .string()
  .trim()
  .min(1, "Please enter a member's name.")
  .max(LIMITS.name, "No member has this name.");

/** The owner invites a member by account id (scripts) or by their name (the web page). */
export const collaboratorInviteInput = z.union([
  collaboratorInput,
  z.strictObject({ id: collectionId, name: collaboratorName }),
]);
export type CollaboratorInvite = z.output<typeof collaboratorInviteInput>;

/** A member reports a collection: the artifact reports' reasons and note. */
export const collectionReportInput = reportInput.extend({ id: collectionId });
export type CollectionReportInput = z.output<typeof collectionReportInput>;

/** A curator hides or unhides a collection with a reason from the review reasons' list. */
export const collectionModerationInput = unhideInput.extend({ id: collectionId });
export type CollectionModerationInput = z.output<typeof collectionModerationInput>;

export const reportedCollectionsQuery = z.object({
  page: wholeNumber("page", 1000).default(1),
  pageSize: wholeNumber("pageSize", REPORTED_COLLECTIONS_PAGE_SIZE).default(
    REPORTED_COLLECTIONS_PAGE_SIZE,
  ),
});
