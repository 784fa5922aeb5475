import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { hiddenQuery, reviewQueueQuery, trashQuery } from "@artifact-atlas/shared";
import { hiddenArtifactsPage, unhideArtifact } from "../services/hidden";
import { reportArtifact, withdrawReport } from "../services/reports";
import { decideEntry, reviewQueuePage } from "../services/review";
import { decideImport, dismissNewAccountReports, reviewGroups } from "../services/review-groups";
import { reviewReasonList } from "../services/review-reasons";
import { restoreArtifact, trashPage } from "../services/trash";
import { artifactParams, bodies, entryParams, failures, importParams, json } from "./declarations";
import { CURATOR, CURATOR_WRITES, requireUser, serviceContext, WRITER } from "./http";
import {
  restDecision,
  restDismissedNewAccountReports,
  restHiddenPage,
  restImportDecision,
  restQueuePage,
  restReportCreated,
  restReportWithdrawn,
  restReviewGroups,
  restReviewReasons,
  restTrashPage,
  restTrashRestored,
  restUnhidden,
} from "./review-schemas";

const curators = "Curators and admins only (403 for members).";

/**
 * Reports, the review queue, its groups, hidden artifacts and the trash for scripts (issues 17,
 * 28, 29): the same services as tRPC's reports, review and trash routers, with identity and role
 * from the session.
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const report = {
    operationId: "reportArtifact",
    summary: "Report a public artifact; one open report per person and artifact",
    description:
      "The report waits in the review queue. Spam reports from three established accounts (older than three days, with something a curator approved) hide the artifact until a curator decides; the hide is undone when those reports are dismissed or withdrawn. Ten reports an hour per account and thirty per address (429).",
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
      const context = serviceContext(deps, request);
      return reply.code(201).send(reportArtifact(deps, user, input, context));
    },
  );

  const withdraw = {
    operationId: "withdrawReport",
    summary: "Withdraw your open report about an artifact",
    description: "404 when you have none open. No body.",
    params: artifactParams,
    response: {
      200: json("Withdrawn.", restReportWithdrawn),
      ...failures([401, 404, 429]),
    },
  };
  api.delete(
    "/artifacts/:id/reports",
    { schema: withdraw, config: { access: WRITER } },
    async (request) =>
      withdrawReport(deps.db, requireUser(request), request.params, serviceContext(deps, request)),
  );

  const queue = {
    operationId: "reviewQueue",
    summary: "The entries waiting for a decision, oldest first",
    description: `${curators} The queue itself, one import's rows (importId), or the reports from new accounts (group=new-accounts). Pass nextCursor as cursor for the next page.`,
    querystring: reviewQueueQuery,
    response: { 200: json("A page of the queue.", restQueuePage), ...failures([400, 401, 403]) },
  };
  api.get("/review-queue", { schema: queue, config: { access: CURATOR } }, async (request) =>
    reviewQueuePage(deps.db, requireUser(request), request.query),
  );

  const groups = {
    operationId: "reviewGroups",
    summary: "The imports with rows waiting, and the reports from new accounts as one group",
    description: `${curators} Each is decided at once: POST /review-queue/imports/{importId}, POST /review-queue/new-account-reports/dismiss.`,
    response: { 200: json("The groups.", restReviewGroups), ...failures([401, 403]) },
  };
  api.get(
    "/review-queue/groups",
    { schema: groups, config: { access: CURATOR } },
    async (request) => reviewGroups(deps.db, requireUser(request)),
  );

  const decide = {
    operationId: "decideEntry",
    summary:
      "Decide an entry: approve, reject, hide, unhide (new artifacts, edits), uphold, dismiss (reports)",
    description: `${curators} Send the entry's revision and version as you read them: when it changed since, 409 and nothing is decided. reject, hide and unhide need a reason from GET /review-reasons (any letter case). Rejecting an edit undoes it as a new revision (409 when later edits changed the same fields). An entry is decided once: a second decision answers 409 naming who decided. Nobody decides about their own artifact or entry (403).`,
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
      return decideEntry(deps.db, requireUser(request), input, serviceContext(deps, request));
    },
  );

  const decideWhole = {
    operationId: "decideImport",
    summary: "Approve or reject every row of an import still waiting, at once",
    description: `${curators} Send waiting and lastRevisionId as read from GET /review-queue/groups: when a row was decided, edited or removed since, 409. reject needs a reason. One notification to the importer, one audit line. Not your own import (403).`,
    params: importParams,
    body: bodies.importDecision,
    response: {
      200: json("Decided.", restImportDecision),
      ...failures([400, 401, 403, 404, 409, 413, 429], {
        reasons: { 404: "No import with rows waiting for review has this id." },
      }),
    },
  };
  api.post(
    "/review-queue/imports/:importId",
    { schema: decideWhole, config: { access: CURATOR_WRITES } },
    async (request) => {
      const input = { ...request.params, ...request.body };
      return decideImport(deps.db, requireUser(request), input, serviceContext(deps, request));
    },
  );

  const dismiss = {
    operationId: "dismissNewAccountReports",
    summary: "Dismiss the open reports from new accounts, up to the newest you were shown",
    description: `${curators} At most 1,000 at a time (remaining says how many are left); none about your own artifacts. One audit line.`,
    body: bodies.dismissNewAccountReports,
    response: {
      200: json("Dismissed.", restDismissedNewAccountReports),
      ...failures([400, 401, 403, 413, 429]),
    },
  };
  api.post(
    "/review-queue/new-account-reports/dismiss",
    { schema: dismiss, config: { access: CURATOR_WRITES } },
    async (request) =>
      dismissNewAccountReports(
        deps.db,
        requireUser(request),
        request.body,
        serviceContext(deps, request),
      ),
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

  const hidden = {
    operationId: "hiddenArtifacts",
    summary: "Hidden artifacts, newest first, with the reason",
    description: `${curators} automatic: hidden by the server after spam reports. Pass nextCursor as cursor for the next page.`,
    querystring: hiddenQuery,
    response: {
      200: json("A page of hidden artifacts.", restHiddenPage),
      ...failures([400, 401, 403]),
    },
  };
  api.get("/hidden-artifacts", { schema: hidden, config: { access: CURATOR } }, async (request) =>
    hiddenArtifactsPage(deps.db, request.query),
  );

  const unhide = {
    operationId: "unhideArtifact",
    summary: "Publish a hidden artifact again, with a reason from GET /review-reasons",
    description: `${curators} Also settles the open spam reports about it. Not your own artifact (403); 409 when it is not hidden.`,
    params: artifactParams,
    body: bodies.unhide,
    response: {
      200: json("Unhidden.", restUnhidden),
      ...failures([400, 401, 403, 404, 409, 413, 429]),
    },
  };
  api.post(
    "/artifacts/:id/unhide",
    { schema: unhide, config: { access: CURATOR_WRITES } },
    async (request) => {
      const input = { ...request.params, ...request.body };
      return unhideArtifact(deps.db, requireUser(request), input, serviceContext(deps, request));
    },
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
      restoreArtifact(deps.db, requireUser(request), request.params, serviceContext(deps, request)),
  );
}
