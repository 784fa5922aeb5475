import type { FastifyInstance } from "fastify";
import {
  MESSAGES,
  REST_MAX_PAGE_SIZE,
  restPageQuery,
  restRevisionCompareQuery,
  revisionNumberParam,
} from "@artifact-atlas/shared";
import { compareRevisions, getRevision, listRevisions, restoreRevision } from "../services/history";
import { ServiceError } from "../services/errors";
import { appendVary } from "../plugins/cors";
import { isNavigation } from "../plugins/spa";
import { idOrNotFound, pageHeaders, parseInput, requireUser, requireWriter } from "./http";
import {
  toRestArtifact,
  toRestRevision,
  toRestRevisionComparison,
  toRestRevisionSummary,
} from "./schemas";

interface IdParams {
  id: string;
}

interface RevisionParams extends IdParams {
  number: string;
}

/** A revision number that is not a whole number from 1 names no revision: 404. */
function revisionOrNotFound(value: unknown): number {
  const result = revisionNumberParam.safeParse(value);
  if (!result.success) throw new ServiceError("NOT_FOUND", MESSAGES.revisionNotFound);
  return result.data;
}

/** An artifact's history (issue 17), over the same services as the web app's tRPC calls. */
export async function revisionRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const store = deps.artifactStore;

  // The web app's History view lives under /artifacts, whose unknown paths are JSON 404s: a
  // browser navigation here gets the page; anything else, the 404 of a path that is no API's.
  app.get("/artifacts/:id/history", async (request, reply) => {
    appendVary(reply, "Accept");
    if (isNavigation(request) && app.webApp.available) return app.webApp.send(reply);
    return reply.code(404).send({ error: "Not found" });
  });

  app.get<{ Params: IdParams }>("/artifacts/:id/revisions", async (request, reply) => {
    const user = requireUser(request);
    const id = idOrNotFound(request.params.id);
    const query = parseInput(restPageQuery, request.query, "query");
    const pageSize = query.pageSize ?? REST_MAX_PAGE_SIZE;
    const page = query.page ?? 1;
    const { items, total } = listRevisions(store, user, {
      id,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    pageHeaders(reply, { path: `/artifacts/${id}/revisions`, filters: {} }, page, pageSize, total);
    return items.map(toRestRevisionSummary);
  });

  app.get<{ Params: IdParams }>("/artifacts/:id/revisions/compare", async (request) => {
    const user = requireUser(request);
    const id = idOrNotFound(request.params.id);
    const query = parseInput(restRevisionCompareQuery, request.query, "query");
    return toRestRevisionComparison(compareRevisions(store, user, { id, ...query }));
  });

  app.get<{ Params: RevisionParams }>("/artifacts/:id/revisions/:number", async (request) => {
    const user = requireUser(request);
    const id = idOrNotFound(request.params.id);
    const number = revisionOrNotFound(request.params.number);
    return toRestRevision(getRevision(store, user, { id, number }));
  });

  app.post<{ Params: RevisionParams }>(
    "/artifacts/:id/revisions/:number/restore",
    { config: { successFlag: true } },
    async (request) => {
      const user = requireWriter(request, deps);
      const id = idOrNotFound(request.params.id);
      const number = revisionOrNotFound(request.params.number);
      const { artifact, revision, waiting } = restoreRevision(store, user, {
        id,
        number,
        requestId: request.id,
        now: deps.now(),
        reviewMode: deps.env.reviewMode,
      });
      return {
        success: true,
        message: waiting
          ? MESSAGES.versionRestoreWaiting(number)
          : MESSAGES.versionRestored(number),
        revision,
        waiting,
        artifact: toRestArtifact(artifact),
      };
    },
  );
}
