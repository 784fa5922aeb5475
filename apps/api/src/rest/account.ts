import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { trashQuery } from "@artifact-atlas/shared";
import { exportAccountData } from "../services/account-export";
import { ownTrashPage, restoreOwnArtifact } from "../services/trash";
import { artifactParams, failures, json, streamed } from "./declarations";
import { requireUser, serviceContext, SIGNED_IN, WRITER } from "./http";
import { restTrashPage, restTrashRestored } from "./review-schemas";

/** The file name a browser saves Download my data under. */
export const ACCOUNT_DATA_FILE_NAME = "artifact-atlas-my-data.json";

/**
 * The signed-in person's own things. Download my data, for the Update Profile screen's link and
 * for scripts alike: a file, streamed a page of rows at a time (services/account-export.ts), of
 * their own data only. Their trash (issue 29): what they deleted, to restore.
 */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  const schema = {
    operationId: "downloadMyData",
    summary:
      "Download my data: the signed-in account, its artifacts with their history, its likes, reports, comments, suggestions and follows",
    description:
      "One JSON file, sent as an attachment: { exportedAt, account, artifacts, history, likes, reports, comments, suggestions, agreements, follows }. Only the signed-in person's own data; never a password hash, a token or anyone else's rows: a revision someone else saved of your artifact says byYou: false and names no one, and a report says how it was decided but not by whom.",
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

  const api = app.withTypeProvider<ZodTypeProvider>();
  const trash = {
    operationId: "myTrash",
    summary: "My deleted artifacts, most recently deleted first; purged after 30 days",
    description:
      "The signed-in person's own artifacts in the trash, with the day the server deletes each for good.",
    querystring: trashQuery,
    response: { 200: json("A page of my trash.", restTrashPage), ...failures([400, 401]) },
  };
  api.get("/account/trash", { schema: trash, config: { access: SIGNED_IN } }, async (request) =>
    ownTrashPage(deps.db, requireUser(request), request.query),
  );

  const restore = {
    operationId: "restoreMyArtifact",
    summary: "Restore one of my deleted artifacts, with its id, likes, review state and history",
    description:
      "Only the signed-in person's own artifact: anyone else's answers 404, as one not in the trash does. It comes back as it was, pending, rejected or hidden included.",
    params: artifactParams,
    response: { 200: json("Restored.", restTrashRestored), ...failures([401, 404, 429]) },
  };
  api.post(
    "/account/trash/:id/restore",
    { schema: restore, config: { access: WRITER } },
    async (request) =>
      restoreOwnArtifact(
        deps.db,
        requireUser(request),
        request.params,
        serviceContext(deps, request),
      ),
  );
}
