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

/** Replaces the artifact's places; null removes one. */
export function writePlaces(
  tx: PlaceWriter,
  artifactId: number,
  places: ArtifactPlaces,
  floor: PlacePrecision,
): void {
  tx.delete(artifactPlaces).where(eq(artifactPlaces.artifactId, artifactId)).run();
  const rows = PLACE_KINDS.flatMap((kind) => {
    const place = places[kind];
    return place ? [rowOf(artifactId, kind, place, floor)] : [];
  });
  if (rows.length > 0) tx.insert(artifactPlaces).values(rows).run();
}

/** places.set: by whoever may edit the artifact (its owner, curators); the exact places back. */
export function setPlaces(
  store: ArtifactStore,
  actor: Actor,
  input: ArtifactPlaces & { id: number },
  floor: PlacePrecision,
): ArtifactPlaces {
  getArtifact(store, actor, input);
  if (!mayEdit(store, actor, input.id)) {
    throw new ServiceError("FORBIDDEN", MESSAGES.notYourArtifact);
  }
  store.db.transaction((tx) => writePlaces(tx, input.id, input, floor), { behavior: "immediate" });
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
