import { diffArrays, diffWords } from "diff";
import {
  ARTIFACT_FIELD_NAMES,
  rightsStatement,
  sameImages,
  type ArtifactFields,
  type ArtifactImageItem,
  type DiffPart,
  type FieldChange,
} from "@artifact-atlas/shared";

/**
 * The most word edits one field's diff may take before it is shown as "all of it removed, all of
 * the new text added": the diff's cost grows with the text's length times the edits. At 100, two
 * unrelated 5,000-character texts cost about 2 ms (300 cost 24 ms, and a batch of ten comparisons
 * of such artifacts held the server for a third of a second); an edit of more than 100 words reads
 * better as a rewrite anyway.
 */
export const MAX_DIFF_EDITS = 100;

/**
 * What changed from one version of an artifact's fields to another, field by field, in the form's
 * order: only the fields that differ, each as runs of words kept, removed and added.
 */
export function diffFields(before: ArtifactFields, after: ArtifactFields): FieldChange[] {
  const changes: FieldChange[] = ARTIFACT_FIELD_NAMES.filter(
    (field) => before[field] !== after[field],
  ).map((field) => ({
    field,
    before: before[field],
    after: after[field],
    parts: diffText(before[field], after[field]),
  }));
  if (!sameImages(before.images, after.images)) changes.push(diffImages(before, after));
  return changes;
}

/** One image as a line of the images' comparison: its place, address, words and rights. */
function imageLine(image: ArtifactImageItem, index: number): string {
  const words = [image.alt, image.caption, image.credit && `Credit: ${image.credit}`];
  return [
    `${index + 1}. ${image.url}`,
    ...words.filter(Boolean),
    rightsStatement(image.rights).name,
  ].join(" · ");
}

/**
 * The images' change (issue 30), one line per image: a line kept, removed or added, so that the
 * history shows which images changed, moved, came or went.
 */
function diffImages(before: ArtifactFields, after: ArtifactFields): FieldChange {
  const from = before.images.map(imageLine);
  const to = after.images.map(imageLine);
  const parts: DiffPart[] = diffArrays(from, to).map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value.map((line) => `${line}\n`).join(""),
  }));
  return { field: "images", before: from.join("\n"), after: to.join("\n"), parts };
}

/** Word-level runs from `before` to `after`; whitespace stays with the words around it. */
export function diffText(before: string, after: string): DiffPart[] {
  const changes = diffWords(before, after, { maxEditLength: MAX_DIFF_EDITS });
  if (!changes) return wholeReplacement(before, after);
  return changes.map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value,
  }));
}

function wholeReplacement(before: string, after: string): DiffPart[] {
  const parts: DiffPart[] = [];
  if (before) parts.push({ kind: "removed", text: before });
  if (after) parts.push({ kind: "added", text: after });
  return parts;
}
