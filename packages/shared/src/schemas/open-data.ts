import { z } from "zod";
import { checkYearOrder, restFindShape } from "./rest";

/** The formats of the export: CSV for spreadsheets, JSON-LD for programs and linked data. */
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /export: the public collection that GET /artifacts's filters and search choose (the same
 * parameters, the same meaning), as one file. `sort` is accepted as GET /artifacts takes it, but
 * the file is always in id order (docs/decisions/073-export-follows-every-filter.md).
 */
export const exportQuery = z
  .object({
    format: z
      .enum(EXPORT_FORMATS, { error: "format must be csv or json." })
      .default("csv")
      .describe("csv (default) or json (JSON-LD)."),
    ...restFindShape,
  })
  .superRefine(checkYearOrder);
export type ExportQuery = z.input<typeof exportQuery>;

/**
 * The columns of the CSV export, in order, and the keys of each JSON-LD item: the artifact's own
 * fields under their API names, plus its public page (an uploaded image's size and placeholder are
 * derived, not data), the first image's rights, every image (issue 30; in CSV a JSON list) and the
 * licence of this data. An import reads the editable ones.
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
  "rights",
  "images",
  "metadataLicense",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** The most rows one import may hold. */
export const IMPORT_MAX_ROWS = 5_000;
/**
 * The most columns of a CSV import: the export writes 13. A file's cost then grows with its bytes:
 * 100 KB of 100,000 empty columns held the server for 27 s, a row at a time (issue 28).
 */
export const IMPORT_MAX_COLUMNS = 50;
/** The largest file an import accepts (about 5,000 artifacts of ordinary length). */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** How long an import can be undone. */
export const IMPORT_UNDO_DAYS = 7;

/** POST /imports: the file is the body; these say what to do with it. */
export const importQuery = z.object({
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false." })
    .default("true")
    .transform((value) => value === "true")
    .describe("true (default): only check the file and report; false: import it."),
  fileName: z
    .string()
    .trim()
    .max(200, "fileName must be at most 200 characters long.")
    .default("")
    .describe("The file's name, shown in the list of imports."),
});

/** One problem of one row: its row number (the header is row 1 of a CSV), field and message. */
const importProblem = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportProblem = z.output<typeof importProblem>;

/** One row of an import's report. */
const importRowReport = z.object({
  row: z.number().int(),
  status: z.enum(["add", "reject"]),
  artifactName: z.string(),
  artifactType: z.string(),
  problems: z.array(importProblem),
});
export type ImportRowReport = z.output<typeof importRowReport>;

/** What an import would do (dry run) or did. */
export const importReport = z.object({
  format: z.enum(["csv", "json"]),
  total: z.number().int(),
  added: z.number().int(),
  rejected: z.number().int(),
  rows: z.array(importRowReport),
  rejectedCsv: z
    .string()
    .describe(
      "The rejected rows as a CSV to fix and import again (a problems column first); empty if none.",
    ),
  importId: z
    .number()
    .int()
    .nullable()
    .describe("The import made, when it was not a dry run and added anything."),
});
export type ImportReport = z.output<typeof importReport>;

/** One of a curator's imports, as the Import screen lists them. */
export interface ImportSummary {
  id: number;
  fileName: string;
  added: number;
  rejected: number;
  /** Milliseconds since the epoch. */
  importedAt: number;
  undoneAt: number | null;
  removed: number | null;
  /** Not undone yet and within IMPORT_UNDO_DAYS. */
  undoable: boolean;
}

export const importsListQuery = z
  .object({
    cursor: z.number().int().positive().nullish(),
  })
  .prefault({});

export const importIdInput = z.object({ id: z.number().int().positive() });

/** The texts of export and import (issue 21; not in the specification). */
export const OPEN_DATA_MESSAGES = {
  exportBusy: "Several exports are running right now. Please try again in a few seconds.",
  sitemapBusy: "Several downloads are running right now. Please try again in a few seconds.",
  importBusy: "Another import is running right now. Please try again in a few seconds.",
  importTooLarge: `This file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Please split it into smaller files.`,
  importTooManyRows: `A file may hold at most ${String(IMPORT_MAX_ROWS).replace(/\B(?=(\d{3})+$)/g, ",")} artifacts.`,
  importTooManyColumns: `A row of the file has more than ${IMPORT_MAX_COLUMNS} columns: use the header row of an export.`,
  importEmpty: "The file holds no artifacts.",
  importNotCsv: "The file is not CSV that can be read: a quoted cell is never closed.",
  importNotJson:
    "The file is not JSON that can be read: it must be an array of artifacts or JSON-LD with a @graph.",
  importMissingColumns: (columns: string[]) =>
    `The file has no column for ${columns.join(", ")}: use the header row of an export.`,
  importFormat:
    "Send a CSV file (text/csv) or a JSON file (application/json or application/ld+json).",
  importNotFound: "Import not found",
  importAlreadyUndone: "This import has already been undone.",
  importTooOld: `An import can be undone for ${IMPORT_UNDO_DAYS} days only.`,
} as const;
