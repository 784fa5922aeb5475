import { MAP_MAX_ZOOM, type Bbox, type MapQuery, type SortValue } from "@artifact-atlas/shared";
import { mapQuery } from "@artifact-atlas/shared";
import { find } from "../src/services/find";
import { mapList, mapPoints } from "../src/services/places/map";
import type { ArtifactStore } from "../src/store/artifact-store";

/**
 * The map (issue 31; target: the clustered answer and a bbox page under 20 ms at p99 at 100,000
 * artifacts with places, at every zoom level): a 1280 × 800 pixel view centred on the findspot
 * of artifact 1 (one of the bench's dense sites), at every second zoom, its clusters, the first
 * page of the list beside the map (map.list) and the same box through the find, newest first
 * (the web's list) and most liked first (GET /artifacts?bbox=); then filters, a search and the
 * present places.
 */
export function mapLatencyCases(): { label: string; run: (store: ArtifactStore) => unknown }[] {
  let centre: { lat: number; lon: number } | undefined;
  const centreOf = (store: ArtifactStore) =>
    (centre ??= store.db.$client
      .prepare(
        "select public_lat as lat, public_lon as lon from artifact_places where kind = 'findspot' and artifact_id = 1",
      )
      .get() as { lat: number; lon: number });
  const view = (store: ArtifactStore, zoom: number): Bbox => {
    const { lat, lon } = centreOf(store);
    const perPixel = 360 / (256 * 2 ** zoom);
    const halfWidth = Math.min(180, 640 * perPixel);
    const halfHeight = 400 * perPixel;
    const wrap = (value: number) => ((((value + 180) % 360) + 360) % 360) - 180;
    const [west, east] =
      halfWidth >= 180 ? [-180, 180] : [wrap(lon - halfWidth), wrap(lon + halfWidth)];
    return [west, Math.max(-90, lat - halfHeight), east, Math.min(90, lat + halfHeight)];
  };
  const points =
    (zoom: number, more: Partial<MapQuery> = {}) =>
    (store: ArtifactStore) =>
      mapPoints(store, mapQuery.parse({ bbox: view(store, zoom), zoom, ...more }));
  const page =
    (zoom: number, sort: SortValue = "default") =>
    (store: ArtifactStore) =>
      find(store, null, {
        list: "collection",
        bbox: view(store, zoom),
        sort,
        window: { page: 1 },
        total: true,
      });
  const listed = (zoom: number) => (store: ArtifactStore) =>
    mapList(store, { ...mapQuery.parse({ bbox: view(store, zoom), zoom }), page: 1 });
  const cases: { label: string; run: (store: ArtifactStore) => unknown }[] = [];
  for (let zoom = 0; zoom <= MAP_MAX_ZOOM; zoom += 2) {
    cases.push({ label: `map points zoom ${zoom}`, run: points(zoom) });
    cases.push({ label: `map list page zoom ${zoom}`, run: listed(zoom) });
    cases.push({ label: `map find bbox page zoom ${zoom}`, run: page(zoom) });
    // REST's default order (GET /artifacts?bbox=...): most liked first.
    cases.push({ label: `map find bbox page zoom ${zoom} most liked`, run: page(zoom, "desc") });
  }
  cases.push(
    { label: "map points zoom 3 type=Art", run: points(3, { types: ["Art"] }) },
    { label: "map points zoom 3 era=m2", run: points(3, { eras: ["m2"] }) },
    { label: 'map points zoom 3 names "bronze"', run: points(3, { search: "bronze" }) },
    { label: "map points zoom 3 present places", run: points(3, { placeKind: "presentPlace" }) },
  );
  return cases;
}
