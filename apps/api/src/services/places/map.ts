import type { MapAnswer, MapFind } from "@artifact-atlas/shared";
import { lowerAscii } from "../../store/find-sql";
import type { ArtifactStore } from "../../store/artifact-store";

/*
 * map.points (issue 31): the public artifacts of a find in a box of the map, gathered into
 * clusters for the zoom, kept by the read cache like the find's own answers. Public points only:
 * a findspot is where anyone may see it.
 */
export function mapPoints(store: ArtifactStore, query: MapFind): MapAnswer {
  const { search, ...rest } = query;
  const key = `map:${JSON.stringify(rest)}:${lowerAscii(search ?? "")}`;
  return store.readCache.read(key, () => store.mapPoints(query));
}
