import type Database from "better-sqlite3";
import type { FacetCount, FindPlaceKind } from "@artifact-atlas/shared";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/*
 * The Country facet's counts (issue 31): each artifact's place country, per kind, kept in memory
 * by artifact id, with the counts of the whole public collection, until artifact_places_version
 * (every change to a place) or artifact_names_version (the public set) moves, as the map's
 * points are; the find's filters choose the public ids in SQL and they are counted here.
 * Joining artifact_places to the artifacts in SQL looked up a B-tree per place, 113 ms CPU for
 * 100,000 findspots; here a kind is read in about 40 ms after a change, then a count is the
 * ids' own query and a pass over them (docs/decisions/122-places-and-map.md).
 */

interface Countries {
  /** The countries held, in the order their numbers in `ofId` name them (1 is codes[0]). */
  codes: string[];
  /** Each artifact id's country number, 0 for none; ids past the end have none. */
  ofId: Uint16Array;
  /** The counts of the whole public collection: the facet without a filter or a search. */
  ofPublic: FacetCount<string>[];
}

const VERSION_SQL = `select (select version from artifact_names_version where id = 1) || ':' ||
  (select version from artifact_places_version where id = 1)`;
const PUBLIC_IDS = `select id from artifacts where ${PUBLIC_ARTIFACT}`;

export function createPlaceCountries(sqlite: Database.Database) {
  const version = sqlite.prepare(VERSION_SQL).pluck();
  const publicIds = sqlite.prepare(PUBLIC_IDS).pluck();
  const places = sqlite
    .prepare(
      `select artifact_id, country from artifact_places indexed by artifact_places_country_idx
       where kind = ? and country is not null order by country`,
    )
    .raw();
  let kept: { version: string; kinds: Map<FindPlaceKind, Countries> } | null = null;

  function read(kind: FindPlaceKind): Countries {
    const rows = places.all(kind) as [number, string][];
    const codes: string[] = [];
    const ofId = new Uint16Array(rows.reduce((most, [id]) => Math.max(most, id), 0) + 1);
    for (const [id, country] of rows) {
      if (codes.at(-1) !== country) codes.push(country);
      ofId[id] = codes.length;
    }
    const ofPublic = countIn(codes, ofId, publicIds.all() as number[]);
    return { codes, ofId, ofPublic };
  }

  function countriesOf(kind: FindPlaceKind): Countries {
    return sqlite.transaction(() => {
      const now = version.get() as string;
      if (kept?.version !== now) kept = { version: now, kinds: new Map() };
      let countries = kept.kinds.get(kind);
      if (!countries) {
        countries = read(kind);
        kept.kinds.set(kind, countries);
      }
      return countries;
    })();
  }

  return {
    /**
     * How many of the ids `chosen` selects (null: every public artifact) have a place of `kind`
     * in each country, those with none left out.
     */
    count(kind: FindPlaceKind, chosen: (() => number[]) | null): FacetCount<string>[] {
      const { codes, ofId, ofPublic } = countriesOf(kind);
      return chosen === null ? ofPublic : countIn(codes, ofId, chosen());
    },
  };
}

function countIn(codes: string[], ofId: Uint16Array, ids: readonly number[]): FacetCount<string>[] {
  const counts = new Uint32Array(codes.length + 1);
  for (const id of ids) if (id < ofId.length) counts[ofId[id]!]! += 1;
  return codes.flatMap((value, index) => {
    const count = counts[index + 1]!;
    return count > 0 ? [{ value, count }] : [];
  });
}

export type PlaceCountries = ReturnType<typeof createPlaceCountries>;
