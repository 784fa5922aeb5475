import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MESSAGES,
  REST_MAX_PAGE_SIZE,
  restPageQuery,
  restRevisionCompareQuery,
} from "@artifact-atlas/shared";
import { compareRevisions, getRevision, listRevisions, restoreRevision } from "../services/history";
import {
  artifactParams,
  failures,
  FLAGGED,
  json,
  PAGE_HEADERS,
  revisionParams,
} from "./declarations";
import { pageHeaders, requireUser, serviceContext, SIGNED_IN, WRITER } from "./http";
import {
  restRestored,
  restRevision,
  restRevisionComparison,
  restRevisionSummary,
  toRestArtifactDetail,
  toRestRevision,
  toRestRevisionComparison,
  toRestRevisionSummary,
} from "./schemas";
import { webPageForNavigation } from "./web-page";

/** An artifact's history (issue 17), over the same services as the web app's tRPC calls. */
export async function revisionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const store = deps.artifactStore;

  // The web app's History view lives under /artifacts, whose unknown paths are JSON 404s: a
  // browser navigation here gets the page; anything else, the 404 of a path that is no API's.
  app.get(
    "/artifacts/:id/history",
    { schema: { hide: true }, onRequest: webPageForNavigation(app) },
    async (_request, reply) => reply.code(404).send({ error: "Not found" }),
  );

  const history = {
    operationId: "listRevisions",
    summary: "The artifact's history, newest first",
    description: `Every create, edit, restore and decision, newest first: its number, time, summary and author. Whoever may see the artifact may read its history. At most ${REST_MAX_PAGE_SIZE} per answer; pageSize chooses fewer, page moves on. The total (the newest revision's number) is in X-Total-Count and the neighbouring pages in Link. The first item's number is the baseRevision for PUT /artifacts/{id}.`,
    params: artifactParams,
    querystring: restPageQuery,
    response: {
      200: json("Revisions.", z.array(restRevisionSummary), PAGE_HEADERS),
      ...failures([400, 401, 404]),
    },
  };
  const access = { access: SIGNED_IN };
  api.get(
    "/artifacts/:id/revisions",
    { schema: history, config: access },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { query } = request;
      const pageSize = query.pageSize ?? REST_MAX_PAGE_SIZE;
      const page = query.page ?? 1;
      const { items, total } = listRevisions(store, user, {
        id,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      pageHeaders(
        reply,
        { path: `/artifacts/${id}/revisions`, filters: {} },
        page,
        pageSize,
        total,
      );
      return items.map(toRestRevisionSummary);
    },
  );

  const compare = {
    operationId: "compareRevisions",
    summary: "What changed from one revision to another, field by field",
    params: artifactParams,
    querystring: restRevisionCompareQuery,
    response: {
      200: json("Both revisions and the changes.", restRevisionComparison),
      ...failures([400, 401, 404]),
    },
  };
  api.get(
    "/artifacts/:id/revisions/compare",
    { schema: compare, config: access },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      return toRestRevisionComparison(compareRevisions(store, user, { id, ...request.query }));
    },
  );

  const one = {
    operationId: "getRevision",
    summary: "One revision: the artifact's fields as they then were",
    params: revisionParams,
    response: { 200: json("The revision.", restRevision), ...failures([401, 404]) },
  };
  api.get("/artifacts/:id/revisions/:number", { schema: one, config: access }, async (request) => {
    const user = requireUser(request);
    return toRestRevision(getRevision(store, user, request.params));
  });

  const restore = {
    operationId: "restoreRevision",
    summary: "Put this version back, as a new revision",
    description:
      "The artifact's owner, curators and admins only. The artifact takes the revision's fields; a new revision (\"Restored version N\") records it and the audit log names who did it. A member's restore goes through review like an edit: queued, and in REVIEW_MODE=pre, for a published artifact, it waits for a curator (`waiting`: true) and changes nothing yet. No body.",
    params: revisionParams,
    response: {
      200: json("Restored.", restRestored),
      ...failures([401, 403, 404, 429], FLAGGED),
    },
  };
  api.post(
    "/artifacts/:id/revisions/:number/restore",
    { schema: restore, config: { successFlag: true, access: WRITER } },
    async (request) => {
      const user = requireUser(request);
      const { id, number } = request.params;
      const { artifact, revision, waiting } = restoreRevision(
        store,
        user,
        { id, number },
        serviceContext(deps, request),
      );
      return {
        success: true as const,
        message: waiting
          ? MESSAGES.versionRestoreWaiting(number)
          : MESSAGES.versionRestored(number),
        revision,
        waiting,
        artifact: toRestArtifactDetail(artifact),
      };
    },
  );
}
