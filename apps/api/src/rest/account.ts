import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { exportAccountData } from "../services/account-export";
import { failures, streamed } from "./declarations";
import { requireUser, SIGNED_IN } from "./http";

/** The file name a browser saves Download my data under. */
export const ACCOUNT_DATA_FILE_NAME = "artifact-atlas-my-data.json";

/**
 * Download my data, for the Update Profile screen's link and for scripts alike: a file, streamed
 * a page of rows at a time (services/account-export.ts), of the signed-in person's own data only.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  const schema = {
    operationId: "downloadMyData",
    summary:
      "Download my data: the signed-in account, its artifacts with their history, its likes and its reports",
    description:
      "One JSON file, sent as an attachment: { exportedAt, account, artifacts, history, likes, reports }. Only the signed-in person's own data; never a password hash, a token or anyone else's rows: a revision someone else saved of your artifact says byYou: false and names no one, and a report says how it was decided but not by whom.",
    response: {
      200: {
        description: "The file.",
        headers: {
          "Content-Disposition": {
            description: `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`,
            type: "string",
          },
        },
        content: { "application/json": { schema: streamed({ type: "object" }) } },
      },
      ...failures([401]),
    },
  };
  app.get("/account/data", { schema, config: { access: SIGNED_IN } }, async (request, reply) => {
    const user = requireUser(request);
    reply
      .type("application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`);
    return reply.send(Readable.from(exportAccountData(deps.db, user, deps.now())));
  });
}
