import { useState } from "react";
import { collectionsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { InlineError } from "./Failures";
import { ReasonForm } from "./review/ReasonForm";

/**
 * A curator hides a collection, or shows a hidden one again (issue 32), with a reason from the
 * curators' list: on its page and on the review screen.
 */
export function CollectionModeration({
  collection,
  onClose,
}: {
  collection: { id: number; title: string; status: "published" | "hidden" };
  onClose?: () => void;
}) {
  const utils = trpc.useUtils();
  const hiding = collection.status === "published";
  const hide = trpc.collections.hide.useMutation();
  const unhide = trpc.collections.unhide.useMutation();
  const [error, setError] = useState<string | undefined>();
  const action = hiding ? "Hide collection" : "Unhide collection";

  return (
    <div className="flex flex-col gap-3">
      <ReasonForm
        action={action}
        label={`${action} ${collection.title}`}
        busy={hide.isPending || unhide.isPending}
        onCancel={onClose}
        onSubmit={({ reason, note }) => {
          setError(undefined);
          const decide = hiding ? hide : unhide;
          decide
            .mutateAsync({ id: collection.id, reason, ...(note ? { note } : {}) })
            .then(async () => {
              await collectionsChanged(utils);
              onClose?.();
            })
            .catch((failure: unknown) =>
              setError(serverMessage(failure) ?? "That did not work. Please try again."),
            );
        }}
      />
      <InlineError message={error} />
    </div>
  );
}
