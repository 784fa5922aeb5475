import {
  COLLECTION_LIMITS,
  COLLECTION_SORTS,
  type CollectionPage,
  type CollectionSort,
} from "@artifact-atlas/shared";
import { Library, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ArtifactGrid } from "../components/ArtifactCard";
import { Button } from "../components/Button";
import { CollectionCard } from "../components/CollectionCard";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { SelectField, TextField } from "../components/Field";
import { PageHeader } from "../components/PageHeader";
import { Pagination } from "../components/Pagination";
import { QueryState } from "../components/QueryState";
import { PageSpinner } from "../components/Spinner";
import { collectionsChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";

const SORT_LABELS: Record<CollectionSort, string> = {
  newest: "Newest",
  items: "Most artifacts",
  likes: "Most liked",
};

/** /collections (issue 32): public collections with search and sort, and My Collections. */
export default function CollectionsRoute() {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const sortParam = params.get("sort");
  const sort = (COLLECTION_SORTS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as CollectionSort)
    : "newest";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [typed, setTyped] = useState(search);
  const { user } = useSession();
  const listed = trpc.collections.list.useQuery({ search, sort, page });

  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (
        value === "" ||
        (name === "sort" && value === "newest") ||
        (name === "page" && value === "1")
      ) {
        merged.delete(name);
      } else merged.set(name, value);
    }
    setParams(merged);
  };

  return (
    <Page>
      <title>Collections | Artifact Atlas</title>
      <PageHeader
        eyebrow="Gathered by members"
        title="Collections"
        subtitle="Artifacts gathered, ordered and annotated: exhibits to browse and share."
      />
      {user && <MyCollections />}
      <section aria-labelledby="public-collections" className="flex flex-col gap-6">
        <h2 id="public-collections" className="font-serif text-2xl font-semibold text-ink">
          Public collections
        </h2>
        <form
          role="search"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            change({ q: typed.trim(), page: "1" });
          }}
        >
          <TextField
            label="Search collections"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={100}
            className="sm:flex-1"
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
          <SelectField
            label="Sort by"
            value={sort}
            onChange={(event) => change({ sort: event.target.value, page: "1" })}
            options={COLLECTION_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          />
        </form>
        <QueryState query={listed} loading={<PageSpinner label="Loading collections" />}>
          {(answer) => (
            <CollectionGrid
              answer={answer}
              onPageChange={(next) => change({ page: String(next) })}
              empty={
                <EmptyState
                  icon={Library}
                  title="No collections found"
                  message={
                    search
                      ? "No public collection has these words in its title."
                      : "Nobody has shared a collection yet."
                  }
                />
              }
            />
          )}
        </QueryState>
      </section>
    </Page>
  );
}

function CollectionGrid({
  answer,
  empty,
  onPageChange,
  showVisibility = false,
}: {
  answer: CollectionPage;
  empty: React.ReactNode;
  onPageChange: (page: number) => void;
  showVisibility?: boolean;
}) {
  if (answer.items.length === 0) return <>{empty}</>;
  return (
    <>
      <ArtifactGrid>
        {answer.items.map((collection) => (
          <li key={collection.id}>
            <CollectionCard collection={collection} showVisibility={showVisibility} />
          </li>
        ))}
      </ArtifactGrid>
      <Pagination page={answer.page} pageCount={answer.pageCount} onPageChange={onPageChange} />
    </>
  );
}

/** One's own collections and those shared with one, and a form to start a new one. */
function MyCollections() {
  const [page, setPage] = useState(1);
  const mine = trpc.collections.mine.useQuery({ page });
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const create = trpc.collections.create.useMutation();
  const [title, setTitle] = useState("");
  const [visibility, setVisibility] = useState<"public" | "unlisted" | "private">("private");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const made = await create.mutateAsync({ title, visibility });
      await collectionsChanged(utils);
      await navigate(`/c/${made.id}`);
    } catch (failure) {
      setError(serverMessage(failure) ?? "Could not create the collection. Please try again.");
    }
  };

  return (
    <section aria-labelledby="my-collections" className="mb-14 flex flex-col gap-6">
      <h2 id="my-collections" className="font-serif text-2xl font-semibold text-ink">
        My Collections
      </h2>
      <form
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 sm:flex-row sm:items-end"
      >
        <TextField
          label="New collection"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={COLLECTION_LIMITS.title}
          required
          error={error ?? undefined}
          className="sm:flex-1"
        />
        <SelectField
          label="Visibility"
          value={visibility}
          onChange={(event) => setVisibility(event.target.value as typeof visibility)}
          options={[
            { value: "private", label: "Private" },
            { value: "unlisted", label: "Unlisted" },
            { value: "public", label: "Public" },
          ]}
        />
        <Button type="submit" busy={create.isPending}>
          Create collection
        </Button>
      </form>
      <QueryState query={mine} loading={<PageSpinner label="Loading your collections" />}>
        {(answer) => (
          <CollectionGrid
            answer={answer}
            onPageChange={setPage}
            showVisibility
            empty={
              <p className="text-sm text-muted">
                You have no collections yet. Create one above, or use Add to collection on any
                artifact.
              </p>
            }
          />
        )}
      </QueryState>
    </section>
  );
}
