import { keepPreviousData } from "@tanstack/react-query";
import {
  SearchX,
  SlidersHorizontal,
  TriangleExclamationPoint,
  Upload,
  WifiOff,
} from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { hasRole, MESSAGES, PAGE_SIZE, type ArtifactPage } from "@artifact-atlas/shared";
import { ArtifactCardSkeleton, ArtifactGrid } from "../components/ArtifactCard";
import { ArtifactCards } from "../components/ArtifactCards";
import { Button, ButtonLink } from "../components/Button";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { ExportMenu } from "../components/ExportMenu";
import { PageHeader } from "../components/PageHeader";
import { Pagination } from "../components/Pagination";
import { QueryState } from "../components/QueryState";
import { Spinner } from "../components/Spinner";
import { filtersOf, nextListParams, readListParams, type ListParams } from "../lib/list-params";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import { ArtifactSearchForm } from "../components/ArtifactSearchForm";

// Issue 32's Save this search loads on demand: the first screens' JavaScript has a budget.
const SaveSearchButton = lazy(() => import("../components/SaveSearchButton"));

/*
 * The filters (issue 18, grouped eras and typed years since issue 29) load with their own code,
 * beside the first page: most visits never open them, and they kept the first download over its
 * budget (e2e/first-load.ts). Until they arrive, their closed bar holds their place.
 */
const FindFilters = lazy(() => import("../components/FindFilters"));

function FiltersPlaceholder() {
  return (
    <div aria-hidden="true" className="mb-8 rounded-2xl border border-line bg-surface shadow-card">
      <div className="flex items-center gap-2 px-4 py-3 text-sm font-semibold text-ink sm:px-5">
        <SlidersHorizontal className="size-4 text-accent" />
        Filters
      </div>
    </div>
  );
}

/** How long typing may pause before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

const SORT_OPTIONS = [
  { value: "default", label: "Sort by" },
  { value: "asc", label: "Likes (Ascending)" },
  { value: "desc", label: "Likes (Descending)" },
  { value: "date_asc", label: "Date created (oldest first)" },
  { value: "date_desc", label: "Date created (newest first)" },
] as const;

/** The "Displaying N artifacts" line: one fixed height, loading or loaded. */
const COUNT_LINE = "mb-6 flex h-5 items-center gap-3";

/**
 * The first page's place while it loads: the count line and a page of card shapes, so that the
 * grid arriving moves nothing below it (the footer).
 */
function ListSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading artifacts</span>
      <div aria-hidden="true">
        <div className={COUNT_LINE}>
          <span className="h-4 w-44 animate-pulse rounded-md bg-surface-muted motion-reduce:animate-none" />
        </div>
        <ArtifactGrid>
          {Array.from({ length: PAGE_SIZE }, (_, index) => (
            <li key={index}>
              <ArtifactCardSkeleton />
            </li>
          ))}
        </ArtifactGrid>
      </div>
    </div>
  );
}

/** The collection: search, sort and page live in the URL, so reload, back and links keep them. */
export default function AllArtifactsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useSession();
  const state = readListParams(searchParams);
  const update = (change: Partial<ListParams>, replace = false) =>
    setSearchParams(nextListParams(state, change), { replace });

  // What the search box shows; it follows the URL when that changes elsewhere (back, links).
  const [draft, setDraft] = useState(state.search);
  const [seenSearch, setSeenSearch] = useState(state.search);
  if (seenSearch !== state.search) {
    setSeenSearch(state.search);
    setDraft(state.search);
  }

  useEffect(() => {
    const current = readListParams(searchParams);
    if (draft === current.search) return;
    const timer = window.setTimeout(
      () =>
        setSearchParams(nextListParams(current, { search: draft }), {
          replace: true,
          preventScrollReset: true,
        }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, searchParams, setSearchParams]);

  const search = state.search.trim() || undefined;
  // Counts for the filters, beside the list: a failure only leaves them out.
  const facets = trpc.artifacts.facets.useQuery(
    { search, ...filtersOf(state) },
    { placeholderData: keepPreviousData },
  );
  // The page on screen stays, with a small spinner, until the next one has arrived.
  const query = trpc.artifacts.list.useQuery(
    { search, sort: state.sort, page: state.page, ...filtersOf(state) },
    // Spec: a failed fetch is logged.
    { placeholderData: keepPreviousData, meta: { failureLog: "Error fetching artifacts" } },
  );

  return (
    <Page>
      <title>All Artifacts | Artifact Atlas</title>
      <PageHeader
        eyebrow="The collection"
        title="Artifact Collection"
        subtitle="Search the catalogue by name, or sort it by how much the community likes each piece."
      />

      <div className="mb-8 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:p-5">
        <ArtifactSearchForm
          id="artifact-search"
          draft={draft}
          onDraftChange={setDraft}
          onSearch={() => {
            if (draft !== state.search) update({ search: draft });
          }}
        />
        <div className="relative sm:w-56">
          <label htmlFor="artifact-sort" className="sr-only">
            Sort artifacts
          </label>
          <select
            id="artifact-sort"
            value={state.sort}
            onChange={(event) => update({ sort: event.target.value as ListParams["sort"] })}
            className="h-11 w-full appearance-none rounded-lg border border-line-strong bg-surface pr-10 pl-3.5 text-base text-ink hover:border-ink/70 sm:text-sm"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <span aria-hidden="true" className="select-arrow" />
        </div>
        <ExportMenu state={state} />
        <Suspense fallback={null}>
          <SaveSearchButton state={state} />
        </Suspense>
        {user && hasRole(user.role, "curator") && (
          <ButtonLink to="/import" variant="secondary">
            <Upload aria-hidden="true" className="size-4" />
            Import
          </ButtonLink>
        )}
      </div>

      <fieldset className="-mt-4 mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="float-left mr-2 font-medium text-ink">Search in:</legend>
        {(
          [
            ["names", "Names"],
            ["all", "All fields"],
          ] as const
        ).map(([scope, label]) => (
          <label key={scope} className="inline-flex cursor-pointer items-center gap-2 text-ink">
            <input
              type="radio"
              name="search-scope"
              value={scope}
              checked={state.scope === scope}
              onChange={() => update({ scope })}
              className="size-4 accent-accent"
            />
            {label}
          </label>
        ))}
      </fieldset>

      <Suspense fallback={<FiltersPlaceholder />}>
        <FindFilters state={state} facets={facets.data} onChange={(change) => update(change)} />
      </Suspense>

      <QueryState
        query={query}
        loading={<ListSkeleton />}
        failed={
          <EmptyState
            icon={TriangleExclamationPoint}
            tone="danger"
            title="Error Loading Artifacts"
            message="Unable to load artifacts. Please try again later."
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            }
          />
        }
      >
        {(data) => (
          <Results
            data={data}
            page={state.page}
            fetching={query.isFetching}
            // Offline, the query waits for the network (paused) with the earlier answer on show.
            earlierAnswer={query.isPlaceholderData && query.fetchStatus === "paused"}
            onPageChange={(page) => update({ page })}
            onSearchAllFields={state.scope === "names" ? () => update({ scope: "all" }) : undefined}
          />
        )}
      </QueryState>
    </Page>
  );
}

/**
 * One page of the list; `fetching` while the next one (or a fresher copy) is on its way;
 * `earlierAnswer` when what shows is the answer to an earlier search, the new one waiting for the
 * network (issue 29).
 */
function Results({
  data,
  page,
  fetching,
  earlierAnswer,
  onPageChange,
  onSearchAllFields,
}: {
  data: ArtifactPage;
  page: number;
  fetching: boolean;
  earlierAnswer: boolean;
  onPageChange: (page: number) => void;
  /** A names search's way to the same words in all fields. */
  onSearchAllFields?: () => void;
}) {
  // A page past the last (?page=99) of a list that has artifacts: say so, not "no artifacts".
  const pastTheEnd = data.items.length === 0 && data.total > 0;
  return (
    <>
      <div className={COUNT_LINE}>
        <p className="text-sm font-medium text-muted" aria-live="polite">
          {/* A search in most of the collection is counted from a sample (issue 28). */}
          {data.estimated
            ? MESSAGES.displayingAbout(data.total)
            : `Displaying ${data.total} artifacts`}
        </p>
        {fetching && <Spinner size="sm" />}
      </div>
      {earlierAnswer && (
        <p
          role="status"
          className="mb-6 flex items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          You are offline: these are the results from before your last change. They will update when
          you are back online.
        </p>
      )}
      {pastTheEnd ? (
        <EmptyState
          icon={SearchX}
          title={`There is no page ${page}`}
          message={`These ${data.total} artifacts fill ${data.pageCount} ${data.pageCount === 1 ? "page" : "pages"}.`}
          action={
            <Button variant="secondary" onClick={() => onPageChange(data.pageCount)}>
              Go to page {data.pageCount}
            </Button>
          }
        />
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No artifacts found matching your search."
          {...allFieldsOffer(data, onSearchAllFields)}
        />
      ) : (
        <ArtifactCards
          artifacts={data.items}
          maxColumns={4}
          headingLevel="h2"
          eager={4}
          highlights={data.highlights}
        />
      )}
      <Pagination
        className="mt-12"
        page={page}
        pageCount={data.pageCount}
        onPageChange={onPageChange}
      />
    </>
  );
}

/**
 * Issue 29: a names search that finds nothing says how many a search in all fields would find
 * (the list's `allFieldsTotal`, "about" when counted from a sample), with the way there.
 */
function allFieldsOffer(
  data: { allFieldsTotal?: number; allFieldsEstimated?: true },
  searchAllFields: (() => void) | undefined,
): { message?: string; action?: ReactNode } {
  const found = data.allFieldsTotal;
  if (!searchAllFields || found === undefined || found === 0) return {};
  const count = `${data.allFieldsEstimated ? "about " : ""}${found.toLocaleString("en")}`;
  return {
    message: `No name matches, but a search in All fields finds ${count} ${found === 1 ? "artifact" : "artifacts"}.`,
    action: (
      <Button variant="secondary" onClick={searchAllFields}>
        Search all fields
      </Button>
    ),
  };
}
