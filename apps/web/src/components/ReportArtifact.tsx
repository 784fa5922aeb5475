import { Flag } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REVIEW_NOTE_MAX_LENGTH,
  type ReportReason,
} from "@artifact-atlas/shared";
import { serverMessage, trpcErrorCode } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { SelectField, TextAreaField } from "./Field";

const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: REPORT_REASON_LABELS[reason],
}));

/** Report on the detail page (issue 17): a reason and an optional note, once while it is open. */
export function ReportArtifact({ artifactId }: { artifactId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | "">("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const report = trpc.reports.create.useMutation();
  const withdraw = trpc.reports.withdraw.useMutation();
  // The person's own report stands (sent now, or before): they may take it back (issue 28).
  const [reported, setReported] = useState(false);
  const [withdrawError, setWithdrawError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError("Please choose a reason.");
      return;
    }
    setError(undefined);
    try {
      await report.mutateAsync({ id: artifactId, reason, note });
      setReported(true);
    } catch (failure) {
      if (trpcErrorCode(failure) === "CONFLICT") setReported(true);
      setError(serverMessage(failure) ?? "The report could not be sent. Please try again.");
    }
  };

  const takeBack = async () => {
    try {
      await withdraw.mutateAsync({ id: artifactId });
    } catch (failure) {
      setWithdrawError(
        serverMessage(failure) ?? "The report could not be withdrawn. Please try again.",
      );
    }
  };

  if (withdraw.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted">
        {withdraw.data.message}
      </p>
    );
  }
  if (reported) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-muted">
          {report.data?.message ?? error}
        </p>
        <Button variant="ghost" size="sm" busy={withdraw.isPending} onClick={() => void takeBack()}>
          Withdraw report
        </Button>
        {withdrawError && (
          <p role="alert" className="text-sm font-medium text-danger">
            {withdrawError}
          </p>
        )}
      </div>
    );
  }
  if (!open) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-4" />
        Report
      </Button>
    );
  }
  return (
    <form
      aria-label="Report this artifact"
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
    >
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
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={report.isPending}>
          Send report
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
