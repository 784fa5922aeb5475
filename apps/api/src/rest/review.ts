import type { FastifyInstance } from "fastify";
import { decisionInput, reportInput, reviewQueueQuery, trashQuery } from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../rate-limit";
import { reportArtifact } from "../services/reports";
import { decideEntry, reviewQueuePage, reviewReasonList } from "../services/review";
import { ServiceError } from "../services/errors";
import { restoreArtifact, trashPage } from "../services/trash";
import { idOrNotFound, parseInput, requireRole, requireWriter } from "./http";

interface IdParams {
  id: string;
}

interface EntryParams {
  entryId: string;
}

/**
 * Reports, the review queue and the trash for scripts (issue 17): the same services as tRPC's
 * reports, review and trash routers, with identity and role from the session.
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.post<{ Params: IdParams }>("/artifacts/:id/reports", async (request, reply) => {
    const user = requireWriter(request, deps);
    const id = idOrNotFound(request.params.id);
    const body = parseInput(reportInput.omit({ id: true }), request.body, "body");
    const created = reportArtifact(
      deps.db,
      user,
      { id, ...body },
      { requestId: request.id, now: deps.now() },
    );
    return reply.code(201).send(created);
  });

  app.get("/review-queue", async (request) => {
    const user = requireRole(request, "curator");
    const query = parseInput(reviewQueueQuery, request.query, "query");
    return reviewQueuePage(deps.db, user, query);
  });

  app.post<{ Params: EntryParams }>("/review-queue/:entryId", async (request) => {
    const user = requireRole(request, "curator");
    assertWriteAllowed(deps.writeRateLimiter, user);
    const body = parseInput(decisionInput.omit({ entryId: true }), request.body, "body");
    const entryId = Number(request.params.entryId);
    if (!Number.isSafeInteger(entryId) || entryId < 1) {
      throw new ServiceError("NOT_FOUND", "No such entry in the review queue.");
    }
    return decideEntry(
      deps.db,
      user,
      { entryId, ...body },
      { requestId: request.id, now: deps.now() },
    );
  });

  app.get("/review-reasons", async (request) => {
    requireRole(request, "curator");
    return reviewReasonList(deps.db);
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
    return restoreArtifact(deps.db, user, { id }, { requestId: request.id, now: deps.now() });
  });
}
