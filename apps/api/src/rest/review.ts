import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reviewQueueQuery, trashQuery } from "@artifact-atlas/shared";
import { reportArtifact } from "../services/reports";
import { decideEntry, reviewQueuePage, reviewReasonList } from "../services/review";
import { restoreArtifact, trashPage } from "../services/trash";
import { artifactParams, bodies, entryParams, failures, json } from "./declarations";
import { CURATOR, CURATOR_WRITES, requireUser, WRITER } from "./http";
import {
  restDecision,
  restQueuePage,
  restReportCreated,
  restReviewReasons,
  restTrashPage,
  restTrashRestored,
} from "./review-schemas";

const curators = "Curators and admins only (403 for members).";

/**
 * Reports, the review queue and the trash for scripts (issue 17): the same services as tRPC's
 * reports, review and trash routers, with identity and role from the session.
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const report = {
    operationId: "reportArtifact",
    summary: "Report a public artifact; one open report per person and artifact",
    description:
      "The report waits in the review queue. Spam reports from three accounts hide the artifact until a curator decides.",
    params: artifactParams,
    body: bodies.report,
    response: {
      201: json("Reported.", restReportCreated),
      ...failures([400, 401, 404, 409, 413, 429]),
    },
  };
  api.post(
    "/artifacts/:id/reports",
    { schema: report, config: { access: WRITER } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = { ...request.params, ...request.body };
      const created = reportArtifact(deps.db, user, input, { requestId: request.id });
      return reply.code(201).send(created);
    },
  );

  const queue = {
    operationId: "reviewQueue",
    summary: "The entries waiting for a decision, oldest first",
    description: `${curators} Pass nextCursor as cursor for the next page.`,
    querystring: reviewQueueQuery,
    response: { 200: json("A page of the queue.", restQueuePage), ...failures([400, 401, 403]) },
  };
  api.get("/review-queue", { schema: queue, config: { access: CURATOR } }, async (request) =>
    reviewQueuePage(deps.db, requireUser(request), request.query),
  );

  const decide = {
    operationId: "decideEntry",
    summary:
      "Decide an entry: approve, reject, hide, unhide (new artifacts, edits), uphold, dismiss (reports)",
    description: `${curators} reject, hide and unhide need a reason from GET /review-reasons (any letter case). An entry is decided once: a second decision answers 409 naming who decided. Nobody decides about their own artifact (403).`,
    params: entryParams,
    body: bodies.decision,
    response: {
      200: json("Decided.", restDecision),
      ...failures([400, 401, 403, 404, 409, 413, 429]),
    },
  };
  api.post(
    "/review-queue/:entryId",
    { schema: decide, config: { access: CURATOR_WRITES } },
    async (request) => {
      const input = { ...request.params, ...request.body };
      return decideEntry(deps.db, requireUser(request), input, { requestId: request.id });
    },
  );

  const reasons = {
    operationId: "reviewReasons",
    summary: "The reasons a decision may give",
    description: curators,
    response: { 200: json("The list.", restReviewReasons), ...failures([401, 403]) },
  };
  api.get("/review-reasons", { schema: reasons, config: { access: CURATOR } }, async () =>
    reviewReasonList(deps.db),
  );

  const trash = {
    operationId: "trash",
    summary: "Deleted artifacts, most recently deleted first; purged after 30 days",
    description: curators,
    querystring: trashQuery,
    response: { 200: json("A page of the trash.", restTrashPage), ...failures([400, 401, 403]) },
  };
  api.get("/trash", { schema: trash, config: { access: CURATOR } }, async (request) =>
    trashPage(deps.db, request.query),
  );

  const restore = {
    operationId: "restoreArtifact",
    summary: "Restore an artifact from the trash, with its id, likes and history",
    description: curators,
    params: artifactParams,
    response: { 200: json("Restored.", restTrashRestored), ...failures([401, 403, 404, 429]) },
  };
  api.post(
    "/trash/:id/restore",
    { schema: restore, config: { access: CURATOR_WRITES } },
    async (request) =>
      restoreArtifact(deps.db, requireUser(request), request.params, { requestId: request.id }),
  );
}
