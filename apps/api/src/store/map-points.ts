import type Database from "better-sqlite3";
import {
  FIND_PLACE_KINDS,
  mapCellDegrees,
  MAP_MAX_POINTS,
  type Bbox,
  type CollectionFind,
  type FindPlaceKind,
  type MapAnswer,
  type MapFind,
  type MapPoint,
} from "@artifact-atlas/shared";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";
import { findWhere } from "./find-sql";

/*
 * The map's points (issue 31, decision 122). The public points of every public artifact's places
 * are kept in memory, per kind, sorted by latitude (24 bytes a place: 4.8 MB at 100,000 artifacts
 * with both places), and read again when artifact_names_version (the public set) or
 * artifact_places_version (any place) has moved. An answer bins the points in the box into a grid
 * of cells about 64 pixels wide at the zoom. The find's filters and search choose ids in SQL, as
 * every list's do; only the clustering is done here. Measured at 100,000 places, a GROUP BY in
 * SQL took 90-150 ms of CPU for a view of the world (a sort of every place in view, and a lookup
 * of each one's artifact); this takes a few (docs/benchmarks.md).
 */

interface KindPoints {
  lat: Float64Array;
  lon: Float64Array;
  id: Float64Array;
}

interface Snapshot {
  version: string;
  kinds: Record<FindPlaceKind, KindPoints>;
  /** One past the largest artifact id: the size of a find's id bitmap. */
  idLimit: number;
}

interface Cell {
  count: number;
  sumLat: number;
  sumLon: number;
  id: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

/** A find in a box of one kind of place: the map's query, or a page of the find's (store/find.ts). */
export type BoxFind = Omit<CollectionFind, "list"> & { bbox: Bbox; placeKind: FindPlaceKind };

const VERSION_SQL = `select (select version from artifact_names_version where id = 1) || ':' ||
  (select version from artifact_places_version where id = 1)`;

const POINTS_SQL = `select p.public_lat, p.public_lon, p.artifact_id
  from artifact_places p cross join artifacts on artifacts.id = p.artifact_id
  where p.kind = :kind and ${PUBLIC_ARTIFACT} order by p.public_lat`;

const NAMES_SQL = `select id, artifact_name from artifacts
  where id in (select value from json_each(:ids)) and ${PUBLIC_ARTIFACT}`;

export function createMapPoints(sqlite: Database.Database) {
  const version = sqlite.prepare(VERSION_SQL).pluck();
  const pointsOf = sqlite.prepare(POINTS_SQL).raw();
  const names = sqlite.prepare(NAMES_SQL).raw();
  let snapshot: Snapshot | null = null;

  function readKind(kind: FindPlaceKind): KindPoints {
    const rows = pointsOf.all({ kind }) as [number, number, number][];
    const points: KindPoints = {
      lat: new Float64Array(rows.length),
      lon: new Float64Array(rows.length),
      id: new Float64Array(rows.length),
    };
    rows.forEach(([lat, lon, id], index) => {
      points.lat[index] = lat;
      points.lon[index] = lon;
      points.id[index] = id;
    });
    return points;
  }

  function current(): Snapshot {
    const now = version.get() as string;
    if (snapshot?.version === now) return snapshot;
    // Read in one transaction, so that the version names what was read.
    snapshot = sqlite.transaction(() => {
      const kinds = Object.fromEntries(FIND_PLACE_KINDS.map((kind) => [kind, readKind(kind)]));
      const idLimit =
        ((sqlite.prepare("select coalesce(max(id), 0) from artifacts").pluck().get() as number) ??
          0) + 1;
      return { version: version.get() as string, kinds, idLimit } as Snapshot;
    })();
    return snapshot;
  }

  /** The ids the find's filters and search choose, as a bitmap; null when it has none. */
  function chosenIds(query: BoxFind, idLimit: number): Uint8Array | null | "none" {
    // The box is read here, from memory; the kind stays for the country filter.
    const { bbox: _bbox, ...filters } = query;
    const where = findWhere({ ...filters, list: "collection" });
    if (where.search.none) return "none";
    if (where.sql === PUBLIC_ARTIFACT) return null;
    const ids = sqlite
      .prepare(`select id from artifacts where ${where.sql}`)
      .pluck()
      .all(where.params) as number[];
    const chosen = new Uint8Array(idLimit);
    for (const id of ids) if (id < idLimit) chosen[id] = 1;
    return chosen;
  }

  /** Calls `visit` for each public place in the box that the find's filters and search choose. */
  function eachInView(query: BoxFind, visit: (lat: number, lon: number, id: number) => void): void {
    const { kinds, idLimit } = current();
    const chosen = chosenIds(query, idLimit);
    if (chosen === "none") return;
    const points = kinds[query.placeKind];
    const [west, south, east, north] = query.bbox;
    const inLongitude =
      west <= east
        ? (lon: number) => lon >= west && lon <= east
        : (lon: number) => lon >= west || lon <= east;
    for (let index = firstAtLeast(points.lat, south); index < points.lat.length; index += 1) {
      const lat = points.lat[index]!;
      if (lat > north) break;
      const lon = points.lon[index]!;
      const id = points.id[index]!;
      if (inLongitude(lon) && (chosen === null || chosen[id] === 1)) visit(lat, lon, id);
    }
  }

  /** The clusters of the view: cells about 64 pixels wide, at most MAP_MAX_POINTS. */
  function points(query: MapFind): MapAnswer {
    const cell = mapCellDegrees(query.bbox, query.zoom);
    const across = Math.ceil(360 / cell) + 1;
    const cells = new Map<number, Cell>();
    let total = 0;
    eachInView(query, (lat, lon, id) => {
      total += 1;
      const key = Math.floor((lat + 90) / cell) * across + Math.floor((lon + 180) / cell);
      const found = cells.get(key);
      if (!found) {
        if (cells.size >= MAP_MAX_POINTS) return;
        cells.set(key, {
          count: 1,
          sumLat: lat,
          sumLon: lon,
          id,
          south: lat,
          north: lat,
          west: lon,
          east: lon,
        });
        return;
      }
      found.count += 1;
      found.sumLat += lat;
      found.sumLon += lon;
      found.id = Math.min(found.id, id);
      // Latitudes arrive in order: the last is the northernmost.
      found.north = lat;
      found.west = Math.min(found.west, lon);
      found.east = Math.max(found.east, lon);
    });
    const singles = [...cells.values()]
      .filter((found) => found.count === 1)
      .map((found) => found.id);
    const nameOf = new Map(
      singles.length === 0
        ? []
        : (names.all({ ids: JSON.stringify(singles) }) as [number, string][]),
    );
    return {
      points: [...cells.values()].map((found): MapPoint => {
        const bounds: Bbox = [found.west, found.south, found.east, found.north];
        const one = found.count === 1;
        return {
          lat: round(found.sumLat / found.count),
          lon: round(found.sumLon / found.count),
          count: found.count,
          id: one ? found.id : null,
          name: one ? (nameOf.get(found.id) ?? null) : null,
          bounds,
        };
      }),
      total,
    };
  }

  /**
   * The ids of the artifacts in view, newest first (the list beside the map): from the same
   * points as the clusters, so that the list and the map agree, and as fast at every zoom.
   */
  function idsInView(query: BoxFind): Float64Array {
    const ids: number[] = [];
    eachInView(query, (_lat, _lon, id) => ids.push(id));
    return Float64Array.from(ids).sort().reverse();
  }

  return { points, idsInView };
}

/** The first index whose value is at least `value`, in an ascending array. */
function firstAtLeast(values: Float64Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Six decimals: a tenth of a metre, and short JSON. */
function round(value: number): number {
  return Number(value.toFixed(6));
}
