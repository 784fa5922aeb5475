import { useState, type FormEvent } from "react";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REVIEW_NOTE_MAX_LENGTH,
  type ReportReason,
} from "@artifact-atlas/shared";
import { serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { SelectField, TextAreaField } from "../Field";

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: REPORT_REASON_LABELS[reason],
}));

/** Report a comment (issue 33): the artifact reports' reasons and note, to the review queue. */
export function ReportComment({ commentId, onClose }: { commentId: number; onClose: () => void }) {
  const report = trpc.comments.report.useMutation();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError("Please choose a reason.");
      return;
    }
    setError(undefined);
    report
      .mutateAsync({ id: commentId, reason, ...(note.trim() ? { note } : {}) })
      .catch((failure: unknown) =>
        setError(serverMessage(failure) ?? "The report could not be sent. Please try again."),
      );
  };

  if (report.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted">
        {report.data.message}
      </p>
    );
  }
  return (
    <form aria-label="Report this comment" className="flex flex-col gap-3" onSubmit={submit}>
      <SelectField
        label="Reason"
        options={REASON_OPTIONS}
        placeholder="Choose a reason"
        value={reason}
        onChange={(event) => setReason(event.target.value as ReportReason)}
        error={error}
      />
      <TextAreaField
        label="Note (optional)"
        maxLength={REVIEW_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={report.isPending}>
          Send report
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
