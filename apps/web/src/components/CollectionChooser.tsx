import { X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { COLLECTION_LIMITS } from "@artifact-atlas/shared";
import { collectionsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { TextField } from "./Field";

/** Add to collection's dialog: one of the member's curated collections, or a new one. */
export default function CollectionChooser({
  artifactId,
  artifactName,
  onClose,
}: {
  artifactId: number;
  artifactName: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const utils = trpc.useUtils();
  const mine = trpc.collections.mine.useQuery({ pageSize: 100 });
  const add = trpc.collections.addItems.useMutation();
  const create = trpc.collections.create.useMutation();
  const [title, setTitle] = useState("");
  const [done, setDone] = useState<{ id: number; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const addTo = async (collection: { id: number; title: string }) => {
    setError(null);
    try {
      await add.mutateAsync({ id: collection.id, artifactIds: [artifactId] });
      await collectionsChanged(utils);
      setDone(collection);
    } catch (failure) {
      setError(serverMessage(failure) ?? "Could not add it. Please try again.");
    }
  };

  const createAndAdd = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const made = await create.mutateAsync({ title, visibility: "private" });
      await addTo(made);
    } catch (failure) {
      setError(serverMessage(failure) ?? "Could not create it. Please try again.");
    }
  };

  const curated = (mine.data?.items ?? []).filter((collection) => collection.kind === "curated");
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-0 text-ink shadow-lift backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-serif text-xl font-semibold">
            Add to collection
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="rounded-md p-1 text-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <p className="text-sm text-muted">{artifactName}</p>
        {done ? (
          <p role="status" className="rounded-lg bg-success-soft p-3 text-sm text-success">
            Added to <Link to={`/c/${done.id}`}>{done.title}</Link>.
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {mine.isPending ? (
          <p className="text-sm text-muted">Loading your collections…</p>
        ) : curated.length === 0 ? (
          <p className="text-sm text-muted">You have no collections yet.</p>
        ) : (
          <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto">
            {curated.map((collection) => (
              <li
                key={collection.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-line px-3 py-2"
              >
                <span className="min-w-0 truncate">{collection.title}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  busy={add.isPending && add.variables?.id === collection.id}
                  onClick={() => void addTo(collection)}
                >
                  Add<span className="sr-only"> to {collection.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(event) => void createAndAdd(event)} className="flex flex-col gap-3">
          <TextField
            label="New collection"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={COLLECTION_LIMITS.title}
            required
          />
          <Button type="submit" size="sm" className="self-start" busy={create.isPending}>
            Create and add
          </Button>
        </form>
      </div>
    </dialog>
  );
}
