import { z } from "zod";
import { LIMITS } from "../constants";
import { artifactId } from "../schemas/artifact";
import { requiredText } from "../schemas/fields";

/**
 * How precise a place's point is, finest first (issue 31). A findspot is shown to the public no
 * finer than FINDSPOT_PUBLIC_PRECISION (docs/decisions/122-places-and-map.md).
 */
export const PLACE_PRECISIONS = ["exact", "about-1km", "about-10km", "region", "country"] as const;
export type PlacePrecision = (typeof PLACE_PRECISIONS)[number];

/** FINDSPOT_PUBLIC_PRECISION when unset: the 10 km square the Portable Antiquities Scheme publishes. */
export const DEFAULT_FINDSPOT_PUBLIC_PRECISION: PlacePrecision = "about-10km";

export const PLACE_PRECISION_LABELS: Record<PlacePrecision, string> = {
  exact: "Exact",
  "about-1km": "About 1 km",
  "about-10km": "About 10 km",
  region: "Region",
  country: "Country",
};

/** The two places an artifact may have, both optional. */
export const PLACE_KINDS = ["findspot", "presentPlace"] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const PLACE_KIND_LABELS: Record<PlaceKind, string> = {
  findspot: "Findspot",
  presentPlace: "Present place",
};

/** A place: what it is called, where it is, how precisely, and its GeoNames id when from the gazetteer. */
export const place = z.object({
  label: requiredText("Place", LIMITS.shortText),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  precision: z.enum(PLACE_PRECISIONS),
  geonamesId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().default(null),
});
export type PlaceInput = z.input<typeof place>;
export type Place = z.output<typeof place>;

/** An artifact's places: null where it has none. */
export const artifactPlaces = z.object({
  findspot: place.nullable(),
  presentPlace: place.nullable(),
});
export type ArtifactPlaces = z.output<typeof artifactPlaces>;

/** places.set: both places at once; null removes one. */
export const setPlacesInput = artifactPlaces.extend({ id: artifactId });
export type SetPlacesInput = z.input<typeof setPlacesInput>;

/** The longest text the gazetteer looks up, and the most suggestions it answers (issue 31). */
export const GAZETTEER_MAX_QUERY = 60;
export const GAZETTEER_MAX_SUGGESTIONS = 8;

/** places.suggest: a place's name as typed, two characters or more. */
export const gazetteerQuery = z.object({
  q: z.string().trim().min(2, "Type at least two letters.").max(GAZETTEER_MAX_QUERY),
});

/** A gazetteer suggestion: a place ready for the form, with its region and country to tell it apart. */
export const placeSuggestion = place.extend({
  name: z.string(),
  region: z.string().nullable(),
  country: z.string(),
});
export type PlaceSuggestion = z.output<typeof placeSuggestion>;
