import { place, PLACE_KINDS, type ArtifactPlaces, type Place, type PlaceKind } from "./schemas";

/*
 * An artifact's places as flat columns, for files: the export writes them (the public's view) and
 * the import reads them back (issue 31). A place with no label is no place.
 */

const PARTS = ["Label", "Lat", "Lon", "Precision", "GeonamesId"] as const;
type Part = (typeof PARTS)[number];
const FIELD_OF: Record<Part, keyof Place> = {
  Label: "label",
  Lat: "lat",
  Lon: "lon",
  Precision: "precision",
  GeonamesId: "geonamesId",
};

export const PLACE_COLUMNS = [
  "findspotLabel",
  "findspotLat",
  "findspotLon",
  "findspotPrecision",
  "findspotGeonamesId",
  "presentPlaceLabel",
  "presentPlaceLat",
  "presentPlaceLon",
  "presentPlacePrecision",
  "presentPlaceGeonamesId",
] as const satisfies readonly `${PlaceKind}${Part}`[];
export type PlaceColumn = (typeof PLACE_COLUMNS)[number];
export type PlaceColumns = Record<PlaceColumn, string | number | null>;

/** The places as columns; null for each part of a place the artifact does not have. */
export function placeColumns(places: ArtifactPlaces): PlaceColumns {
  const entries = PLACE_KINDS.flatMap((kind) =>
    PARTS.map((part) => [`${kind}${part}`, places[kind]?.[FIELD_OF[part]] ?? null]),
  );
  return Object.fromEntries(entries) as PlaceColumns;
}

/** A cell as a number: files hold text (CSV) or numbers (JSON); blank is none. */
function numberOrBlank(value: unknown): unknown {
  if (typeof value !== "string") return value ?? undefined;
  return value.trim() === "" ? undefined : Number(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && !value.trim());
}

export type PlacesFromColumns =
  | { places: ArtifactPlaces; problems: [] }
  | { places: null; problems: { field: string; message: string }[] };

/** The places of a file's row, checked by the same schema as the form's; blank columns are none. */
export function placesFromColumns(values: Record<string, unknown>): PlacesFromColumns {
  const places: ArtifactPlaces = { findspot: null, presentPlace: null };
  const problems: { field: string; message: string }[] = [];
  for (const kind of PLACE_KINDS) {
    const cell = (part: Part) => values[`${kind}${part}`];
    if (PARTS.every((part) => isBlank(cell(part)))) continue;
    const geonamesId = numberOrBlank(cell("GeonamesId"));
    const result = place.safeParse({
      label: cell("Label") ?? "",
      lat: numberOrBlank(cell("Lat")),
      lon: numberOrBlank(cell("Lon")),
      precision: isBlank(cell("Precision")) ? "exact" : cell("Precision"),
      geonamesId: geonamesId ?? null,
    });
    if (result.success) {
      places[kind] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      const part = PARTS.find((p) => FIELD_OF[p] === issue.path[0]) ?? "Label";
      problems.push({ field: `${kind}${part}`, message: issue.message });
    }
  }
  return problems.length > 0 ? { places: null, problems } : { places, problems: [] };
}
