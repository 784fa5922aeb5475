import type Database from "better-sqlite3";
import {
  mapCellDegrees,
  MAP_MAX_POINTS,
  type Bbox,
  type MapAnswer,
  type MapFind,
  type MapPoint,
} from "@artifact-atlas/shared";
import { findWhere } from "./find-sql";

/*
 * The map's points (issue 31): the public artifacts of a find whose public point is in the box,
 * grouped in SQL by a grid of cells about 64 pixels wide at the zoom (decision 122: measured
 * against supercluster, which must index every point of a find before its first answer). One
 * statement per answer, along artifact_places_public_point_idx; at most MAP_MAX_POINTS cells.
 */

interface CellRow {
  count: number;
  lat: number;
  lon: number;
  id: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

export function createMapPoints(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      // A few shapes only (filters present or not), but bounded all the same.
      if (statements.size >= 256) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };

  return function mapPoints(query: MapFind): MapAnswer {
    const { bbox, zoom, placeKind, ...filters } = query;
    const where = findWhere({ list: "collection", ...filters });
    if (where.search.none) return { points: [], total: 0 };
    const [west, south, east, north] = bbox;
    const cell = mapCellDegrees(bbox, zoom);
    const lon =
      west <= east
        ? "p.public_lon between :west and :east"
        : "(p.public_lon >= :west or p.public_lon <= :east)";
    const sql = `select count(*) as count, avg(p.public_lat) as lat, avg(p.public_lon) as lon,
        min(p.artifact_id) as id, min(p.public_lat) as south, max(p.public_lat) as north,
        min(p.public_lon) as west, max(p.public_lon) as east
      from artifact_places p indexed by artifact_places_public_point_idx
      cross join artifacts on artifacts.id = p.artifact_id
      where p.kind = :placeKind and p.public_lat between :south and :north and ${lon}
        and ${where.sql}
      group by cast((p.public_lon + 180) / :cell as integer),
        cast((p.public_lat + 90) / :cell as integer)
      limit ${MAP_MAX_POINTS}`;
    const rows = prepare(sql).all({
      ...where.params,
      placeKind,
      west,
      south,
      east,
      north,
      cell,
    }) as CellRow[];
    let total = 0;
    const points = rows.map((row): MapPoint => {
      total += row.count;
      const bounds: Bbox = [row.west, row.south, row.east, row.north];
      return {
        lat: round(row.lat),
        lon: round(row.lon),
        count: row.count,
        id: row.count === 1 ? row.id : null,
        bounds,
      };
    });
    return { points, total };
  };
}

/** Six decimals: a tenth of a metre, and short JSON. */
function round(value: number): number {
  return Number(value.toFixed(6));
}
