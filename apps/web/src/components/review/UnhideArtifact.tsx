import { Eye } from "lucide-react";
import { useState } from "react";
import { artifactUnhidden } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../Button";
import { ReasonForm } from "./ReasonForm";
import { InlineError } from "../Failures";

/**
 * Unhide (issue 29): a curator publishes a hidden artifact again, with a reason from the list,
 * from its page, the review screen or the list of hidden artifacts. The server settles the spam
 * reports its hide stood on.
 */
export function UnhideArtifact({
  artifact,
  onUnhidden,
}: {
  artifact: { id: number; artifactName: string };
  /** Told once it is visible again, for a screen whose own reads will then change. */
  onUnhidden?: () => void;
}) {
  const utils = trpc.useUtils();
  const unhide = trpc.review.unhide.useMutation({
    onSuccess: () => onUnhidden?.(),
    onSettled: () => artifactUnhidden(utils),
  });
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();

  if (unhide.isSuccess) {
    return (
      <p role="status" className="text-sm font-medium text-success">
        {artifact.artifactName} is visible again.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {open ? (
        <ReasonForm
          action="Unhide"
          label={`Unhide ${artifact.artifactName}`}
          busy={unhide.isPending}
          onCancel={() => setOpen(false)}
          onSubmit={({ reason, note }) => {
            setError(undefined);
            unhide
              .mutateAsync({ id: artifact.id, reason, ...(note ? { note } : {}) })
              .catch((failure: unknown) =>
                setError(serverMessage(failure) ?? "The artifact could not be unhidden."),
              );
          }}
        />
      ) : (
        <div>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Unhide ${artifact.artifactName}`}
            onClick={() => setOpen(true)}
          >
            <Eye aria-hidden="true" className="size-4" />
            Unhide
          </Button>
        </div>
      )}
      <InlineError message={error} />
    </div>
  );
}
