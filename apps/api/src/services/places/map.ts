import { PAGE_SIZE, type Artifact, type MapAnswer, type MapFind } from "@artifact-atlas/shared";
import { lowerAscii } from "../../store/find-sql";
import type { ArtifactStore } from "../../store/artifact-store";

/*
 * The map (issue 31): the public artifacts of a find in a box of the map, gathered into clusters
 * for the zoom (map.points), and the list beside the map, a page of what is in view (map.list).
 * Both kept by the read cache like the find's own answers; public points only.
 */

function cacheKey(query: MapFind): string {
  const { search, ...rest } = query;
  return `${JSON.stringify(rest)}:${lowerAscii(search ?? "")}`;
}

export function mapPoints(store: ArtifactStore, query: MapFind): MapAnswer {
  return store.readCache.read(`map:${cacheKey(query)}`, () => store.mapPoints.points(query));
}

export interface MapListPage {
  items: Artifact[];
  total: number;
  page: number;
  pageCount: number;
}

/** A page of the artifacts in view, newest first, PAGE_SIZE at a time. */
export function mapList(store: ArtifactStore, query: MapFind & { page: number }): MapListPage {
  const { page, ...view } = query;
  return store.readCache.read(`map-list:${page}:${cacheKey(view)}`, () => {
    const ids = store.mapPoints.idsInView(view);
    const start = (page - 1) * PAGE_SIZE;
    const items = store.find.artifactsById([...ids.subarray(start, start + PAGE_SIZE)]);
    return { items, total: ids.length, page, pageCount: Math.ceil(ids.length / PAGE_SIZE) };
  });
}
