import { Bookmark } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { serverMessage } from "../lib/errors";
import { filtersOf, hasListFilters, type ListParams } from "../lib/list-params";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { InlineError } from "./Failures";

/**
 * Save this search (issue 32): All Artifacts' search and filters become a private saved-search
 * collection, always up to date. For members, once a search or a filter is set.
 */
export default function SaveSearchButton({ state }: { state: ListParams }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const create = trpc.collections.create.useMutation();
  const [error, setError] = useState<string | null>(null);
  if (!user || (!state.search && !hasListFilters(state))) return null;
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        busy={create.isPending}
        onClick={() => {
          const query = { ...(state.search ? { search: state.search } : {}), ...filtersOf(state) };
          create
            .mutateAsync({
              title: state.search ? `Search: ${state.search}` : "Saved search",
              kind: "search",
              visibility: "private",
              query,
            })
            .then((made) => navigate(`/c/${made.id}`))
            .catch((failure: unknown) =>
              setError(serverMessage(failure) ?? "Could not save the search. Please try again."),
            );
        }}
      >
        <Bookmark aria-hidden="true" className="size-4" />
        Save this search
      </Button>
      <InlineError message={error} />
    </>
  );
}
