import { keepPreviousData } from "@tanstack/react-query";
import { ChartColumn, MapPin } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import {
  formatCentury,
  formatYearRange,
  PAGE_SIZE,
  spanYears,
  type FacetCount,
} from "@artifact-atlas/shared";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { EmptyState } from "../components/EmptyState";
import { LoadFailedCard } from "../components/Failures";
import { PageHeader } from "../components/PageHeader";
import { RegionNotice } from "../components/map/RegionNotice";
import { Pagination } from "../components/Pagination";
import { QueryState } from "../components/QueryState";
import { Spinner } from "../components/Spinner";
import { artifactPath } from "../lib/artifact-id";
import { filtersOf, nextListParams, type ListParams } from "../lib/list-params";
import { readRegionListParams } from "../lib/region-params";
import { useSession } from "../lib/session";
import { readTypedYears, unreadableYear } from "../lib/typed-years";
import { trpc } from "../lib/trpc";

/*
 * The collection across time (issue 18): artifacts per century of their created date, from the
 * earliest century to the latest, drawn as rows of plain HTML bars, each a link to All Artifacts
 * filtered to that century (docs/decisions/043-timeline-drawn-by-hand.md). Below, the artifacts of
 * the chosen span (the typed years, or all) in date order. The filters in the URL apply.
 */

/** More empty centuries in a row than this are shown as one gap. */
const GAP_AFTER = 3;

type Row =
  | { kind: "century"; century: number; count: number }
  | { kind: "gap"; from: number; to: number }
  | { kind: "era-line" };

/** Every century from the earliest to the latest, long empty runs folded, and the BC/AD line. */
function timelineRows(centuries: FacetCount<number>[]): Row[] {
  if (centuries.length === 0) return [];
  const counts = new Map(centuries.map((row) => [row.value, row.count]));
  const first = centuries[0]!.value;
  const last = centuries[centuries.length - 1]!.value;
  const rows: Row[] = [];
  let empty: number[] = [];
  const flush = () => {
    if (empty.length > GAP_AFTER) {
      rows.push({ kind: "gap", from: empty[0]!, to: empty[empty.length - 1]! });
    } else {
      for (const century of empty) rows.push({ kind: "century", century, count: 0 });
    }
    empty = [];
  };
  for (let century = first; century <= last; century += 1) {
    if (century === 0) continue;
    if (century === 1 && first < 0) {
      flush();
      rows.push({ kind: "era-line" });
    }
    const count = counts.get(century) ?? 0;
    if (count === 0) {
      empty.push(century);
      continue;
    }
    flush();
    rows.push({ kind: "century", century, count });
  }
  flush();
  return rows;
}

/**
 * A century's artifacts: All Artifacts, or with the map's region (issue 31) the map, which is
 * where a region is shown; All Artifacts reads no region.
 */
function listLink(state: ListParams, century: number): string {
  const params = nextListParams(state, {
    eras: [`c${century}`],
    fromYear: undefined,
    toYear: undefined,
    sort: "date_asc",
    page: 1,
  });
  return `${state.bbox ? "/map" : "/allartifacts"}?${params.toString()}`;
}

function Histogram({ rows, state }: { rows: Row[]; state: ListParams }) {
  const max = Math.max(1, ...rows.map((row) => (row.kind === "century" ? row.count : 0)));
  return (
    <ol className="flex flex-col gap-1" aria-label="Artifacts per century, earliest first">
      {rows.map((row) => {
        if (row.kind === "era-line") {
          return (
            <li
              key="era-line"
              className="my-2 flex items-center gap-3 text-xs font-semibold tracking-[0.18em] text-accent uppercase"
            >
              <span>BC</span>
              <span aria-hidden="true" className="h-px flex-1 bg-accent" />
              <span>AD</span>
            </li>
          );
        }
        if (row.kind === "gap") {
          const from = spanYears(row.from, 100).from;
          const to = spanYears(row.to, 100).to;
          return (
            <li key={`gap${row.from}`} className="py-1 pl-2 text-xs text-muted italic">
              No artifacts {formatYearRange(from, to)}
            </li>
          );
        }
        const label = formatCentury(row.century);
        const width = `${Math.max(row.count === 0 ? 0 : 2, (row.count / max) * 100)}%`;
        return (
          <li key={row.century}>
            <Link
              to={listLink(state, row.century)}
              className="group grid grid-cols-[minmax(7.5rem,10rem)_1fr_auto] items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-surface-muted"
            >
              <span className="truncate text-ink">
                {label}
                {row.century < 0 && <span className="sr-only"> (before Christ)</span>}
              </span>
              <span className="h-4 rounded-sm bg-surface-muted" aria-hidden="true">
                <span
                  className="block h-4 rounded-sm bg-accent transition-colors group-hover:bg-accent-hover"
                  style={{ width }}
                />
              </span>
              <span className="min-w-8 text-right text-muted tabular-nums">
                {row.count}
                <span className="sr-only"> {row.count === 1 ? "artifact" : "artifacts"}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

export default function TimelineRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const signedIn = useSession().status === "signedIn";
  const [unreadable, setUnreadable] = useState<{ field: "from" | "to"; text: string } | null>(null);
  const state = readRegionListParams(searchParams);
  const search = state.search.trim() || undefined;
  // The histogram is the era picker: every era filter but the chosen span is left out.
  // The map's region, when the timeline came from the map (issue 31).
  const region = state.bbox ? { bbox: state.bbox, placeKind: state.placeKind } : {};
  const filters = { ...filtersOf({ ...state, eras: [] }), ...region };
  const facets = trpc.artifacts.facets.useQuery(
    {
      search,
      ...filtersOf({ ...state, eras: [], fromYear: undefined, toYear: undefined }),
      ...region,
    },
    { placeholderData: keepPreviousData, meta: { failureLog: "Error fetching the timeline" } },
  );
  const spanList = trpc.artifacts.list.useQuery(
    { search, ...filters, sort: "date_asc", page: state.page },
    { placeholderData: keepPreviousData },
  );
  const spanFrom = state.fromYear;
  const spanTo = state.toYear;
  const centuries = (facets.data?.centuries ?? []).filter((row) => {
    const years = spanYears(row.value, 100);
    return (
      (spanFrom === undefined || years.to >= spanFrom) &&
      (spanTo === undefined || years.from <= spanTo)
    );
  });
  const rows = timelineRows(centuries);
  const spanLabel =
    spanFrom === undefined && spanTo === undefined
      ? "the whole collection"
      : formatYearRange(
          spanFrom ?? (centuries[0] ? spanYears(centuries[0].value, 100).from : -1),
          spanTo ?? 2100,
        );

  return (
    <Page>
      <title>Timeline | Artifact Atlas</title>
      <PageHeader
        eyebrow="The collection across time"
        title="Timeline"
        subtitle="How many artifacts were made in each century, by the date each was created. Choose a century to see its artifacts."
      />

      <RegionNotice state={state} path="/timeline" />
      {!state.bbox && (
        <p className="-mt-4 mb-6 text-sm">
          <Link
            to={`/map?${nextListParams(state, {}).toString()}`}
            className="inline-flex items-center gap-2 font-medium text-accent hover:underline"
          >
            <MapPin aria-hidden="true" className="size-4" />
            {state.fromYear === undefined && state.toYear === undefined
              ? "The collection on the map"
              : "This span on the map"}
          </Link>
        </p>
      )}

      <form
        className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5"
        aria-label="Span of years"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const years = readTypedYears(String(data.get("from")), String(data.get("to")));
          setUnreadable(years.ok ? null : years);
          if (years.ok) {
            setSearchParams(
              nextListParams(state, { fromYear: years.fromYear, toYear: years.toYear }),
            );
          }
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          From
          <input
            name="from"
            key={`from${spanFrom ?? ""}`}
            defaultValue={spanFrom === undefined ? "" : formatYearRange(spanFrom, spanFrom)}
            placeholder="e.g. 3000 BC"
            aria-invalid={unreadable?.field === "from" || undefined}
            aria-describedby={unreadable?.field === "from" ? "timeline-years-error" : undefined}
            className="h-10 w-40 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger sm:text-sm"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          To
          <input
            name="to"
            key={`to${spanTo ?? ""}`}
            defaultValue={spanTo === undefined ? "" : formatYearRange(spanTo, spanTo)}
            placeholder="e.g. AD 500"
            aria-invalid={unreadable?.field === "to" || undefined}
            aria-describedby={unreadable?.field === "to" ? "timeline-years-error" : undefined}
            className="h-10 w-40 rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger sm:text-sm"
          />
        </label>
        <Button type="submit" variant="secondary">
          Show span
        </Button>
        {(spanFrom !== undefined || spanTo !== undefined) && (
          <Button
            variant="ghost"
            onClick={() =>
              setSearchParams(nextListParams(state, { fromYear: undefined, toYear: undefined }))
            }
          >
            Whole collection
          </Button>
        )}
        {unreadable && (
          <p id="timeline-years-error" role="alert" className="w-full text-sm text-danger">
            {unreadableYear(unreadable.text)}
          </p>
        )}
      </form>

      <section
        aria-labelledby="timeline-histogram"
        className="mb-12 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6"
      >
        <h2 id="timeline-histogram" className="mb-4 font-serif text-xl font-semibold text-ink">
          Artifacts per century
        </h2>
        <QueryState
          query={facets}
          loading={<Spinner label="Loading the timeline" />}
          failed={
            <LoadFailedCard
              title="Error Loading Artifacts"
              message="Unable to load the timeline. Please try again later."
            />
          }
        >
          {() =>
            rows.length === 0 ? (
              <EmptyState icon={ChartColumn} title="No dated artifacts in this span." />
            ) : (
              <Histogram rows={rows} state={{ ...state, fromYear: undefined, toYear: undefined }} />
            )
          }
        </QueryState>
        {facets.data && facets.data.undated > 0 && (
          <p className="mt-4 text-sm text-muted">
            {facets.data.undated} {facets.data.undated === 1 ? "artifact has" : "artifacts have"} a
            date that is not recognised and {facets.data.undated === 1 ? "is" : "are"} not shown.
          </p>
        )}
      </section>

      <section aria-labelledby="timeline-list">
        <div className="mb-4 flex items-center gap-3">
          <h2 id="timeline-list" className="font-serif text-xl font-semibold text-ink">
            Artifacts of {spanLabel}, oldest first
          </h2>
          {spanList.isFetching && <Spinner size="sm" />}
        </div>
        {spanList.data && spanList.data.items.length > 0 ? (
          <>
            <ol
              className="divide-y divide-line rounded-2xl border border-line bg-surface shadow-card"
              start={(state.page - 1) * PAGE_SIZE + 1}
            >
              {spanList.data.items.map((artifact) => (
                <li
                  key={artifact.id}
                  className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4 sm:px-5"
                >
                  <span className="w-48 shrink-0 text-sm text-muted tabular-nums">
                    {artifact.createdFromYear !== null && artifact.createdToYear !== null
                      ? formatYearRange(artifact.createdFromYear, artifact.createdToYear)
                      : "Date not recognised"}
                  </span>
                  <Link
                    to={artifactPath(artifact.id, signedIn)}
                    className="font-serif text-base font-semibold text-ink hover:text-accent"
                  >
                    {artifact.artifactName}
                  </Link>
                  <span className="text-sm text-muted sm:ml-auto">{artifact.createdAt}</span>
                </li>
              ))}
            </ol>
            <Pagination
              className="mt-8"
              page={state.page}
              pageCount={spanList.data.pageCount}
              onPageChange={(page) => setSearchParams(nextListParams(state, { page }))}
            />
          </>
        ) : spanList.data ? (
          <EmptyState icon={ChartColumn} title="No artifacts found in this span." />
        ) : null}
      </section>
    </Page>
  );
}
