import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { PLACE_KINDS, PLACE_PRECISIONS } from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";

/**
 * An artifact's findspot and present place (issue 31), one row each, apart from the artifact's
 * spec fields so that no list, revision or review of those fields carries an exact findspot
 * (docs/decisions/122-places-and-map.md). public_* is the point as the public may see it, written
 * with the row and again at start when FINDSPOT_PUBLIC_PRECISION changes (public_floor).
 */
export const artifactPlaces = sqliteTable(
  "artifact_places",
  {
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    kind: text("kind", { enum: PLACE_KINDS }).notNull(),
    label: text("label").notNull(),
    lat: real("lat").notNull(),
    lon: real("lon").notNull(),
    precision: text("precision", { enum: PLACE_PRECISIONS }).notNull(),
    geonamesId: integer("geonames_id"),
    publicLat: real("public_lat").notNull(),
    publicLon: real("public_lon").notNull(),
    publicPrecision: text("public_precision", { enum: PLACE_PRECISIONS }).notNull(),
    publicGeonamesId: integer("public_geonames_id"),
    /** The FINDSPOT_PUBLIC_PRECISION the public_* columns were written with. */
    publicFloor: text("public_floor", { enum: PLACE_PRECISIONS }).notNull(),
    /**
     * The place's country (ISO 3166-1 alpha-2) from the gazetteer, null where it names none; a
     * country is coarse enough for the public, even of a findspot (decision 122).
     */
    country: text("country"),
    /** The country lookup that wrote `country` (0: none, before 0048); start fills older ones. */
    countryVersion: integer("country_version").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.artifactId, table.kind] }),
    /** The map and the bbox filter read public points only, by kind and latitude band. */
    index("artifact_places_public_point_idx").on(
      table.kind,
      table.publicLat,
      table.publicLon,
      table.artifactId,
    ),
    /** The Country filter and facet: a kind's places by country, with their artifacts. */
    index("artifact_places_country_idx").on(table.kind, table.country, table.artifactId),
    /** The start's check for places of an older country lookup: no table scan (decision 122). */
    index("artifact_places_country_version_idx").on(table.countryVersion),
    check("artifact_places_lat", sql`${table.lat} between -90 and 90`),
    check("artifact_places_lon", sql`${table.lon} between -180 and 180`),
  ],
);
