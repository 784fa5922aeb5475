import { z } from "zod";
import { ARTIFACT_TYPES } from "../constants";
import { artifactListQuery } from "./artifact";

/** The formats of the export: CSV for spreadsheets, JSON-LD for programs and linked data. */
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /export: the public collection as the All Artifacts screen shows it with the same search,
 * and GET /artifacts's type filter, as one file.
 */
export const exportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: "format must be csv or json." })
    .default("csv")
    .describe("csv (default) or json (JSON-LD)."),
  search: artifactListQuery.shape.search.describe(
    "Only artifacts whose name contains this text, as the All Artifacts search.",
  ),
  type: z
    .enum(ARTIFACT_TYPES, { error: `type must be one of ${ARTIFACT_TYPES.join(", ")}.` })
    .optional()
    .describe("Only artifacts of this type."),
});
export type ExportQuery = z.input<typeof exportQuery>;

/**
 * The columns of the CSV export, in order, and the keys of each JSON-LD item: the artifact's own
 * fields under their API names, plus its public page (an uploaded image's size and placeholder are
 * derived, not data). An import reads the editable ones.
 */
export const EXPORT_COLUMNS = [
  "id",
  "url",
  "artifactName",
  "artifactImage",
  "imageAlt",
  "artifactType",
  "historicalContext",
  "createdAt",
  "discoveredAt",
  "discoveredBy",
  "presentLocation",
  "likeCount",
  "username",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** The texts of export and import (issue 21; not in the specification). */
export const OPEN_DATA_MESSAGES = {
  exportBusy: "Several exports are running right now. Please try again in a few seconds.",
} as const;
