import { diffWords } from "diff";
import {
  ARTIFACT_FIELD_NAMES,
  type ArtifactFields,
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
  return ARTIFACT_FIELD_NAMES.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    before: before[field],
    after: after[field],
    parts: diffText(before[field], after[field]),
  }));
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
