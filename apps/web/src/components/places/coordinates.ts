import { PLACE_PRECISION_LABELS, type Place } from "@artifact-atlas/shared";

/** "52.05° N, 1.35° E": a point as people read it. */
export function formatPoint(place: Pick<Place, "lat" | "lon">): string {
  const lat = `${Math.abs(place.lat)}° ${place.lat < 0 ? "S" : "N"}`;
  const lon = `${Math.abs(place.lon)}° ${place.lon < 0 ? "W" : "E"}`;
  return `${lat}, ${lon}`;
}

/** The point and how precise it is: "52.05° N, 1.35° E (about 10 km)". */
export function describePoint(place: Place): string {
  const precision =
    place.precision === "exact"
      ? ""
      : ` (${PLACE_PRECISION_LABELS[place.precision].toLowerCase()})`;
  return `${formatPoint(place)}${precision}`;
}
