import { clsx } from "clsx";
import { Check, ThumbsUp, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  DECLINE_REASON_MAX_LENGTH,
  type DiscussionComment,
  type DiscussionSuggestion,
} from "@artifact-atlas/shared";
import { discussionChanged, suggestionAccepted } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { TextAreaField } from "../Field";
import { FormActions } from "../FormSection";

const STATUS_WORDS: Record<DiscussionSuggestion["status"], string> = {
  open: "Open",
  accepted: "Accepted",
  declined: "Declined",
};

/**
 * A suggested change beside its comment: the field before and after, its source, how many agree,
 * and what the viewer may do with it (agree; for the owner and curators, accept or decline).
 */
export function SuggestionView({
  comment,
  suggestion,
  revision,
  mayDecide,
  signedIn,
}: {
  comment: DiscussionComment;
  suggestion: DiscussionSuggestion;
  /** The artifact's revision as the discussion read it: a decision sends it back. */
  revision: number;
  mayDecide: boolean;
  signedIn: boolean;
}) {
  const utils = trpc.useUtils();
  const changed = () => discussionChanged(utils, comment.artifactId);
  const agree = trpc.suggestions.agree.useMutation({ onSettled: changed });
  const withdraw = trpc.suggestions.withdrawAgreement.useMutation({ onSettled: changed });
  const decide = trpc.suggestions.decide.useMutation({
    onSettled: (answer, _error, input) =>
      input.decision === "accept" && answer
        ? suggestionAccepted(utils, comment.artifactId)
        : changed(),
  });
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const open = suggestion.status === "open";

  const run = (action: Promise<unknown>) =>
    action.catch((failure: unknown) =>
      setError(serverMessage(failure) ?? "That did not work. Please try again."),
    );

  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError("Please say why the suggestion is declined.");
      return;
    }
    setError(undefined);
    void run(decide.mutateAsync({ id: comment.id, decision: "decline", reason, revision }));
  };

  return (
    <div className="mt-3 rounded-xl border border-line bg-surface-muted/60 p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">Suggested change: {suggestion.fieldLabel}</p>
        <span
          className={clsx(
            "rounded-full px-2.5 py-0.5 text-xs font-semibold",
            suggestion.status === "accepted" && "bg-success-soft text-success",
            suggestion.status === "declined" && "bg-danger-soft text-danger",
            open && "bg-accent-soft text-accent",
          )}
        >
          {STATUS_WORDS[suggestion.status]}
        </span>
      </div>
      <dl className="mt-2 grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="text-muted">Before</dt>
        <dd className="break-words text-ink line-through decoration-muted/60">
          {suggestion.before || "(empty)"}
        </dd>
        <dt className="text-muted">Suggested</dt>
        <dd className="font-medium break-words text-ink">{suggestion.value}</dd>
        <dt className="text-muted">Source</dt>
        <dd className="break-words text-ink">{suggestion.source}</dd>
      </dl>
      {suggestion.ownerAccepted && open && (
        <p className="mt-2 text-muted">Accepted by the owner; a curator will approve the change.</p>
      )}
      {suggestion.status === "declined" && suggestion.declineReason && (
        <p className="mt-2 text-ink">Declined: {suggestion.declineReason}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 text-muted">
          <ThumbsUp aria-hidden="true" className="size-4" />
          <span className="tabular-nums">
            {suggestion.agreements} {suggestion.agreements === 1 ? "agrees" : "agree"}
          </span>
        </span>
        {signedIn && open && !comment.mine && (
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={suggestion.agreed}
            busy={agree.isPending || withdraw.isPending}
            onClick={() =>
              void run(
                suggestion.agreed
                  ? withdraw.mutateAsync({ id: comment.id })
                  : agree.mutateAsync({ id: comment.id }),
              )
            }
          >
            {suggestion.agreed ? "You agree" : "Agree"}
          </Button>
        )}
        {mayDecide && open && !comment.mine && !suggestion.ownerAccepted && !declining && (
          <>
            <Button
              size="sm"
              busy={decide.isPending}
              onClick={() =>
                void run(decide.mutateAsync({ id: comment.id, decision: "accept", revision }))
              }
            >
              <Check aria-hidden="true" className="size-4" />
              Accept
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeclining(true)}>
              <X aria-hidden="true" className="size-4" />
              Decline
            </Button>
          </>
        )}
      </div>
      {declining && open && (
        <form
          aria-label="Decline the suggestion"
          className="mt-3 flex flex-col gap-2"
          onSubmit={submitDecline}
        >
          <TextAreaField
            label="Why is it declined?"
            maxLength={DECLINE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FormActions
            action="Decline"
            busy={decide.isPending}
            onCancel={() => setDeclining(false)}
          />
        </form>
      )}
      {decide.isSuccess && (
        <p role="status" className="mt-2 text-muted">
          {decide.data.message}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
