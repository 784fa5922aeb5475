import { clsx } from "clsx";
import { ARTIFACT_STATUS_LABELS, type ArtifactStatus } from "@artifact-atlas/shared";

const TONES: Record<ArtifactStatus, string> = {
  published: "border-success/40 bg-success-soft text-success",
  pending: "border-line-strong/60 bg-surface-muted text-ink",
  rejected: "border-danger/40 bg-danger-soft text-danger",
  hidden: "border-danger/40 bg-danger-soft text-danger",
};

/** An artifact's review status in words (issue 17): Published, Pending review, Rejected, Hidden. */
export function StatusBadge({ status }: { status: ArtifactStatus }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[status],
      )}
    >
      {ARTIFACT_STATUS_LABELS[status]}
    </span>
  );
}
