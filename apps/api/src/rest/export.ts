import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  EXPORT_COLUMNS,
  exportQuery,
  findOfRest,
  OPEN_DATA_MESSAGES,
} from "@artifact-atlas/shared";
import { MAX_CONCURRENT_EXPORTS } from "../deps";
import { exportStream, withImagesOfRows } from "../open-data/export";
import { prepareImagesOfArtifacts } from "../services/artifact-images";
import { holdSlot } from "../open-data/slots";
import { exportRows } from "../services/find";
import { OPTIONALLY_SIGNED_IN } from "./openapi";
import { siteRights } from "../services/site-rights";
import { failures, streamed } from "./declarations";

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
  const schema = {
    operationId: "exportArtifacts",
    summary: "Download the public collection as CSV or JSON-LD",
    description: `The public artifacts that GET /artifacts lists for the same parameters (q, in, type, era, fromYear, toYear, location, collection: the same meanings and limits), in id order (oldest first) whatever sort says, streamed as one file: every artifact once, however many. CSV has a header row (${EXPORT_COLUMNS.join(", ")}); a cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is written with a leading apostrophe. images is every image of the artifact, first its artifactImage, each with url, alt, caption, rights and credit (in CSV, a JSON list in one cell); rights is the first image's; metadataLicense is the licence this data is published under (also the Link header's rel="license", and the JSON-LD collection's license). JSON is JSON-LD: a schema.org Collection whose @graph holds the artifacts under these same names. No sign-in needed, but a private collection exports only for its members (404 for anyone else). At most ${MAX_CONCURRENT_EXPORTS} exports run at once.`,
    security: OPTIONALLY_SIGNED_IN,
    querystring: exportQuery,
    response: {
      200: {
        description: "The file, as an attachment (Content-Disposition); Cache-Control: no-store.",
        content: {
          "text/csv": { schema: streamed({ type: "string" }) },
          "application/ld+json": { schema: streamed({ type: "object" }) },
        },
      },
      ...failures([400, 404, 503], {
        reasons: {
          400: "Invalid filters; the message names each one.",
          404: "No collection with this id that you may see.",
          503: "Too many exports at once; Retry-After says how many seconds to wait.",
        },
      }),
    },
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const imagesOf = prepareImagesOfArtifacts(deps.db.$client);
  api.get("/export", { schema }, async (request, reply) => {
    const { query } = request;
    holdSlot(deps.exportSlots, reply, {
      code: "SERVICE_UNAVAILABLE",
      message: OPEN_DATA_MESSAGES.exportBusy,
      retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
    });
    // Exactly what GET /artifacts shows for the same parameters, in id order, with the images.
    const viewer = request.session?.user ?? null;
    const rows = exportRows(deps.artifactStore, viewer, findOfRest(query));
    const read = withImagesOfRows(rows, imagesOf);
    const context = {
      origin: deps.env.publicOrigin,
      metadataLicense: siteRights(deps.db).metadataLicense,
    };
    return reply
      .header("cache-control", "no-store")
      .header(
        "content-disposition",
        `attachment; filename="${fileName(query.format, new Date(deps.now()))}"`,
      )
      .type(
        query.format === "csv"
          ? "text/csv; charset=utf-8; header=present"
          : "application/ld+json; charset=utf-8",
      )
      .header("link", `<${context.metadataLicense}>; rel="license"`)
      .send(exportStream(query.format, read, context));
  });
}
