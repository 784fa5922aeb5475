import type { FastifyInstance } from "fastify";
import {
  decisionInput,
  hiddenQuery,
  importDecisionInput,
  newAccountReportsDismissal,
  reportInput,
  reviewQueueQuery,
  trashQuery,
  unhideInput,
} from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../rate-limit";
import { ServiceError } from "../services/errors";
import { hiddenArtifactsPage, unhideArtifact } from "../services/hidden";
import { reportArtifact, withdrawReport } from "../services/reports";
import { decideEntry, reviewQueuePage } from "../services/review";
import { decideImport, dismissNewAccountReports, reviewGroups } from "../services/review-groups";
import { reviewReasonList } from "../services/review-reasons";
import { restoreArtifact, trashPage } from "../services/trash";
import { idOrNotFound, parseInput, requireRole, requireWriter } from "./http";

interface IdParams {
  id: string;
}

interface EntryParams {
  entryId: string;
}

interface ImportParams {
  importId: string;
}

/** A path's id that is not a positive whole number names nothing: 404, as an unknown one. */
function pathIdOrNotFound(value: string, message: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new ServiceError("NOT_FOUND", message);
  return id;
}

/**
 * Reports, the review queue, hidden artifacts and the trash for scripts (issues 17, 28, 29): the
 * same services as tRPC's reports and review routers, with identity and role from the session.
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.post<{ Params: IdParams }>("/artifacts/:id/reports", async (request, reply) => {
    const user = requireWriter(request, deps);
    const id = idOrNotFound(request.params.id);
    const body = parseInput(reportInput.omit({ id: true }), request.body, "body");
    const ip = deps.clientAddress.of(request.raw) ?? "";
    const created = reportArtifact(deps, user, { id, ...body }, { requestId: request.id, ip });
    return reply.code(201).send(created);
  });

  app.delete<{ Params: IdParams }>("/artifacts/:id/reports", async (request) => {
    const user = requireWriter(request, deps);
    const id = idOrNotFound(request.params.id);
    return withdrawReport(deps.db, user, { id }, { requestId: request.id });
  });

  app.get("/review-queue", async (request) => {
    const user = requireRole(request, "curator");
    const query = parseInput(reviewQueueQuery, request.query, "query");
    return reviewQueuePage(deps.db, user, query);
  });

  app.get("/review-queue/groups", async (request) => {
    const user = requireRole(request, "curator");
    return reviewGroups(deps.db, user);
  });

  app.post<{ Params: EntryParams }>("/review-queue/:entryId", async (request) => {
    const user = requireRole(request, "curator");
    assertWriteAllowed(deps.writeRateLimiter, user);
    const body = parseInput(decisionInput.omit({ entryId: true }), request.body, "body");
    const entryId = pathIdOrNotFound(request.params.entryId, "No such entry in the review queue.");
    return decideEntry(deps.db, user, { entryId, ...body }, { requestId: request.id });
  });

  app.post<{ Params: ImportParams }>("/review-queue/imports/:importId", async (request) => {
    const user = requireRole(request, "curator");
    assertWriteAllowed(deps.writeRateLimiter, user);
    const body = parseInput(importDecisionInput.omit({ importId: true }), request.body, "body");
    const importId = pathIdOrNotFound(request.params.importId, "No such import waits for review.");
    return decideImport(deps.db, user, { importId, ...body }, { requestId: request.id });
  });

  app.post("/review-queue/new-account-reports/dismiss", async (request) => {
    const user = requireRole(request, "curator");
    assertWriteAllowed(deps.writeRateLimiter, user);
    const body = parseInput(newAccountReportsDismissal, request.body, "body");
    return dismissNewAccountReports(deps.db, user, body, { requestId: request.id });
  });

  app.get("/review-reasons", async (request) => {
    requireRole(request, "curator");
    return reviewReasonList(deps.db);
  });

  app.get("/hidden-artifacts", async (request) => {
    requireRole(request, "curator");
    const query = parseInput(hiddenQuery, request.query, "query");
    return hiddenArtifactsPage(deps.db, query);
  });

  app.post<{ Params: IdParams }>("/artifacts/:id/unhide", async (request) => {
    const user = requireRole(request, "curator");
    assertWriteAllowed(deps.writeRateLimiter, user);
    const id = idOrNotFound(request.params.id);
    const body = parseInput(unhideInput.omit({ id: true }), request.body, "body");
    return unhideArtifact(deps.db, user, { id, ...body }, { requestId: request.id });
  });

  app.get("/trash", async (request) => {
    requireRole(request, "curator");
    const query = parseInput(trashQuery, request.query, "query");
    return trashPage(deps.db, query);
  });

  app.post<{ Params: IdParams }>("/trash/:id/restore", async (request) => {
    const user = requireRole(request, "curator");
    assertWriteAllowed(deps.writeRateLimiter, user);
    const id = idOrNotFound(request.params.id);
    return restoreArtifact(deps.db, user, { id }, { requestId: request.id });
  });
}
