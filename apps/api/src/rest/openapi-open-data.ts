import type { z } from "zod";
import { EXPORT_COLUMNS, exportQuery } from "@artifact-atlas/shared";
import { MAX_CONCURRENT_EXPORTS } from "../deps";

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
        description: `The public artifacts that search and type choose (search as the All Artifacts screen's, type as GET /artifacts's), oldest first, streamed as one file: every artifact once, however many. CSV has a header row (${EXPORT_COLUMNS.join(", ")}); a cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is written with a leading apostrophe. JSON is JSON-LD: a schema.org Collection whose @graph holds the artifacts under these same names. No sign-in needed. At most ${MAX_CONCURRENT_EXPORTS} exports run at once.`,
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
  };
}
