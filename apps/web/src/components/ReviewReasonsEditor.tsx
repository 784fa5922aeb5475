import { Trash } from "lucide-react";
import { useState, type FormEvent } from "react";
import { REVIEW_REASON_LABEL_MAX_LENGTH } from "@artifact-atlas/shared";
import { reviewReasonsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { TextField } from "./Field";

/** Admins edit the reasons curators choose from (issue 17); decisions keep the words they used. */
export function ReviewReasonsEditor() {
  const utils = trpc.useUtils();
  const reasons = trpc.review.reasons.useQuery();
  const refresh = () => reviewReasonsChanged(utils);
  const add = trpc.review.addReason.useMutation({ onSuccess: refresh });
  const remove = trpc.review.removeReason.useMutation({ onSuccess: refresh });
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await add.mutateAsync({ label });
      setLabel("");
    } catch (failure) {
      setError(serverMessage(failure) ?? "The reason could not be added.");
    }
  };

  return (
    <section aria-labelledby="reasons-heading" className="mt-16 border-t border-line pt-10">
      <h2 id="reasons-heading" className="font-serif text-2xl font-semibold text-ink">
        Reasons
      </h2>
      <p className="mt-1 text-sm text-muted">
        What curators choose from to reject, hide or unhide. Admins only.
      </p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {(reasons.data ?? []).map((reason) => (
          <li
            key={reason.id}
            className="flex items-center gap-1 rounded-full border border-line-strong/60 bg-surface py-1 pr-1 pl-3 text-sm text-ink"
          >
            {reason.label}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove the reason ${reason.label}`}
              onClick={() => remove.mutate({ id: reason.id })}
            >
              <Trash aria-hidden="true" className="size-3.5" />
            </Button>
          </li>
        ))}
      </ul>
      <form className="mt-4 flex max-w-md items-end gap-2" onSubmit={(event) => void submit(event)}>
        <TextField
          label="New reason"
          className="flex-1"
          maxLength={REVIEW_REASON_LABEL_MAX_LENGTH}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          error={error}
        />
        <Button type="submit" busy={add.isPending}>
          Add
        </Button>
      </form>
    </section>
  );
}
