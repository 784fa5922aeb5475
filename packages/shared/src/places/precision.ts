import { PLACE_PRECISIONS, type Place, type PlacePrecision } from "./schemas";

/**
 * The side of the grid square, in degrees, that a point is snapped to for each precision: 0.01°
 * of latitude is about 1.1 km, 0.1° about 11 km (longitude's squares narrow toward the poles,
 * which only makes them smaller on the ground). The Portable Antiquities Scheme publishes findspots
 * the same way, to a 1 km or 10 km square.
 */
const GRID_DEGREES: Record<PlacePrecision, number> = {
  exact: 0,
  "about-1km": 0.01,
  "about-10km": 0.1,
  region: 1,
  country: 5,
};

export function coarserPrecision(a: PlacePrecision, b: PlacePrecision): PlacePrecision {
  return PLACE_PRECISIONS.indexOf(a) >= PLACE_PRECISIONS.indexOf(b) ? a : b;
}

/** The centre of the grid square holding `value`; rounded so that 0.1 stays 0.1 in JSON. */
function snap(value: number, grid: number, limit: number): number {
  const centre = Math.floor(value / grid) * grid + grid / 2;
  return Number(Math.min(limit, Math.max(-limit, centre)).toFixed(6));
}

/**
 * A place as the public may see it when it must be no finer than `floor`: the point snapped to the
 * centre of its grid square, and without its GeoNames id, which would name the finer point.
 * A place already as coarse as the floor is returned as it is.
 */
export function coarsenPlace(place: Place, floor: PlacePrecision): Place {
  const precision = coarserPrecision(place.precision, floor);
  if (precision === place.precision) return place;
  const grid = GRID_DEGREES[precision];
  return {
    label: place.label,
    lat: snap(place.lat, grid, 90),
    lon: snap(place.lon, grid, 180),
    precision,
    geonamesId: null,
  };
}
