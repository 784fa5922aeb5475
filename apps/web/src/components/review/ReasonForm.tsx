import { useState, type FormEvent } from "react";
import { REVIEW_NOTE_MAX_LENGTH } from "@artifact-atlas/shared";
import { trpc } from "../../lib/trpc";
import { SelectField, TextAreaField } from "../Field";
import { FormActions } from "../FormSection";

interface ReasonFormProps {
  /** The decision's word, on the form and its button: "Reject", "Unhide", "Reject all 40". */
  action: string;
  /** What the form is about, for its accessible name: "Unhide Bronze Lamp". */
  label: string;
  busy: boolean;
  onSubmit: (choice: { reason: string; note?: string }) => void;
  onCancel?: () => void;
}

/**
 * A reason from the curators' list and an optional note: what Reject, Hide and Unhide ask before
 * they are sent (issue 17), for one entry, a whole import or a hidden artifact.
 */
export function ReasonForm({ action, label, busy, onSubmit, onCancel }: ReasonFormProps) {
  const reasons = trpc.review.reasons.useQuery();
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError("Please choose a reason from the list.");
      return;
    }
    setError(undefined);
    onSubmit({ reason, ...(note.trim() ? { note } : {}) });
  };

  return (
    <form aria-label={`${label}: reason`} className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
      <SelectField
        label="Reason"
        placeholder="Choose a reason"
        options={(reasons.data ?? []).map((item) => ({ value: item.label, label: item.label }))}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <TextAreaField
        label="Note (optional)"
        maxLength={REVIEW_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        className="sm:row-span-2"
      />
      <FormActions action={action} busy={busy} onCancel={onCancel} />
    </form>
  );
}
