import { COLLECTION_LIMITS, LIMITS, type CollectionDetail } from "@artifact-atlas/shared";
import { UserMinus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { collectionsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { TextField } from "./Field";

/**
 * The owner's collaborators (issue 32): invite a member by their name, remove one. The server
 * holds the limit and refuses a name that several members share.
 */
export function InviteCollaborators({ collection }: { collection: CollectionDetail }) {
  const utils = trpc.useUtils();
  const invite = trpc.collections.addCollaborator.useMutation();
  const remove = trpc.collections.removeCollaborator.useMutation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [invited, setInvited] = useState<string | undefined>();
  const full = collection.collaborators.length >= COLLECTION_LIMITS.collaborators;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setInvited(undefined);
    if (!name.trim()) {
      setError("Please enter a member's name.");
      return;
    }
    invite
      .mutateAsync({ id: collection.id, name })
      .then(async (detail) => {
        await collectionsChanged(utils);
        const added = detail.collaborators.at(-1);
        setInvited(added ? `${added.name} can now add, order and annotate.` : undefined);
        setName("");
      })
      .catch((failure: unknown) => setError(serverMessage(failure) ?? "Please try again."));
  };

  return (
    <div className="flex flex-col gap-4">
      {collection.collaborators.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Collaborators">
          {collection.collaborators.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-ink">{member.name}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                busy={remove.isPending && remove.variables?.userId === member.id}
                onClick={() => {
                  setError(undefined);
                  remove
                    .mutateAsync({ id: collection.id, userId: member.id })
                    .then(() => collectionsChanged(utils))
                    .catch((failure: unknown) =>
                      setError(serverMessage(failure) ?? "Please try again."),
                    );
                }}
              >
                <UserMinus aria-hidden="true" className="size-4" />
                Remove<span className="sr-only">: {member.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label="Invite a collaborator"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={submit}
      >
        <TextField
          label="Member name"
          value={name}
          maxLength={LIMITS.name}
          autoComplete="off"
          disabled={full}
          error={error}
          onChange={(event) => setName(event.target.value)}
          className="sm:min-w-72"
        />
        <Button type="submit" size="md" busy={invite.isPending} disabled={full}>
          Invite
        </Button>
      </form>
      <p className="text-sm text-muted">
        Collaborators add, order and annotate; at most {COLLECTION_LIMITS.collaborators}.
      </p>
      {invited && (
        <p role="status" className="text-sm text-success">
          {invited}
        </p>
      )}
    </div>
  );
}
