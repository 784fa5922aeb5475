import { setImmediate } from "node:timers/promises";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import {
  ARTIFACT_FIELD_NAMES,
  artifactInput,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_UNDO_DAYS,
  MESSAGES,
  OPEN_DATA_MESSAGES,
  PLACE_COLUMNS,
  placesFromColumns,
  type ArtifactPlaces,
  type ArtifactSubmission,
  type PlacePrecision,
  type ImportProblem,
  type ImportReport,
  type ImportSummary,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, images as imageRows, importedArtifacts, imports } from "../db/schema";
import { csvRow, CsvError, CsvTooWideError, parseCsv, restoreFormula } from "../open-data/csv";
import { appendAudit } from "./audit";
import { fieldsToSave, writeImages } from "./artifact-images";
import { writtenColumns, type Actor } from "./artifacts";
import { withCountries, writePlaces } from "./places/places";
import { siteRights } from "./site-rights";
import { enqueueNewArtifacts } from "./review-entries";
import { recordCreatedRevisions } from "./revisions";
import { ServiceError } from "./errors";

/*
 * A curator's import of a CSV or JSON file in the shape the export writes (issue 21): checked row
 * by row with the shared artifact schema, then added in one transaction, owned by the importer,
 * and undone as a whole within IMPORT_UNDO_DAYS (docs/decisions/068-import.md, 069).
 */

export type ImportFormat = "csv" | "json";

/** The file as the client sent it: CSV text, or JSON already parsed by the server's parser. */
export type ImportFile = { format: "csv"; text: string } | { format: "json"; value: unknown };

/** One row of the file: its number as the person sees it, and its values by field name. */
interface FileRow {
  row: number;
  values: Record<string, unknown>;
}

/** Fields a file must have a column for; the image description may be left out. */
const REQUIRED_COLUMNS = ARTIFACT_FIELD_NAMES.filter((name) => name !== "imageAlt");

/** A curator's imports come a page at a time. */
const IMPORTS_PAGE_SIZE = 20;
/** Rows inserted by one statement: 13 columns each stays far below SQLite's variable limit. */
const INSERT_BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

function badFile(message: string): ServiceError {
  return new ServiceError("BAD_REQUEST", message);
}

function csvRows(text: string): FileRow[] {
  let rows: string[][];
  try {
    rows = parseCsv(text, IMPORT_MAX_COLUMNS);
  } catch (error) {
    if (error instanceof CsvTooWideError) throw badFile(OPEN_DATA_MESSAGES.importTooManyColumns);
    if (error instanceof CsvError) throw badFile(OPEN_DATA_MESSAGES.importNotCsv);
    throw error;
  }
  const [header = [], ...data] = rows;
  const names = header.map((name) => name.trim());
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0) throw badFile(OPEN_DATA_MESSAGES.importMissingColumns(missing));
  // Spreadsheet numbering: the header is row 1.
  return data.map((cells, index) => ({
    row: index + 2,
    values: Object.fromEntries(names.map((name, i) => [name, restoreFormula(cells[i] ?? "")])),
  }));
}

function jsonRows(value: unknown): FileRow[] {
  const graph =
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)["@graph"]
      : value;
  if (!Array.isArray(graph)) throw badFile(OPEN_DATA_MESSAGES.importNotJson);
  return graph.map((item: unknown, index) => ({
    row: index + 1,
    values:
      item !== null && typeof item === "object" && !Array.isArray(item)
        ? (item as Record<string, unknown>)
        : {},
  }));
}

/** The file's rows; BAD_REQUEST for a file that cannot be read, is empty or is too long. */
export function readImportFile(file: ImportFile): FileRow[] {
  const rows = file.format === "csv" ? csvRows(file.text) : jsonRows(file.value);
  if (rows.length === 0) throw badFile(OPEN_DATA_MESSAGES.importEmpty);
  if (rows.length > IMPORT_MAX_ROWS) throw badFile(OPEN_DATA_MESSAGES.importTooManyRows);
  return rows;
}

interface CheckedRow {
  row: number;
  values: Record<string, unknown>;
  fields: ArtifactSubmission | null;
  /** The row's findspot and present place (issue 31); none where its columns are blank. */
  places: ArtifactPlaces | null;
  problems: ImportProblem[];
}

/**
 * A row's images (issue 30): the export's `images` (a JSON list in a CSV cell, a list in JSON);
 * without them, a `rights` column gives the one image its rights. Undefined leaves the images to
 * artifactImage and imageAlt; a cell that is not JSON is passed on as it is, for the schema to
 * refuse.
 */
function imagesOfRow(values: Record<string, unknown>): unknown {
  const { images, rights } = values;
  if (typeof images === "string" && images.trim() !== "") {
    try {
      return JSON.parse(images) as unknown;
    } catch {
      return images;
    }
  }
  if (images !== undefined && images !== "") return images;
  if (typeof rights === "string" && rights.trim() !== "") {
    return [{ url: values.artifactImage, alt: values.imageAlt, rights: rights.trim() }];
  }
  return undefined;
}

/** Whether an upload's path names an image the server has. */
type UploadKnown = (path: string) => boolean;

/** Rows checked between two turns of the event loop: a few milliseconds' work. */
const ROWS_PER_TURN = 250;

/**
 * Each row through the same schema as the form and the API: what it would add, or every problem.
 * An upload's path must name an image the server has. A turn of the event loop after each
 * ROWS_PER_TURN rows, so that other requests are answered while 5,000 rows are checked.
 */
async function checkRows(rows: FileRow[], uploadKnown: UploadKnown): Promise<CheckedRow[]> {
  const checked: CheckedRow[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await setImmediate();
    for (const row of rows.slice(start, start + ROWS_PER_TURN)) {
      checked.push(checkRow(row, uploadKnown));
    }
  }
  return checked;
}

/** The row's fields and places; a bad place rejects the row, naming its column. */
function checkRow(file: FileRow, uploadKnown: UploadKnown): CheckedRow {
  const checked = checkFields(file, uploadKnown);
  const { places, problems } = placesFromColumns(file.values);
  if (places) return { ...checked, places };
  const placeProblems = problems.map((problem) => ({ row: file.row, ...problem }));
  return {
    ...checked,
    fields: null,
    places: null,
    problems: [...checked.problems, ...placeProblems],
  };
}

function checkFields(
  { row, values }: FileRow,
  uploadKnown: UploadKnown,
): Omit<CheckedRow, "places"> {
  const editable: Record<string, unknown> = Object.fromEntries(
    ARTIFACT_FIELD_NAMES.map((name) => [name, values[name]]),
  );
  const images = imagesOfRow(values);
  if (images !== undefined) editable.images = images;
  const result = artifactInput.safeParse(editable);
  if (result.success) {
    const listed = result.data.images ?? [{ url: result.data.artifactImage }];
    const missing = listed.some(
      (image) => image.url.startsWith("/images/") && !uploadKnown(image.url),
    );
    if (!missing) return { row, values, fields: result.data, problems: [] };
    const problem = { row, field: "images", message: MESSAGES.imageNotFound };
    return { row, values, fields: null, problems: [problem] };
  }
  const problems = result.error.issues.map((issue) => ({
    row,
    field: String(issue.path[0] ?? "row"),
    message: issue.message,
  }));
  return { row, values, fields: null, problems };
}

/** The uploads the server has, looked up by path. */
function uploadKnownIn(db: AppDatabase): UploadKnown {
  return (path) =>
    db
      .select({ hash: imageRows.hash })
      .from(imageRows)
      .where(eq(imageRows.hash, path.slice("/images/".length)))
      .get() !== undefined;
}

const asText = (value: unknown) =>
  typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);

/** The columns a rejected row is written back with: the editable ones and the images'. */
const REJECTED_COLUMNS = [...ARTIFACT_FIELD_NAMES, "rights", "images", ...PLACE_COLUMNS] as const;

/** The rejected rows as CSV: their row number and problems first, then the fields to fix. */
function rejectedCsv(rows: CheckedRow[]): string {
  const rejected = rows.filter((row) => row.fields === null);
  if (rejected.length === 0) return "";
  return [
    csvRow(["row", "problems", ...REJECTED_COLUMNS]),
    ...rejected.map((row) =>
      csvRow([
        row.row,
        row.problems.map((problem) => `${problem.field}: ${problem.message}`).join(" "),
        ...REJECTED_COLUMNS.map((name) => asText(row.values[name])),
      ]),
    ),
  ].join("");
}

function reportOf(format: ImportFormat, rows: CheckedRow[], importId: number | null): ImportReport {
  const added = rows.filter((row) => row.fields !== null).length;
  return {
    format,
    total: rows.length,
    added,
    rejected: rows.length - added,
    rows: rows.map((row) => ({
      row: row.row,
      status: row.fields ? "add" : "reject",
      artifactName: asText(row.values.artifactName).slice(0, 200),
      artifactType: asText(row.values.artifactType).slice(0, 40),
      problems: row.problems,
    })),
    rejectedCsv: rejectedCsv(rows),
    importId,
  };
}

/** The dry run: what the import would add, row by row, and every problem. Changes nothing. */
export async function previewImport(db: AppDatabase, file: ImportFile): Promise<ImportReport> {
  return reportOf(file.format, await checkRows(readImportFile(file), uploadKnownIn(db)), null);
}

export interface RunImportInput {
  file: ImportFile;
  fileName: string;
  requestId: string | null;
  now: number;
  /** FINDSPOT_PUBLIC_PRECISION: what the public sees of the rows' findspots. */
  findspotPublicPrecision: PlacePrecision;
}

/**
 * The import: every row that passes is added in one transaction, owned by the importer under their
 * name, and remembered for the undo; the rejected ones are reported as in the dry run.
 */
export async function runImport(
  db: AppDatabase,
  actor: Actor,
  input: RunImportInput,
): Promise<ImportReport> {
  const rows = await checkRows(readImportFile(input.file), uploadKnownIn(db));
  const { uploadRights } = siteRights(db);
  const acceptedRows = rows.flatMap((row) =>
    row.fields && row.places ? [{ fields: row.fields, places: row.places }] : [],
  );
  const accepted = acceptedRows.map((row) => fieldsToSave(row.fields, [], uploadRights));
  if (accepted.length === 0) return reportOf(input.file.format, rows, null);
  // The places' countries first, waiting for the gazetteer as places.set does (none without places).
  const placesOfRows = await withCountries(acceptedRows.map((row) => row.places));
  const importedAt = new Date(input.now);
  const importId = db.transaction(
    (tx) => {
      const { id } = tx
        .insert(imports)
        .values({
          ownerId: actor.id,
          fileName: input.fileName,
          added: accepted.length,
          rejected: rows.length - accepted.length,
          importedAt,
        })
        .returning({ id: imports.id })
        .get();
      for (let start = 0; start < accepted.length; start += INSERT_BATCH) {
        const batch = accepted.slice(start, start + INSERT_BATCH);
        // Pending whoever imports, each with its "new" entry and revision 1, as a member's new
        // artifact under REVIEW_MODE=pre (decision 068, amended by 074).
        const added = tx
          .insert(artifacts)
          .values(
            batch.map((fields) => ({
              ...writtenColumns(fields),
              ownerId: actor.id,
              username: actor.name,
              likeCount: 0,
              status: "pending" as const,
              addedAt: importedAt,
              editedAt: importedAt,
            })),
          )
          .returning({ id: artifacts.id })
          .all();
        // Ids rise in the order of the rows inserted; RETURNING's own order is unspecified.
        const ids = added.map((row) => row.id).sort((a, b) => a - b);
        ids.forEach((artifactId, index) => {
          writeImages(tx, artifactId, batch[index]!.images);
          const places = placesOfRows[start + index]!;
          writePlaces(tx, artifactId, places, input.findspotPublicPrecision);
        });
        tx.insert(importedArtifacts)
          .values(ids.map((artifactId) => ({ artifactId, importId: id, editedAt: importedAt })))
          .run();
        recordCreatedRevisions(
          tx,
          ids.map((artifactId, index) => ({ artifactId, fields: batch[index]! })),
          { actorId: actor.id, at: importedAt },
        );
        enqueueNewArtifacts(tx, ids, { submittedBy: actor.id, createdAt: importedAt });
      }
      appendAudit(tx, {
        actorId: actor.id,
        action: "import.run",
        requestId: input.requestId,
        details: { importId: String(id), added: String(accepted.length) },
      });
      return id;
    },
    { behavior: "immediate" },
  );
  return reportOf(input.file.format, rows, importId);
}

/** The curator's own imports, newest first, a page at a time (cursor: the last id seen). */
export function listImports(
  db: AppDatabase,
  actor: Actor,
  input: { cursor?: number | null | undefined; now: number },
): { items: ImportSummary[]; nextCursor: number | null } {
  const rows = db
    .select()
    .from(imports)
    .where(
      and(eq(imports.ownerId, actor.id), input.cursor ? lt(imports.id, input.cursor) : undefined),
    )
    .orderBy(desc(imports.id))
    .limit(IMPORTS_PAGE_SIZE + 1)
    .all();
  const page = rows.slice(0, IMPORTS_PAGE_SIZE);
  return {
    items: page.map((row) => ({
      id: row.id,
      fileName: row.fileName,
      added: row.added,
      rejected: row.rejected,
      importedAt: row.importedAt.getTime(),
      undoneAt: row.undoneAt?.getTime() ?? null,
      removed: row.removed,
      undoable: row.undoneAt === null && withinUndoWindow(row.importedAt.getTime(), input.now),
    })),
    nextCursor: rows.length > IMPORTS_PAGE_SIZE ? (page[page.length - 1]?.id ?? null) : null,
  };
}

function withinUndoWindow(importedAt: number, now: number): boolean {
  return now - importedAt <= IMPORT_UNDO_DAYS * DAY_MS;
}

/**
 * Undoes one of the actor's own imports within IMPORT_UNDO_DAYS: its artifacts that nobody has
 * edited since are removed (their likes with them); edited ones stay (decision 069).
 */
export function undoImport(
  db: AppDatabase,
  actor: Actor,
  input: { id: number; requestId: string | null; now: number },
): { removed: number; kept: number } {
  return db.transaction(
    (tx) => {
      const row = tx
        .select()
        .from(imports)
        .where(and(eq(imports.id, input.id), eq(imports.ownerId, actor.id)))
        .get();
      if (!row) throw new ServiceError("NOT_FOUND", OPEN_DATA_MESSAGES.importNotFound);
      if (row.undoneAt !== null) {
        throw new ServiceError("CONFLICT", OPEN_DATA_MESSAGES.importAlreadyUndone);
      }
      if (!withinUndoWindow(row.importedAt.getTime(), input.now)) {
        throw new ServiceError("CONFLICT", OPEN_DATA_MESSAGES.importTooOld);
      }
      const removed = tx
        .delete(artifacts)
        .where(
          sql`${artifacts.id} in (select ia.artifact_id from imported_artifacts ia
                join artifacts a on a.id = ia.artifact_id
                where ia.import_id = ${input.id} and a.edited_at = ia.edited_at)`,
        )
        .run().changes;
      const kept =
        tx
          .select({ kept: sql<number>`count(*)` })
          .from(importedArtifacts)
          .where(eq(importedArtifacts.importId, input.id))
          .get()?.kept ?? 0;
      tx.update(imports)
        .set({ undoneAt: new Date(input.now), removed })
        .where(eq(imports.id, input.id))
        .run();
      appendAudit(tx, {
        actorId: actor.id,
        action: "import.undo",
        requestId: input.requestId,
        details: { importId: String(input.id), removed: String(removed), kept: String(kept) },
      });
      return { removed, kept };
    },
    { behavior: "immediate" },
  );
}
