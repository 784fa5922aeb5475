import { useState } from "react";
import type { ReportReason } from "@artifact-atlas/shared";
import { serverMessage, trpcErrorCode } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { ReportForm } from "./ReportForm";

/**
 * Report a collection (issue 32): the artifact reports' reasons and note, to the curators. A
 * report sent before (another tab, another visit) stands: the server says so.
 */
export function ReportCollection({ id, onClose }: { id: number; onClose: () => void }) {
  const report = trpc.collections.report.useMutation();
  const [earlier, setEarlier] = useState<string | undefined>();

  const send = async ({ reason, note }: { reason: ReportReason; note: string }) => {
    try {
      await report.mutateAsync({ id, reason, ...(note.trim() ? { note } : {}) });
    } catch (failure) {
      if (trpcErrorCode(failure) !== "CONFLICT") throw failure;
      setEarlier(serverMessage(failure));
    }
  };

  if (report.isSuccess || earlier) {
    return (
      <p role="status" className="text-sm text-muted">
        {report.data?.message ?? earlier}
      </p>
    );
  }
  return (
    <ReportForm
      label="Report this collection"
      busy={report.isPending}
      onSend={send}
      onCancel={onClose}
    />
  );
}
