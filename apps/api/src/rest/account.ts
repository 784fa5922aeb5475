import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { exportAccountData } from "../services/account-export";
import { requireUser } from "./http";

/** The file name a browser saves Download my data under. */
export const ACCOUNT_DATA_FILE_NAME = "artifact-atlas-my-data.json";

/**
 * Download my data, for the Update Profile screen's link and for scripts alike: a file, streamed
 * a page of rows at a time (services/account-export.ts), of the signed-in person's own data only.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get("/account/data", async (request, reply) => {
    const user = requireUser(request);
    reply
      .type("application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`);
    return reply.send(Readable.from(exportAccountData(deps.db, user, deps.now())));
  });
}
