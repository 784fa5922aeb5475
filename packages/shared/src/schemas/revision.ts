import { z } from "zod";
import { ARTIFACT_FIELD_NAMES, artifactId, sameImages, type ArtifactFields } from "./artifact";
import { MAX_REVISION_NUMBER, wholeNumber } from "./fields";

/*
 * An artifact's history (issue 17): every create, edit, restore and decision stores a revision,
 * numbered 1, 2, 3, … per artifact (docs/decisions/055-revision-history.md).
 */

/** Revisions per page of the History view, and the most one call may ask for. */
export const REVISIONS_PAGE_SIZE = 20;

/** How a revision's summary names each field: "Edited: name, historical context". */
export const REVISION_FIELD_NAMES = {
  artifactName: "name",
  artifactImage: "image",
  artifactType: "type",
  historicalContext: "historical context",
  createdAt: "created at",
  discoveredAt: "discovered at",
  discoveredBy: "discovered by",
  presentLocation: "present location",
  imageAlt: "image description",
  images: "images",
} as const satisfies Record<keyof ArtifactFields, string>;

/**
 * The summary of an edit that changed these fields, in the form's order. The first image's address
 * and description are its "image" and "image description", as before issue 30; "images" says
 * that anything else about the images changed (another image, the order, a caption, rights or
 * credit), which the comparison shows image by image.
 */
export function editSummary(before: ArtifactFields, after: ArtifactFields): string | null {
  const changed: (keyof ArtifactFields)[] = ARTIFACT_FIELD_NAMES.filter(
    (name) => before[name] !== after[name],
  );
  const beyondFirst = (fields: ArtifactFields) =>
    fields.images.map((image, index) => (index === 0 ? { ...image, url: "", alt: "" } : image));
  if (!sameImages(beyondFirst(before), beyondFirst(after))) changed.push("images");
  if (changed.length === 0) return null;
  return `Edited: ${changed.map((name) => REVISION_FIELD_NAMES[name]).join(", ")}`;
}

/**
 * The summary of a curator's undoing of a rejected edit (issue 29): "Reverted a rejected edit:
 * name", naming the fields it put back.
 */
export function revertedEditSummary(before: ArtifactFields, after: ArtifactFields): string | null {
  const edited = editSummary(before, after);
  return edited && edited.replace(/^Edited: /, "Reverted a rejected edit: ");
}

export const CREATED_SUMMARY = "Created";
export const restoredSummary = (number: number) => `Restored version ${number}`;

/**
 * The summary of a review decision that changed what the artifact shows (its status), or of its
 * restore from the trash: "Approved", "Rejected: Duplicate", "Hidden: Spam", "Unhidden".
 */
export function decisionSummary(
  decision: "approve" | "reject" | "hide" | "unhide",
  reason: string | null,
): string {
  const word = { approve: "Approved", reject: "Rejected", hide: "Hidden", unhide: "Unhidden" }[
    decision
  ];
  return reason && decision !== "approve" && decision !== "unhide" ? `${word}: ${reason}` : word;
}
export const RESTORED_FROM_TRASH_SUMMARY = "Restored from the trash";

/** A revision number in a path or query string. */
export const revisionNumberParam = wholeNumber("revision", MAX_REVISION_NUMBER);

/** revisions.list: one page of an artifact's history, newest first. */
export const revisionListQuery = z.object({
  id: artifactId,
  page: wholeNumber("page", MAX_REVISION_NUMBER).default(1),
});
export type RevisionListQuery = z.input<typeof revisionListQuery>;

/** revisions.byNumber and revisions.restore. */
export const revisionRef = z.object({ id: artifactId, number: revisionNumberParam });

/** revisions.compare: the changes from one revision to another, field by field. */
export const revisionCompareQuery = z.object({
  id: artifactId,
  from: revisionNumberParam,
  to: revisionNumberParam,
});

/** One line of the History view. */
export interface RevisionSummary {
  number: number;
  /** Milliseconds since the epoch. */
  at: number;
  summary: string;
  /** The author's current name; null once their account is gone (or for the server itself). */
  authorName: string | null;
}

export interface Revision extends RevisionSummary {
  fields: ArtifactFields;
}

export interface RevisionPage {
  items: RevisionSummary[];
  /** How many revisions the artifact has: its newest revision's number. */
  total: number;
  page: number;
  pageCount: number;
  /** Whether the viewer may restore a version (the owner, curators and admins). */
  canRestore: boolean;
}

/** A run of words in a field's diff: kept, removed (only in "from") or added (only in "to"). */
export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

export interface FieldChange {
  field: keyof ArtifactFields;
  before: string;
  after: string;
  parts: DiffPart[];
}

export interface RevisionComparison {
  from: Revision;
  to: Revision;
  /** Only the fields that differ, in the form's order. */
  changes: FieldChange[];
}
