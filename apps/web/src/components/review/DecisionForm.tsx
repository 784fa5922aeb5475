import { useState } from "react";
import {
  DECISIONS_NEEDING_REASON,
  REVIEW_DECISION_LABELS,
  type QueueEntry,
  type ReviewDecision,
} from "@artifact-atlas/shared";
import { reviewDecided } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { ReasonForm } from "./ReasonForm";

/** What the screen says once a decision is taken (or refused): kept after the entry leaves. */
export interface EntryNote {
  entry: QueueEntry;
  text: string;
  tone: "success" | "danger";
}

const DONE: Record<ReviewDecision, string> = {
  approve: "Approved.",
  reject: "Rejected.",
  hide: "Hidden.",
  unhide: "Unhidden.",
  uphold: "Upheld.",
  dismiss: "Dismissed.",
};

/**
 * The decisions an entry offers. Unhide is the artifact's own (UnhideArtifact, above the entries),
 * so a hidden artifact's entries offer no Hide.
 */
function decisionsFor(entry: QueueEntry): ReviewDecision[] {
  const base: ReviewDecision[] =
    entry.kind === "report" ? ["uphold", "dismiss", "hide"] : ["approve", "reject", "hide"];
  return entry.artifact.status === "hidden" ? base.filter((d) => d !== "hide") : base;
}

/**
 * Approve, Reject, Hide (Uphold, Dismiss for reports), sent with the revision and version the
 * curator was shown (issue 28). Whatever the server answers is handed up as a note, so that it
 * stays on screen after the queue is read again: "Already decided by ...", or the new version.
 */
export function DecisionForm({
  entry,
  onNote,
}: {
  entry: QueueEntry;
  onNote: (note: EntryNote) => void;
}) {
  const utils = trpc.useUtils();
  const decide = trpc.review.decide.useMutation({ onSettled: () => reviewDecided(utils) });
  const [chosen, setChosen] = useState<ReviewDecision | null>(null);

  const send = async (decision: ReviewDecision, why: { reason?: string; note?: string } = {}) => {
    try {
      await decide.mutateAsync({
        entryId: entry.id,
        decision,
        revision: entry.revision,
        version: entry.version,
        ...why,
      });
      onNote({ entry, text: DONE[decision], tone: "success" });
    } catch (failure) {
      onNote({
        entry,
        text: serverMessage(failure) ?? "The decision could not be saved. Please try again.",
        tone: "danger",
      });
    }
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
        {decisionsFor(entry).map((decision) => (
          <Button
            key={decision}
            size="sm"
            variant={decision === "approve" || decision === "dismiss" ? "primary" : "secondary"}
            aria-pressed={chosen === decision}
            disabled={decide.isPending}
            onClick={() => {
              if (DECISIONS_NEEDING_REASON.includes(decision)) setChosen(decision);
              else void send(decision);
            }}
          >
            {REVIEW_DECISION_LABELS[decision]}
          </Button>
        ))}
      </div>
      {chosen && (
        <ReasonForm
          action={REVIEW_DECISION_LABELS[chosen]}
          label={REVIEW_DECISION_LABELS[chosen]}
          busy={decide.isPending}
          onCancel={() => setChosen(null)}
          onSubmit={(why) => void send(chosen, why)}
        />
      )}
    </div>
  );
}
