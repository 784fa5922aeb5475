import { Flag } from "lucide-react";
import { useState } from "react";
import type { ReportReason } from "@artifact-atlas/shared";
import { serverMessage, trpcErrorCode } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { InlineError } from "./Failures";
import { ReportForm } from "./ReportForm";

/** Report on the detail page (issue 17): a reason and an optional note, once while it is open. */
export function ReportArtifact({ artifactId }: { artifactId: number }) {
  const [open, setOpen] = useState(false);
  const report = trpc.reports.create.useMutation();
  const withdraw = trpc.reports.withdraw.useMutation();
  // The person's own report stands (sent now, or before): they may take it back (issue 28).
  const [reported, setReported] = useState(false);
  // A report sent before, in another tab or visit: the server says so, and it stands.
  const [earlierReport, setEarlierReport] = useState<string | undefined>();
  const [withdrawError, setWithdrawError] = useState<string | undefined>();

  const send = async ({ reason, note }: { reason: ReportReason; note: string }) => {
    try {
      await report.mutateAsync({ id: artifactId, reason, note });
      setReported(true);
    } catch (failure) {
      if (trpcErrorCode(failure) !== "CONFLICT") throw failure;
      setEarlierReport(serverMessage(failure));
      setReported(true);
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
          {report.data?.message ?? earlierReport}
        </p>
        <Button variant="ghost" size="sm" busy={withdraw.isPending} onClick={() => void takeBack()}>
          Withdraw report
        </Button>
        <InlineError message={withdrawError} />
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
    <ReportForm
      label="Report this artifact"
      busy={report.isPending}
      onSend={send}
      onCancel={() => setOpen(false)}
    />
  );
}
