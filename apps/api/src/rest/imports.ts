import type { FastifyInstance } from "fastify";
import {
  IMPORT_MAX_BYTES,
  importQuery,
  OPEN_DATA_MESSAGES,
  type ImportReport,
} from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../rate-limit";
import { ServiceError } from "../services/errors";
import { previewImport, runImport, type ImportFile } from "../services/imports";
import { parseInput, requireRole } from "./http";

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
  await app.register(async (scope) => {
    scope.addContentTypeParser(CSV_TYPE, { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    // Both JSON types through Fastify's own parser (and its prototype-poisoning guard).
    const parseJson = scope.getDefaultJsonParser("error", "error");
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(JSON_TYPES, { parseAs: "string" }, parseJson);

    scope.post(
      "/imports",
      {
        bodyLimit: IMPORT_MAX_BYTES,
        // The product's words for a file over the limit; every other error as everywhere else.
        errorHandler: (error, _request, reply) => {
          if (error.code !== "FST_ERR_CTP_BODY_TOO_LARGE") throw error;
          return reply.code(413).send({ error: OPEN_DATA_MESSAGES.importTooLarge });
        },
        onRequest: async (request, reply) => {
          const user = requireRole(request, "curator");
          assertWriteAllowed(deps.writeRateLimiter, user);
          const release = deps.importSlots.take();
          if (!release) {
            throw new ServiceError(
              "TOO_MANY_REQUESTS",
              OPEN_DATA_MESSAGES.importBusy,
              IMPORT_RETRY_AFTER_SECONDS,
            );
          }
          reply.raw.once("close", release);
        },
      },
      async (request, reply): Promise<ImportReport> => {
        const user = requireRole(request, "curator");
        const query = parseInput(importQuery, request.query, "query");
        const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        let file: ImportFile;
        if (type === CSV_TYPE && typeof request.body === "string") {
          file = { format: "csv", text: request.body };
        } else if (JSON_TYPES.includes(type)) {
          file = { format: "json", value: request.body };
        } else {
          throw new ServiceError("BAD_REQUEST", OPEN_DATA_MESSAGES.importFormat);
        }
        if (query.dryRun) return previewImport(file);
        const report = await runImport(deps.db, user, {
          file,
          fileName: query.fileName || `import.${file.format}`,
          requestId: request.id,
          now: deps.now(),
        });
        reply.code(report.importId === null ? 200 : 201);
        return report;
      },
    );
  });
}
