import type { FastifyInstance } from "fastify";
import { exportQuery, OPEN_DATA_MESSAGES } from "@artifact-atlas/shared";
import { exportStream } from "../open-data/export";
import { exportRows } from "../services/find";
import { findQueryOf } from "./find-query";
import { parseInput } from "./http";

/** Seconds a client turned away for lack of an export slot should wait. */
const EXPORT_RETRY_AFTER_SECONDS = 5;

/** The day in a download's file name (UTC): artifact-atlas-2026-11-26.csv. */
function fileName(format: "csv" | "json", now: Date): string {
  return `artifact-atlas-${now.toISOString().slice(0, 10)}.${format === "csv" ? "csv" : "jsonld"}`;
}

/**
 * GET /export: the public artifacts that the filters choose, as CSV or JSON-LD, streamed in id
 * order (docs/decisions/067-export.md). Public like the collection: no sign-in needed.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  app.get("/export", async (request, reply) => {
    const query = parseInput(exportQuery, request.query, "query");
    const release = deps.exportSlots.take();
    if (!release) {
      return reply
        .code(503)
        .header("retry-after", String(EXPORT_RETRY_AFTER_SECONDS))
        .send({ error: OPEN_DATA_MESSAGES.exportBusy });
    }
    // The place is given back when the answer ends: finished, failed or the client gone.
    reply.raw.once("close", release);
    // Exactly what GET /artifacts shows for the same parameters, in id order.
    const read = exportRows(deps.artifactStore, findQueryOf(query));
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="${fileName(query.format, new Date())}"`)
      .type(
        query.format === "csv"
          ? "text/csv; charset=utf-8; header=present"
          : "application/ld+json; charset=utf-8",
      )
      .send(exportStream(query.format, read, deps.env.publicOrigin));
  });
}
