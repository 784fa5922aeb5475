import { useState, type FormEvent } from "react";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REVIEW_NOTE_MAX_LENGTH,
  type ReportReason,
} from "@artifact-atlas/shared";
import { serverMessage } from "../lib/errors";
import { SelectField, TextAreaField } from "./Field";
import { FormActions } from "./FormSection";

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: REPORT_REASON_LABELS[reason],
}));

/**
 * The one report form (an artifact, a comment): a reason and an optional note. `onSend` sends the
 * report; a failure it throws is shown under the reason.
 */
export function ReportForm({
  label,
  busy,
  onSend,
  onCancel,
}: {
  /** The form's accessible name, e.g. "Report this artifact". */
  label: string;
  busy: boolean;
  onSend: (report: { reason: ReportReason; note: string }) => Promise<void>;
  onCancel: () => void;
}) {
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
    onSend({ reason, note }).catch((failure: unknown) =>
      setError(serverMessage(failure) ?? "The report could not be sent. Please try again."),
    );
  };

  return (
    <form aria-label={label} className="flex flex-col gap-4" onSubmit={submit}>
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
        hint={`Up to ${REVIEW_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormActions action="Send report" busy={busy} onCancel={onCancel} />
    </form>
  );
}
