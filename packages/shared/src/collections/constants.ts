/*
 * Collections and exhibits (issue 32, docs/collections.md, docs/decisions/123-collections.md):
 * members gather artifacts into curated lists or saved searches and share them.
 */

export const COLLECTION_VISIBILITIES = ["public", "unlisted", "private"] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

export const COLLECTION_KINDS = ["curated", "search"] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/** A collection's review state: a curator hides a public one with a reason. */
export const COLLECTION_STATUSES = ["published", "hidden"] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];

/** What a collection's history records (who did what, when). */
export const COLLECTION_ACTIONS = [
  "create",
  "update",
  "visibility",
  "add",
  "remove",
  "move",
  "note",
  "invite",
  "uninvite",
  "trash",
  "restore",
  "hide",
  "unhide",
] as const;
export type CollectionAction = (typeof COLLECTION_ACTIONS)[number];

export const COLLECTION_LIMITS = {
  title: 120,
  /** The description's Markdown, in characters: a few paragraphs. */
  description: 5000,
  note: 1000,
  /** The most artifacts a curated collection holds (issue 32). */
  items: 500,
  /** The most artifacts one request adds or removes. */
  batch: 50,
  collaborators: 20,
  /** The most collections one account owns, the trash included. */
  perOwner: 200,
} as const;

/** Artifacts per page of a collection page; collections per page of /collections. */
export const COLLECTION_ITEMS_PAGE_SIZE = 24;
export const COLLECTIONS_PAGE_SIZE = 24;
export const COLLECTION_HISTORY_PAGE_SIZE = 50;

/** How long a collection stays in the trash before the server purges it (as artifacts: 30 days). */
export const COLLECTION_TRASH_DAYS = 30;

export const COLLECTION_SORTS = ["newest", "items", "likes"] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const COLLECTION_MESSAGES = {
  notFound: "Collection not found",
  ownerOnly: "Only the collection's owner can do this.",
  full: `A collection holds at most ${COLLECTION_LIMITS.items} artifacts.`,
  tooMany: `You can have at most ${COLLECTION_LIMITS.perOwner} collections.`,
  tooManyCollaborators: `A collection has at most ${COLLECTION_LIMITS.collaborators} collaborators.`,
  notCurated: "Only a curated collection holds artifacts of its own.",
  notSavedSearch: "Only a saved search has a query.",
  notInCollection: "This artifact is not in the collection.",
  notCollaborator: "No such member.",
  noMemberNamed: "No member has this name.",
  nameShared: "Several members have this name: invite this one by their account id instead.",
  notInTrash: "This collection is not in the trash.",
  trashExpired: "This collection was in the trash for too long to restore.",
  notReportable: "Only a public or unlisted collection can be reported.",
  alreadyReported: "You have already reported this collection.",
  notHidden: "This collection is not hidden.",
  alreadyHidden: "This collection is already hidden.",
  noOpenReports: "This collection has no open reports.",
} as const;

/** Reported collections on the curators' review screen, a page at a time. */
export const REPORTED_COLLECTIONS_PAGE_SIZE = 20;
/** The newest reports shown with each reported collection (the count says how many in all). */
export const REPORTS_SHOWN_PER_COLLECTION = 5;
