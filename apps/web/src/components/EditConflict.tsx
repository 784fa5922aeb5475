import { TriangleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import {
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_NAMES,
  MESSAGES,
  type ArtifactTextFields,
  type RevisionSummary,
} from "@artifact-atlas/shared";
import { FormSection } from "./FormSection";
import { authorLabel, formatRevisionDate } from "../lib/revisions";

export interface EditConflictState {
  /** The artifact as someone else saved it meanwhile, and that revision. */
  theirs: ArtifactTextFields;
  revision: RevisionSummary;
  /** What this person tried to save; the form still holds it. */
  yours: ArtifactTextFields;
}

/** The two sides of the conflict, in the order the table shows them. */
const VERSIONS = [
  ["theirs", "Their version"],
  ["yours", "Your version"],
] as const;

/**
 * Shown when a save was refused because someone else saved first (issue 17): nothing was written;
 * their version stands next to this person's, field by field, so that they can merge by hand in
 * the form below and save again (now based on the newer version).
 */
export function EditConflict({ conflict }: { conflict: EditConflictState }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus on the message, so that it is read out and the page scrolls to it.
  useEffect(() => {
    heading.current?.focus();
  }, [conflict]);
  const differing = ARTIFACT_FIELD_NAMES.filter(
    (name) => conflict.theirs[name] !== conflict.yours[name],
  );
  const { revision } = conflict;

  return (
    <FormSection
      title={MESSAGES.editConflict}
      icon={TriangleAlert}
      tone="danger"
      headingRef={heading}
      className="mb-8"
      intro={
        <p className="mt-2 text-sm leading-relaxed text-muted">
          Nothing was saved. Version {revision.number} ({revision.summary}) was saved by{" "}
          {authorLabel(revision.authorName)} on {formatRevisionDate(revision.at)}. Keep what you
          want from it in the form below, then save again.
        </p>
      }
    >
      {differing.length === 0 ? (
        <p className="text-sm text-ink">
          Their version and yours are the same: save again to keep it.
        </p>
      ) : (
        <div className="overflow-hidden rounded-xl border border-line">
          <div
            aria-hidden="true"
            className="hidden grid-cols-[10rem_1fr_1fr] gap-px bg-line text-xs font-semibold tracking-wider text-muted uppercase md:grid"
          >
            <span className="bg-surface-muted px-4 py-2">Field</span>
            {VERSIONS.map(([side, label]) => (
              <span key={side} className="bg-surface-muted px-4 py-2">
                {label}
              </span>
            ))}
          </div>
          <dl className="divide-y divide-line">
            {differing.map((name) => (
              <div key={name} className="grid gap-px bg-line md:grid-cols-[10rem_1fr_1fr]">
                <dt className="bg-surface px-4 py-3 text-sm font-semibold text-ink">
                  {ARTIFACT_FIELD_LABELS[name]}
                </dt>
                {VERSIONS.map(([side, label]) => (
                  <dd key={side} className="bg-surface px-4 py-3">
                    <span className="mb-1 block text-xs font-semibold tracking-wider text-muted uppercase md:sr-only">
                      {label}
                    </span>
                    <span className="text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-ink">
                      {conflict[side][name]}
                    </span>
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        </div>
      )}
    </FormSection>
  );
}
