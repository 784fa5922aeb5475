import { ARTIFACT_FIELD_LABELS, type FieldChange } from "@artifact-atlas/shared";

/** How a removed and an added word look, in a changed field and in the key under the comparison. */
const MARKS = {
  removed: "rounded-sm bg-danger-soft text-ink decoration-danger decoration-2",
  added: "rounded-sm bg-success-soft text-ink decoration-success decoration-2 underline-offset-2",
};

/**
 * One changed field of a comparison: its label and its text with the removed words struck through
 * and the added words underlined (not colour alone, and named for screen readers).
 */
export function FieldDiff({ change }: { change: FieldChange }) {
  return (
    <div className="bg-surface p-4 sm:p-5">
      <dt className="text-xs font-semibold tracking-wider text-muted uppercase">
        {ARTIFACT_FIELD_LABELS[change.field]}
      </dt>
      <dd className="mt-2 text-base leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink">
        {change.parts.map((part, index) =>
          part.kind === "same" ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === "removed" ? (
            <del key={index} className={`${MARKS.removed} px-0.5`}>
              <span className="sr-only">Removed: </span>
              {part.text}
            </del>
          ) : (
            <ins key={index} className={`${MARKS.added} px-0.5`}>
              <span className="sr-only">Added: </span>
              {part.text}
            </ins>
          ),
        )}
      </dd>
    </div>
  );
}

/** The key under a comparison: what the two marks mean. */
export function DiffLegend() {
  return (
    <p className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
      <span>
        <del className={`${MARKS.removed} px-1`}>Struck through</del> removed
      </span>
      <span>
        <ins className={`${MARKS.added} px-1`}>Underlined</ins> added
      </span>
    </p>
  );
}
