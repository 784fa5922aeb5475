import {
  place,
  PLACE_KINDS,
  type ArtifactPlaces,
  type Place,
  type PlaceKind,
  type PlacePrecision,
} from "@artifact-atlas/shared";

/** A place as the form holds it: text as typed. */
export interface PlaceDraft {
  label: string;
  lat: string;
  lon: string;
  precision: PlacePrecision;
  geonamesId: number | null;
}
export type PlaceDrafts = Record<PlaceKind, PlaceDraft>;
export type PlaceDraftErrors = Partial<Record<PlaceKind, Partial<Record<keyof Place, string>>>>;

const BLANK: PlaceDraft = { label: "", lat: "", lon: "", precision: "exact", geonamesId: null };

export function placeDraftsOf(places: ArtifactPlaces | undefined): PlaceDrafts {
  const draft = (value: Place | null | undefined): PlaceDraft =>
    value ? { ...value, lat: String(value.lat), lon: String(value.lon) } : { ...BLANK };
  return { findspot: draft(places?.findspot), presentPlace: draft(places?.presentPlace) };
}

/** "", or a number as typed: "52,1" (a decimal comma) reads as 52.1. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? undefined : Number(trimmed);
}

const MESSAGES: Record<"label" | "lat" | "lon", string> = {
  label: "Give the place a name.",
  lat: "Latitude is a number from -90 to 90.",
  lon: "Longitude is a number from -180 to 180.",
};

/** The places to save, or each part's problem; a place left blank is none. */
export function checkPlaceDrafts(
  drafts: PlaceDrafts,
): { places: ArtifactPlaces; errors: null } | { places: null; errors: PlaceDraftErrors } {
  const places: ArtifactPlaces = { findspot: null, presentPlace: null };
  const errors: PlaceDraftErrors = {};
  for (const kind of PLACE_KINDS) {
    const draft = drafts[kind];
    if (!draft.label.trim() && !draft.lat.trim() && !draft.lon.trim()) continue;
    const result = place.safeParse({
      label: draft.label,
      lat: numberOf(draft.lat),
      lon: numberOf(draft.lon),
      precision: draft.precision,
      geonamesId: draft.geonamesId,
    });
    if (result.success) {
      places[kind] = result.data;
      continue;
    }
    const problems: Partial<Record<keyof Place, string>> = {};
    for (const issue of result.error.issues) {
      const part = issue.path[0];
      if (part === "label" || part === "lat" || part === "lon") problems[part] = MESSAGES[part];
    }
    errors[kind] = problems;
  }
  return Object.keys(errors).length > 0 ? { places: null, errors } : { places, errors: null };
}
