import { trpc } from "../../lib/trpc";
import { ReportForm } from "../ReportForm";

/** Report a comment (issue 33): the artifact reports' reasons and note, to the review queue. */
export function ReportComment({ commentId, onClose }: { commentId: number; onClose: () => void }) {
  const report = trpc.comments.report.useMutation();

  if (report.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted">
        {report.data.message}
      </p>
    );
  }
  return (
    <ReportForm
      label="Report this comment"
      busy={report.isPending}
      onSend={async ({ reason, note }) => {
        await report.mutateAsync({ id: commentId, reason, ...(note.trim() ? { note } : {}) });
      }}
      onCancel={onClose}
    />
  );
}
