import type Database from "better-sqlite3";
import { coarsenPlace, DEFAULT_FINDSPOT_PUBLIC_PRECISION } from "@artifact-atlas/shared";
import { COUNTRY_LOOKUP_VERSION } from "../src/services/places/places";

/*
 * Issue 31's bench rows: every artifact of the bench collection has a findspot and a present
 * place, as a map at 100,000 places would hold them. Findspots gather around 400 sites (a few
 * kilometres each) with a tenth scattered over the land's latitudes; present places are one of
 * 60 museums. Findspots are exact and stored with their public square, as the server writes them.
 * Every place has a country (the Country facet's worst case: none left out), drawn from its
 * 3-degree square rather than looked up, since most random points are at sea.
 */

export const PLACES_BENCH = { sites: 400, museums: 60, scattered: 0.1 } as const;

/** Sixty countries for the bench's places: about as many as a large collection's findspots span. */
const BENCH_COUNTRIES = (
  "GB FR DE IT ES PT GR TR EG IL JO SY IQ IR IN PK CN JP KR TH VN ID PH AU NZ PG FJ US CA MX " +
  "GT PE BO CL AR BR CO VE ZA NG GH ML SD ET KE TZ MA DZ TN LY RU UA PL CZ AT CH NL BE DK SE NO"
).split(" ");

/** A bench place's country: the same for every place in a 3-degree square. */
export function benchCountry(lat: number, lon: number): string {
  const square = Math.floor((lat + 90) / 3) * 131 + Math.floor((lon + 180) / 3) * 7;
  return BENCH_COUNTRIES[square % BENCH_COUNTRIES.length]!;
}

export function generatePlaceRows(
  sqlite: Database.Database,
  next: () => number,
  sizes: { artifacts: number },
): void {
  const insert = sqlite.prepare(
    `insert into artifact_places (artifact_id, kind, label, lat, lon, precision, geonames_id,
       public_lat, public_lon, public_precision, public_geonames_id, public_floor, country,
       country_version)
     values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, null, ?, ?, ${COUNTRY_LOOKUP_VERSION})`,
  );
  const point = () => ({ lat: -45 + next() * 105, lon: -180 + next() * 360 });
  const sites = Array.from({ length: PLACES_BENCH.sites }, point);
  const museums = Array.from({ length: PLACES_BENCH.museums }, point);
  const floor = DEFAULT_FINDSPOT_PUBLIC_PRECISION;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  for (let id = 1; id <= sizes.artifacts; id += 1) {
    const site = sites[Math.floor(next() * sites.length)]!;
    const found =
      next() < PLACES_BENCH.scattered
        ? point()
        : { lat: site.lat + (next() - 0.5) * 0.1, lon: site.lon + (next() - 0.5) * 0.1 };
    const exact = {
      label: `Site ${id}`,
      lat: clamp(found.lat, 90),
      lon: clamp(found.lon, 180),
      precision: "exact" as const,
      geonamesId: null,
    };
    const shown = coarsenPlace(exact, floor);
    insert.run(
      id,
      "findspot",
      exact.label,
      exact.lat,
      exact.lon,
      "exact",
      shown.lat,
      shown.lon,
      shown.precision,
      floor,
      benchCountry(exact.lat, exact.lon),
    );
    const museum = museums[Math.floor(next() * museums.length)]!;
    insert.run(
      id,
      "presentPlace",
      "Museum",
      museum.lat,
      museum.lon,
      "exact",
      museum.lat,
      museum.lon,
      "exact",
      floor,
      benchCountry(museum.lat, museum.lon),
    );
  }
}
