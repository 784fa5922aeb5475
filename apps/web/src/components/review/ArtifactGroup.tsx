import { History } from "lucide-react";
import { Link } from "react-router-dom";
import {
  QUEUE_ENTRY_KIND_LABELS,
  REPORT_REASON_LABELS,
  type QueueEntry,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { ageOf } from "../../lib/age";
import { ArtifactImage, IMAGE_SIZES } from "../ArtifactImage";
import { StatusBadge } from "../StatusBadge";
import { DecisionForm, type EntryNote } from "./DecisionForm";
import { EntryChanges } from "./EntryChanges";
import { UnhideArtifact } from "./UnhideArtifact";

export interface ShownEntry {
  entry: QueueEntry;
  /** Still waiting, as the queue was last read; false once decided (then it shows its note). */
  open: boolean;
  note?: EntryNote | undefined;
}

/**
 * One artifact and everything waiting about it (issue 29: six edits of one artifact were six
 * cards): its picture, name and status once, linked to its page and history, then each entry with
 * its own decision. A hidden artifact offers Unhide here, whatever its entries are.
 */
export function ArtifactGroup({
  artifact,
  entries,
  onNote,
}: {
  artifact: ReviewedArtifact;
  entries: ShownEntry[];
  onNote: (note: EntryNote) => void;
}) {
  const headingId = `artifact-${artifact.id}`;
  const live = entries.filter((shown) => shown.open);
  const own = live.length > 0 && live.every((shown) => shown.entry.ownArtifact);
  const automatic = live.some((shown) => shown.entry.hiddenAutomatically);
  const showsFields = live.some((shown) => shown.entry.kind !== "report");
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5"
    >
      <header className="flex gap-4">
        <div className="w-20 shrink-0 self-start overflow-hidden rounded-lg border border-line sm:w-28">
          <ArtifactImage artifact={artifact} sizes={IMAGE_SIZES.thumbnail} compact />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <h2
            id={headingId}
            className="font-serif text-xl leading-snug font-semibold [overflow-wrap:anywhere] text-ink"
          >
            <Link to={`/artifacts/${artifact.id}`} className="hover:text-accent">
              {artifact.artifactName}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <StatusBadge status={artifact.status} />
            <span className="[overflow-wrap:anywhere]">Added by {artifact.username}</span>
            <Link
              to={`/artifacts/${artifact.id}/history`}
              className="inline-flex items-center gap-1 font-medium text-accent hover:underline"
              aria-label={`History of ${artifact.artifactName}`}
            >
              <History aria-hidden="true" className="size-4" />
              History
            </Link>
          </p>
          {artifact.status === "hidden" && (
            <p className="text-sm [overflow-wrap:anywhere] text-ink">
              {automatic
                ? "Hidden automatically after spam reports from three established accounts."
                : `Hidden${artifact.statusReason ? `: ${artifact.statusReason}` : ""}${artifact.statusNote ? ` (${artifact.statusNote})` : ""}.`}
            </p>
          )}
        </div>
      </header>
      {artifact.status === "hidden" && !own && (
        <div className="mt-4">
          <UnhideArtifact artifact={artifact} />
        </div>
      )}
      {!showsFields && live.length > 0 && (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-accent">
            The artifact's fields
          </summary>
          <EntryChanges artifact={artifact} before={null} after={artifact} />
        </details>
      )}
      <ol className="mt-2 flex flex-col">
        {entries.map((shown) => (
          <li key={shown.entry.id} className="border-t border-line pt-4 first:border-t-0 mt-4">
            <EntryItem shown={shown} onNote={onNote} />
          </li>
        ))}
      </ol>
    </article>
  );
}

function EntryItem({ shown, onNote }: { shown: ShownEntry; onNote: (note: EntryNote) => void }) {
  const { entry, note } = shown;
  const heading = (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
        {QUEUE_ENTRY_KIND_LABELS[entry.kind]}
      </span>
      <span className="[overflow-wrap:anywhere] text-muted">
        {ageOf(entry.createdAt)} · by {entry.submittedByName ?? "a deleted account"}
      </span>
      {entry.report?.fromNewAccount && (
        <span className="rounded-full border border-line-strong/60 px-2 py-0.5 text-xs font-semibold text-muted">
          New account
        </span>
      )}
    </p>
  );
  // Decided here, or by someone else meanwhile: one line says what happened.
  if (!shown.open || note?.tone === "success") {
    return (
      <div className="flex flex-col gap-2">
        {heading}
        <p
          role="status"
          className={
            note?.tone === "danger"
              ? "text-sm font-medium text-danger"
              : "text-sm font-medium text-success"
          }
        >
          {note?.text ?? "Decided."}
        </p>
      </div>
    );
  }
  const after = entry.proposed ?? entry.artifact;
  return (
    <div className="min-w-0">
      {heading}
      {entry.report && (
        <p className="mt-3 text-sm [overflow-wrap:anywhere] text-ink">
          <span className="font-semibold">
            Reported as {REPORT_REASON_LABELS[entry.report.reason]}
          </span>
          {entry.report.note ? `: ${entry.report.note}` : ""}
        </p>
      )}
      {entry.waiting && (
        <p className="mt-3 text-sm text-muted">
          This edit waits for approval; the published text stays until then.
        </p>
      )}
      {entry.kind !== "report" && (
        <EntryChanges artifact={entry.artifact} before={entry.before} after={after} />
      )}
      {note && (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {note.text}
        </p>
      )}
      {entry.ownArtifact ? (
        <p className="mt-4 text-sm text-muted">
          This is your own artifact or report: another curator decides.
        </p>
      ) : (
        <DecisionForm entry={entry} onNote={onNote} />
      )}
    </div>
  );
}
