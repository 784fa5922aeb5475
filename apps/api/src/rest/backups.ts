import { createReadStream } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { backupNameInput } from "@artifact-atlas/shared";
import { databaseFileOf, findBackup } from "../backups/records";
import { ServiceError } from "../services/errors";
import { failures, streamed } from "./declarations";
import { ADMIN } from "./http";

/**
 * Download one backup's database file (issue 35), for the Backups tab's link and for scripts:
 * admins only. Its images are beside it on the server (docs/operating-atlas.md).
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const schema = {
    operationId: "adminDownloadBackup",
    summary: "Download a backup's database file (admins only)",
    description:
      "The SQLite file of one backup listed on the Backups tab, checked when it was made; restore it with pnpm db:restore FILE.",
    params: backupNameInput,
    response: {
      200: {
        description: "The file.",
        content: { "application/vnd.sqlite3": { schema: streamed({ type: "string" }) } },
      },
      ...failures([401, 403, 404]),
    },
  };
  api.get(
    "/admin/backups/:name/download",
    { schema, config: { access: ADMIN } },
    async (request, reply) => {
      const backup = findBackup(deps.backups.folder, request.params.name);
      if (!backup) throw new ServiceError("NOT_FOUND", "No backup has this name.");
      reply
        .type("application/vnd.sqlite3")
        .header("content-length", String(backup.bytes))
        .header("content-disposition", `attachment; filename="${backup.name}.db"`);
      return reply.send(createReadStream(databaseFileOf(deps.backups.folder, backup.name)));
    },
  );
}
