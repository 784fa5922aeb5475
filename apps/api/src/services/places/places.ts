import { and, eq, ne } from "drizzle-orm";
import {
  coarsenPlace,
  hasRole,
  MESSAGES,
  PLACE_KINDS,
  type ArtifactPlaces,
  type Place,
  type PlaceKind,
  type PlacePrecision,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../../db/client";
import { artifactPlaces } from "../../db/schema";
import type { ArtifactStore } from "../../store/artifact-store";
import { getArtifact, mayEdit, type Actor, type Viewer } from "../artifacts";
import { ServiceError } from "../errors";
import { countryLookup } from "./gazetteer";

/*
 * An artifact's findspot and present place (issue 31). Places leave the server through
 * placesOf alone (and the map, which reads public points only): the exact findspot reaches its
 * owner and curators, everyone else gets it no finer than FINDSPOT_PUBLIC_PRECISION.
 */

type PlaceWriter = Pick<AppDatabase, "insert" | "delete" | "select" | "update">;

/** A place as the public may see it: a findspot coarsened to the floor, a present place as it is. */
export function publicPlace(kind: PlaceKind, place: Place, floor: PlacePrecision): Place {
  return kind === "findspot" ? coarsenPlace(place, floor) : place;
}

function rowOf(artifactId: number, kind: PlaceKind, place: Place, floor: PlacePrecision) {
  const shown = publicPlace(kind, place, floor);
  return {
    artifactId,
    kind,
    ...place,
    publicLat: shown.lat,
    publicLon: shown.lon,
    publicPrecision: shown.precision,
    publicGeonamesId: shown.geonamesId,
    publicFloor: floor,
  };
}

const EXACT = {
  label: artifactPlaces.label,
  lat: artifactPlaces.lat,
  lon: artifactPlaces.lon,
  precision: artifactPlaces.precision,
  geonamesId: artifactPlaces.geonamesId,
};

const PUBLIC = {
  label: artifactPlaces.label,
  lat: artifactPlaces.publicLat,
  lon: artifactPlaces.publicLon,
  precision: artifactPlaces.publicPrecision,
  geonamesId: artifactPlaces.publicGeonamesId,
};

/** The places as stored, exact or as the public sees them; null where there is none. */
export function readPlaces(
  db: Pick<AppDatabase, "select">,
  artifactId: number,
  exact: boolean,
): ArtifactPlaces {
  const rows = db
    .select({ kind: artifactPlaces.kind, ...(exact ? EXACT : PUBLIC) })
    .from(artifactPlaces)
    .where(eq(artifactPlaces.artifactId, artifactId))
    .all();
  const byKind = new Map(rows.map(({ kind, ...place }) => [kind, place]));
  return {
    findspot: byKind.get("findspot") ?? null,
    presentPlace: byKind.get("presentPlace") ?? null,
  };
}

/**
 * The places of an artifact that `viewer` may see (NOT_FOUND otherwise, as getArtifact): exact for
 * its owner and curators, as the public sees them for everyone else, even its owner's friends.
 */
export function placesOf(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number },
): ArtifactPlaces {
  getArtifact(store, viewer, input);
  const exact =
    viewer !== null &&
    (hasRole(viewer.role, "curator") ||
      store.statements.ownerOf.get({ id: input.id })?.ownerId === viewer.id);
  return readPlaces(store.db, input.id, exact);
}

/** A place with its country (ISO 3166-1 alpha-2, or null) as COUNTRY_LOOKUP_VERSION finds it. */
export type PlaceWithCountry = Place & { country: string | null };

/** An artifact's places as they are written: each with its country. */
export type PlacesWithCountries = Record<PlaceKind, PlaceWithCountry | null>;

/**
 * The places with their countries from the gazetteer. Its index (built once, in a worker, on
 * first use) is waited for only when there is a place to look up.
 */
export async function withCountries(list: ArtifactPlaces[]): Promise<PlacesWithCountries[]> {
  const none = { findspot: null, presentPlace: null };
  if (list.every((places) => !places.findspot && !places.presentPlace)) return list.map(() => none);
  const lookup = await countryLookup();
  const withCountry = (place: Place | null) => place && { ...place, country: lookup(place) };
  return list.map((places) => ({
    findspot: withCountry(places.findspot),
    presentPlace: withCountry(places.presentPlace),
  }));
}

/** Replaces the artifact's places, each with its country; null removes one. */
export function writePlaces(
  tx: PlaceWriter,
  artifactId: number,
  places: PlacesWithCountries,
  floor: PlacePrecision,
): void {
  tx.delete(artifactPlaces).where(eq(artifactPlaces.artifactId, artifactId)).run();
  const rows = PLACE_KINDS.flatMap((kind) => {
    const place = places[kind];
    if (!place) return [];
    const { country, ...exact } = place;
    return [
      { ...rowOf(artifactId, kind, exact, floor), country, countryVersion: COUNTRY_LOOKUP_VERSION },
    ];
  });
  if (rows.length > 0) tx.insert(artifactPlaces).values(rows).run();
}

/**
 * places.set: by whoever may edit the artifact (its owner, curators); the exact places back. The
 * gazetteer is asked for their countries first (withCountries).
 */
export async function setPlaces(
  store: ArtifactStore,
  actor: Actor,
  input: ArtifactPlaces & { id: number },
  floor: PlacePrecision,
): Promise<ArtifactPlaces> {
  // First the wait (the index is built once, in a worker), then the checks and the write at once.
  const [places] = await withCountries([input]);
  getArtifact(store, actor, input);
  if (!mayEdit(store, actor, input.id)) {
    throw new ServiceError("FORBIDDEN", MESSAGES.notYourArtifact);
  }
  store.db.transaction((tx) => writePlaces(tx, input.id, places!, floor), {
    behavior: "immediate",
  });
  return readPlaces(store.db, input.id, true);
}

/**
 * Writes the public points again where they were written with another FINDSPOT_PUBLIC_PRECISION:
 * at start, so that a stricter setting takes effect before the first request. Returns how many.
 */
export function refreshPublicPlaces(db: AppDatabase, floor: PlacePrecision): number {
  const stale = db
    .select({ artifactId: artifactPlaces.artifactId, kind: artifactPlaces.kind, ...EXACT })
    .from(artifactPlaces)
    .where(ne(artifactPlaces.publicFloor, floor))
    .all();
  db.transaction((tx) => {
    for (const { artifactId, kind, ...place } of stale) {
      const { publicLat, publicLon, publicPrecision, publicGeonamesId } = rowOf(
        artifactId,
        kind,
        place,
        floor,
      );
      tx.update(artifactPlaces)
        .set({ publicLat, publicLon, publicPrecision, publicGeonamesId, publicFloor: floor })
        .where(and(eq(artifactPlaces.artifactId, artifactId), eq(artifactPlaces.kind, kind)))
        .run();
    }
  });
  return stale.length;
}

/**
 * The version of the country lookup (gazetteer.ts, countryLookup): raised when the lookup or its
 * data changes, so that the next start looks every place up again. The seed's countries
 * (db/seed/demo-places.ts) are this version's: test/places/seeded-countries.test.ts says when
 * they need writing again.
 */
export const COUNTRY_LOOKUP_VERSION = 1;

/** Places looked up per transaction: a long fill never holds the write lock for long. */
const COUNTRY_BATCH = 1000;

/** Whether any place was written by an older lookup: the start's check, through an index. */
export const OLDER_COUNTRY_CHECK =
  "select 1 from artifact_places where country_version < ? limit 1";

/**
 * Looks up the country of every place written before this lookup: by no lookup at all (migration
 * 0048 left the older rows at version 0) or by an older one. Every place written since carries
 * its country, so this runs at start only, after migrating (a migration cannot ask the
 * gazetteer, which is TypeScript), and finds nothing through artifact_places_country_version_idx
 * unless there was an upgrade: only then is the gazetteer built. In batches; returns how many
 * places it updated, and stops if the database closes meanwhile.
 */
export async function fillPlaceCountries(db: AppDatabase): Promise<number> {
  const sqlite = db.$client;
  const anyOlder = sqlite.prepare(OLDER_COUNTRY_CHECK).pluck();
  if (anyOlder.get(COUNTRY_LOOKUP_VERSION) === undefined) return 0;
  const lookup = await countryLookup();
  if (!sqlite.open) return 0;
  const stale = sqlite.prepare<{ version: number; limit: number }, { rowid: number } & Place>(
    `select rowid, label, lat, lon, precision, geonames_id as geonamesId from artifact_places
      where country_version < :version order by country_version, rowid limit :limit`,
  );
  const update = sqlite.prepare(
    "update artifact_places set country = :country, country_version = :version where rowid = :rowid",
  );
  const batch = sqlite.transaction(() => {
    const rows = stale.all({ version: COUNTRY_LOOKUP_VERSION, limit: COUNTRY_BATCH });
    for (const { rowid, ...place } of rows) {
      update.run({ rowid, country: lookup(place), version: COUNTRY_LOOKUP_VERSION });
    }
    return rows.length;
  });
  let updated = 0;
  for (;;) {
    if (!sqlite.open) return updated;
    const rows = batch.immediate();
    updated += rows;
    if (rows < COUNTRY_BATCH) return updated;
  }
}
