import type { z } from "zod";
import {
  EXPORT_COLUMNS,
  exportQuery,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_UNDO_DAYS,
  importQuery,
} from "@artifact-atlas/shared";
import { MAX_CONCURRENT_EXPORTS } from "../deps";
import { signedIn } from "./openapi-security";

type JsonSchema = Record<string, unknown>;

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The open-data paths of issue 21 (export, import), part of GET /openapi.json. */
export function openDataPaths(queryParameters: (schema: z.ZodObject) => JsonSchema[]) {
  return {
    "/export": {
      get: {
        operationId: "exportArtifacts",
        summary: "Download the public collection as CSV or JSON-LD",
        description: `The public artifacts that GET /artifacts lists for the same parameters (q, in, type, era, fromYear, toYear, location: the same meanings and limits), in id order (oldest first) whatever sort says, streamed as one file: every artifact once, however many. CSV has a header row (${EXPORT_COLUMNS.join(", ")}); a cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is written with a leading apostrophe. JSON is JSON-LD: a schema.org Collection whose @graph holds the artifacts under these same names. No sign-in needed. At most ${MAX_CONCURRENT_EXPORTS} exports run at once.`,
        security: [{}],
        parameters: queryParameters(exportQuery),
        responses: {
          "200": {
            description:
              "The file, as an attachment (Content-Disposition); Cache-Control: no-store.",
            content: {
              "text/csv": { schema: { type: "string" } },
              "application/ld+json": { schema: { type: "object" } },
            },
          },
          "400": errorAnswer("Invalid filters; the message names each one."),
          "503": errorAnswer(
            "Too many exports at once; Retry-After says how many seconds to wait.",
          ),
        },
      },
    },
    "/imports": {
      post: {
        operationId: "importArtifacts",
        summary: "Check or import a CSV or JSON file of artifacts (curators and admins)",
        description: `The body is the file, in the shape GET /export writes (CSV with a header row, or a JSON array or JSON-LD with a @graph), at most ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MiB. Each row is checked with the rules of POST /artifacts; the answer lists every row with its number (a CSV's header is row 1) and every problem by field, and the rejected rows as CSV. With dryRun=false the rows that pass are added in one transaction, owned by you, and the import can be undone for ${IMPORT_UNDO_DAYS} days (tRPC imports.undo). One import runs at a time.`,
        security: signedIn,
        parameters: queryParameters(importQuery),
        requestBody: {
          required: true,
          content: {
            "text/csv": { schema: { type: "string" } },
            "application/json": { schema: { type: "array", items: { type: "object" } } },
            "application/ld+json": { schema: { type: "object" } },
          },
        },
        responses: {
          "200": { description: "The dry run's report (or an import that added nothing)." },
          "201": { description: "Imported: the report, with importId." },
          "400": errorAnswer("A file that cannot be read, is empty, or holds too many rows."),
          "401": errorAnswer("Not signed in."),
          "403": errorAnswer("Not a curator or admin."),
          "413": errorAnswer(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MiB.`),
          "429": errorAnswer("Another import is running, or too many writes; see Retry-After."),
        },
      },
    },
  };
}
