import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_UNDO_DAYS,
  importQuery,
  importReport,
  OPEN_DATA_MESSAGES,
} from "@artifact-atlas/shared";
import { ServiceError } from "../services/errors";
import { holdSlot } from "../open-data/slots";
import { previewImport, runImport, type ImportFile } from "../services/imports";
import { failures, json } from "./declarations";
import { CURATOR_WRITES, requireUser } from "./http";

const IMPORT_RETRY_AFTER_SECONDS = 5;
const CSV_TYPE = "text/csv";
const JSON_TYPES = ["application/json", "application/ld+json"];

/**
 * POST /imports (issue 21): a curator's CSV or JSON file as the request body, checked (dryRun,
 * the default) or imported. The only route besides POST /images whose body may exceed 64 KiB: its
 * own limit, IMPORT_MAX_BYTES, and one import at a time; who is asking is checked before a byte
 * of the body is read (docs/decisions/068-import.md).
 */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const access = { ...CURATOR_WRITES, beforeBody: true };
  const megabytes = IMPORT_MAX_BYTES / 1024 / 1024;
  const schema = {
    operationId: "importArtifacts",
    summary: "Check or import a CSV or JSON file of artifacts (curators and admins)",
    description: `The body is the file, in the shape GET /export writes (CSV with a header row, or a JSON array or JSON-LD with a @graph), at most ${IMPORT_MAX_ROWS} rows and ${megabytes} MiB. Each row is checked with the rules of POST /artifacts; the answer lists every row with its number (a CSV's header is row 1) and every problem by field, and the rejected rows as CSV. With dryRun=false the rows that pass are added in one transaction, owned by you, and the import can be undone for ${IMPORT_UNDO_DAYS} days (tRPC imports.undo). One import runs at a time.`,
    querystring: importQuery,
    documentedBody: {
      "text/csv": { schema: { type: "string" } },
      "application/json": { schema: { type: "array", items: { type: "object" } } },
      "application/ld+json": { schema: { type: "object" } },
    },
    response: {
      200: json("The dry run's report (or an import that added nothing).", importReport),
      201: json("Imported: the report, with importId.", importReport),
      ...failures([400, 401, 403, 413, 429], {
        reasons: {
          400: "A file that cannot be read, is empty, or holds too many rows.",
          403: "Not a curator or admin.",
          413: `The file is larger than ${megabytes} MiB.`,
          429: "Another import is running, or too many writes; see Retry-After.",
        },
      }),
    },
  };
  await app.register(async (scope) => {
    scope.addContentTypeParser(CSV_TYPE, { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    // Both JSON types through Fastify's own parser (and its prototype-poisoning guard).
    const parseJson = scope.getDefaultJsonParser("error", "error");
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(JSON_TYPES, { parseAs: "string" }, parseJson);

    scope.withTypeProvider<ZodTypeProvider>().post(
      "/imports",
      {
        schema,
        config: { access },
        bodyLimit: IMPORT_MAX_BYTES,
        // The product's words for a file over the limit; every other error as everywhere else.
        errorHandler: (error, _request, reply) => {
          if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
          return reply.code(413).send({ error: OPEN_DATA_MESSAGES.importTooLarge });
        },
        // After the access check (beforeBody), and as it, before a byte of the body is read.
        onRequest: async (_request, reply) => {
          holdSlot(deps.importSlots, reply, {
            code: "TOO_MANY_REQUESTS",
            message: OPEN_DATA_MESSAGES.importBusy,
            retryAfterSeconds: IMPORT_RETRY_AFTER_SECONDS,
          });
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { query } = request;
        const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        let file: ImportFile;
        if (type === CSV_TYPE && typeof request.body === "string") {
          file = { format: "csv", text: request.body };
        } else if (JSON_TYPES.includes(type)) {
          file = { format: "json", value: request.body };
        } else {
          throw new ServiceError("BAD_REQUEST", OPEN_DATA_MESSAGES.importFormat);
        }
        if (query.dryRun) return previewImport(deps.db, file);
        const report = await runImport(deps.db, user, {
          file,
          fileName: query.fileName || `import.${file.format}`,
          requestId: request.id,
          now: deps.now(),
          findspotPublicPrecision: deps.env.findspotPublicPrecision,
        });
        reply.code(report.importId === null ? 200 : 201);
        return report;
      },
    );
  });
}
