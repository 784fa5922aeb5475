import { z } from "zod";
import { LIMITS } from "../constants";
import { wholeNumber } from "../schemas/fields";
import { FIND_PLACE_KINDS, SEARCH_SCOPES, type Bbox } from "../find-values";
import type { PlacePrecision } from "./schemas";
import {
  bboxValue,
  findFilterShape,
  findSearch,
  YEARS_IN_ORDER,
  yearsInOrder,
} from "../schemas/find";

/*
 * The map of the collection (issue 31, /map): the public artifacts with a place in a box of the
 * map, as points the server has already gathered into clusters for the zoom level, so that the
 * browser never receives more than MAP_MAX_POINTS at once (decision 122).
 */

/** The most points one answer holds. */
export const MAP_MAX_POINTS = 2_000;
/** The deepest zoom the map asks for (a street at 18). */
export const MAP_MAX_ZOOM = 18;
/** A cluster's cell is a quarter of a 256-pixel tile: about 64 pixels on the screen. */
export const MAP_CELLS_PER_TILE = 4;

/** map.points: the filters of All Artifacts, which place, the box in view and the zoom. */
export const mapQuery = z
  .object({
    search: findSearch.optional(),
    in: z.enum(SEARCH_SCOPES).optional(),
    types: findFilterShape.types,
    eras: findFilterShape.eras,
    fromYear: findFilterShape.fromYear,
    toYear: findFilterShape.toYear,
    locations: findFilterShape.locations,
    rights: findFilterShape.rights,
    countries: findFilterShape.countries,
    placeKind: z.enum(FIND_PLACE_KINDS).default("findspot"),
    bbox: bboxValue,
    zoom: z.number().int().min(0).max(MAP_MAX_ZOOM),
  })
  .refine(yearsInOrder, YEARS_IN_ORDER);
export type MapQuery = z.input<typeof mapQuery>;

/** map.list: the same, and a page of the artifacts in view. */
export const mapListQuery = mapQuery.and(
  z.object({ page: wholeNumber("page", LIMITS.page).default(1) }),
);
export type MapFind = z.output<typeof mapQuery>;

/**
 * A point of the map: one artifact (`id`, count 1) or a cluster of `count` whose places lie in
 * `bounds` (west, south, east, north), at the mean of their points. Points are public points: a
 * findspot on its public square.
 */
export interface MapPoint {
  lat: number;
  lon: number;
  count: number;
  /** The artifact, when the point is one. */
  id: number | null;
  /** The artifact's name, when the point is one: what a marker is called to a screen reader. */
  name: string | null;
  bounds: Bbox;
}

export interface MapAnswer {
  points: MapPoint[];
  /** How many artifacts the points hold together. */
  total: number;
}

/** Cells across or down a box at most: with one more for the edges a box cuts, 43² < MAP_MAX_POINTS. */
const MAP_MAX_CELLS_ACROSS = 42;

/**
 * The side of a cluster's cell, in degrees, at `zoom`: about 64 pixels, widened where the box is
 * so wide or tall for its zoom that it would hold more than MAP_MAX_POINTS cells.
 */
export function mapCellDegrees(bbox: Bbox, zoom: number): number {
  const [west, south, east, north] = bbox;
  const width = west <= east ? east - west : 360 - (west - east);
  const height = north - south;
  const cell = 360 / (2 ** zoom * MAP_CELLS_PER_TILE);
  return Math.max(cell, width / MAP_MAX_CELLS_ACROSS, height / MAP_MAX_CELLS_ACROSS);
}

/** map.settings: what the map and the place form need of the server's settings. */
export interface MapSettings {
  /** Raster tiles (MAP_TILE_URL), or null for the offline base map of Natural Earth. */
  tiles: { url: string; attribution: string } | null;
  /** FINDSPOT_PUBLIC_PRECISION: the finest the public sees a findspot. */
  findspotPublicPrecision: PlacePrecision;
}
