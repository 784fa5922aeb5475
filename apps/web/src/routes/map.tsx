import { keepPreviousData } from "@tanstack/react-query";
import { ChartColumn, MapPin, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { PAGE_SIZE, type Bbox } from "@artifact-atlas/shared";
import { ArtifactImage, IMAGE_SIZES } from "../components/ArtifactImage";
import { Button } from "../components/Button";
import { Page } from "../components/Container";
import { PageHeader } from "../components/PageHeader";
import { Pagination } from "../components/Pagination";
import { Spinner } from "../components/Spinner";
import { TypeBadge } from "../components/TypeBadge";
import { artifactPath } from "../lib/artifact-id";
import { filtersOf, nextListParams, type ListParams } from "../lib/list-params";
import { readRegionListParams } from "../lib/region-params";
import { useSession } from "../lib/session";
import { trpc } from "../lib/trpc";
import type { MapView } from "../components/map/CollectionMap";
import { ArtifactSearchForm } from "../components/ArtifactSearchForm";

/*
 * The map of the collection (issue 31): every public artifact with a place, as the server's
 * clusters, over All Artifacts' filters (in the URL, with the view as `at=zoom/lat/lon`). Beside
 * it, the list of what is in view: always there, for whoever cannot use the map.
 */

const CollectionMap = lazy(() => import("../components/map/CollectionMap"));
const FindFilters = lazy(() => import("../components/FindFilters"));

const WORLD_VIEW: MapView = { lat: 30, lon: 15, zoom: 2 };

/** The view the URL holds (`at=zoom/lat/lon`), or null. */
function viewParam(raw: string | null): MapView | null {
  const [zoom, lat, lon] = (raw ?? "").split("/").map(Number);
  if (zoom === undefined || lat === undefined || lon === undefined) return null;
  const fine = Number.isInteger(zoom) && zoom >= 1 && zoom <= 18;
  return fine && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { zoom, lat, lon } : null;
}

function viewText(view: MapView): string {
  return `${view.zoom}/${view.lat.toFixed(4)}/${view.lon.toFixed(4)}`;
}

export default function MapRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const signedIn = useSession().status === "signedIn";
  const state = readRegionListParams(searchParams);
  // The URL's bbox (from the timeline) is where the map opens; the view is the region after.
  const [opening] = useState(() => ({
    view: viewParam(searchParams.get("at")) ?? WORLD_VIEW,
    bbox: state.bbox,
  }));
  const [view, setView] = useState<{ at: MapView; bbox: Bbox } | null>(null);
  const [followView, setFollowView] = useState(true);
  const [listBox, setListBox] = useState<Bbox | null>(null);
  const [listPage, setListPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState(state.search);

  const update = (change: Partial<ListParams>) => {
    const params = nextListParams({ ...state, bbox: undefined }, change);
    if (view) params.set("at", viewText(view.at));
    setSearchParams(params, { replace: true });
    setListPage(1);
  };
  const search = state.search.trim() || undefined;
  const filters = filtersOf({ ...state, bbox: undefined });
  const settings = trpc.map.settings.useQuery(undefined, { staleTime: Infinity });
  const points = trpc.map.points.useQuery(
    {
      search,
      ...filters,
      placeKind: state.placeKind,
      bbox: view?.bbox ?? [-180, -90, 180, 90],
      zoom: view?.at.zoom ?? 2,
    },
    { enabled: view !== null, placeholderData: keepPreviousData },
  );
  const facets = trpc.artifacts.facets.useQuery(
    { search, ...filters, placeKind: state.placeKind },
    { placeholderData: keepPreviousData },
  );
  const shownBox = listBox ?? view?.bbox;
  const list = trpc.map.list.useQuery(
    {
      search,
      ...filters,
      placeKind: state.placeKind,
      bbox: shownBox ?? [-180, -90, 180, 90],
      zoom: view?.at.zoom ?? 2,
      page: listPage,
    },
    { enabled: shownBox !== undefined, placeholderData: keepPreviousData },
  );

  const onMove = (at: MapView, bbox: Bbox) => {
    setView({ at, bbox });
    if (followView) {
      setListBox(null);
      setListPage(1);
    }
    const params = new URLSearchParams(window.location.search);
    params.delete("bbox");
    params.set("at", viewText(at));
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  const timelineLink = () => {
    // Four decimals, about 10 m, are plenty for a region in an address.
    const bbox = view?.bbox.map((value) => Number(value.toFixed(4))) as Bbox | undefined;
    const params = nextListParams({ ...state, bbox }, {});
    return `/timeline?${params.toString()}`;
  };
  const total = points.data?.total;

  return (
    <Page>
      <title>Map | Artifact Atlas</title>
      <PageHeader
        eyebrow="Explore by place"
        title="Map"
        subtitle="Where each artifact was found, and where it is now. Zoom into a cluster to see what it holds; the list beside the map follows what is in view."
        aside={
          <Link
            to={timelineLink()}
            className="inline-flex items-center gap-2 text-sm font-medium text-accent hover:underline"
          >
            <ChartColumn aria-hidden="true" className="size-4" />
            This region on the timeline
          </Link>
        }
      />

      <div className="mb-6 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5 lg:flex-row lg:items-center">
        <ArtifactSearchForm
          id="map-search"
          draft={draft}
          onDraftChange={setDraft}
          onSearch={() => update({ search: draft })}
        />
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <legend className="float-left mr-2 font-medium text-ink">Show:</legend>
          {(
            [
              ["findspot", "Findspots"],
              ["presentPlace", "Present places"],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="inline-flex cursor-pointer items-center gap-2 text-ink">
              <input
                type="radio"
                name="place-kind"
                value={kind}
                checked={state.placeKind === kind}
                onChange={() => update({ placeKind: kind })}
                className="size-4 accent-accent"
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>

      <Suspense fallback={null}>
        <FindFilters
          state={state}
          facets={facets.data}
          placeKind={state.placeKind}
          onChange={(change) => update(change)}
        />
      </Suspense>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="relative isolate h-[60vh] min-h-80 lg:h-[70vh]">
          <Suspense
            fallback={
              <div className="flex h-full items-center justify-center rounded-2xl border border-line bg-surface">
                <Spinner label="Loading the map" />
              </div>
            }
          >
            {settings.data && (
              <CollectionMap
                points={points.data?.points ?? []}
                tiles={settings.data.tiles}
                initialView={opening.view}
                initialBbox={opening.bbox}
                onMove={onMove}
                onSelect={setSelected}
                onClusterAtDeepest={(bounds) => {
                  setListBox(bounds);
                  setListPage(1);
                }}
              />
            )}
          </Suspense>
          {selected !== null && (
            <SelectedCard id={selected} signedIn={signedIn} onClose={() => setSelected(null)} />
          )}
        </div>

        <aside aria-labelledby="in-view-heading" className="flex min-w-0 flex-col gap-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="in-view-heading" className="font-serif text-xl font-semibold text-ink">
              In view
            </h2>
            {(points.isFetching || list.isFetching) && <Spinner label="Updating" />}
          </div>
          <p role="status" className="text-sm text-muted">
            {total === undefined
              ? "Loading…"
              : `${total} ${total === 1 ? "artifact" : "artifacts"} on the map in view`}
          </p>
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              checked={followView}
              onChange={(event) => {
                setFollowView(event.target.checked);
                if (!event.target.checked && view) setListBox(view.bbox);
                if (event.target.checked) setListBox(null);
              }}
              className="size-4 accent-accent"
            />
            Search as I move the map
          </label>
          {!followView && view && listBox !== view.bbox && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setListBox(view.bbox);
                setListPage(1);
              }}
            >
              Search this area
            </Button>
          )}
          {list.data && list.data.items.length === 0 && (
            <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
              No artifacts with a place here. Zoom out or move the map.
            </p>
          )}
          <ol className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
            {list.data?.items.map((artifact) => (
              <li key={artifact.id} className="flex items-center gap-3 p-3">
                <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={artifactPath(artifact.id, signedIn)}
                    className="block truncate font-medium text-ink hover:text-accent hover:underline"
                  >
                    {artifact.artifactName}
                  </Link>
                  <p className="truncate text-xs text-muted">{artifact.createdAt}</p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setSelected(artifact.id)}
                  aria-label={`Show ${artifact.artifactName} on the map's card`}
                >
                  Card
                </Button>
              </li>
            ))}
          </ol>
          {list.data && list.data.total > PAGE_SIZE && (
            <Pagination
              page={listPage}
              pageCount={list.data.pageCount}
              onPageChange={setListPage}
            />
          )}
        </aside>
      </div>
    </Page>
  );
}

/** The card of the marker opened: image, name, type and date, linking to the artifact. */
function SelectedCard({
  id,
  signedIn,
  onClose,
}: {
  id: number;
  signedIn: boolean;
  onClose: () => void;
}) {
  const artifact = trpc.artifacts.byId.useQuery({ id });
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, [id]);
  const data = artifact.data;
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-label={data ? `Card: ${data.artifactName}` : "Card"}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      className="absolute bottom-3 left-3 z-[1000] w-[min(18rem,calc(100%-1.5rem))] overflow-hidden rounded-2xl border border-line bg-surface shadow-lift outline-none focus-visible:ring-2 focus-visible:ring-accent"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close the card"
        className="absolute top-2 right-2 z-10 rounded-full bg-surface/90 p-1.5 text-ink shadow-card hover:text-accent"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
      {data ? (
        <>
          <div className="max-h-40 overflow-hidden">
            <ArtifactImage artifact={data} sizes={IMAGE_SIZES.thumbnail} compact />
          </div>
          <div className="flex flex-col gap-2 p-4">
            <TypeBadge type={data.artifactType} />
            <h2 className="font-serif text-lg leading-snug font-semibold text-ink">
              <Link
                to={artifactPath(data.id, signedIn)}
                className="hover:text-accent hover:underline"
              >
                {data.artifactName}
              </Link>
            </h2>
            <p className="text-sm text-muted">{data.createdAt}</p>
          </div>
        </>
      ) : (
        <div className="p-6">
          <Spinner label="Loading the artifact" />
        </div>
      )}
    </section>
  );
}
