import { PLACE_KINDS, type Artifact, type PlaceColumns } from "@artifact-atlas/shared";

/*
 * The public points of an artifact's places for hand-written SQL over `artifacts` (issue 31): two
 * left joins (aliases f and p) and their columns under the export's names. Only the public_*
 * columns: whatever reads these reads what anyone may see.
 */

const ALIAS = { findspot: "f", presentPlace: "p" } as const;

export const PUBLIC_PLACE_JOINS = PLACE_KINDS.map(
  (kind) =>
    `left join artifact_places ${ALIAS[kind]} on ${ALIAS[kind]}.artifact_id = artifacts.id and ${ALIAS[kind]}.kind = '${kind}'`,
).join(" ");

export const PUBLIC_PLACE_SELECT = PLACE_KINDS.map((kind) => {
  const a = ALIAS[kind];
  return [
    `${a}.label as "${kind}Label"`,
    `${a}.public_lat as "${kind}Lat"`,
    `${a}.public_lon as "${kind}Lon"`,
    `${a}.public_precision as "${kind}Precision"`,
    `${a}.public_geonames_id as "${kind}GeonamesId"`,
  ].join(", ");
}).join(", ");

/** A public artifact with its places as columns: a row of the export. */
export type ExportRow = Artifact & PlaceColumns;
