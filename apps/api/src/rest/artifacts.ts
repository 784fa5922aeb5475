import type { FastifyInstance } from "fastify";
import {
  MESSAGES,
  REST_MAX_PAGE_SIZE,
  restArtifactBody,
  restArtifactsQuery,
  restDeleteArtifactBody,
  restUpdateArtifactBody,
} from "@artifact-atlas/shared";
import { appendVary } from "../plugins/cors";
import { isNavigation } from "../plugins/spa";
import { createArtifact, deleteArtifact, getArtifact, updateArtifact } from "../services/artifacts";
import { find } from "../services/find";
import {
  assertOwnEmail,
  idOrNotFound,
  pageHeaders,
  parseInput,
  requireUser,
  requireWriter,
} from "./http";
import { findQueryOf } from "./find-query";
import { toRestArtifact, toRestOwnArtifact } from "./schemas";

interface IdParams {
  id: string;
}

/** GET/POST /artifacts and GET/PUT/DELETE /artifacts/{id} (spec section 7). */
export async function artifactRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const store = deps.artifactStore;

  app.get("/artifacts", async (request, reply) => {
    const query = parseInput(restArtifactsQuery, request.query, "query");
    const pageSize = query.pageSize ?? query.limit ?? REST_MAX_PAGE_SIZE;
    const page = query.page ?? 1;
    const slice = { limit: pageSize, offset: (page - 1) * pageSize };
    if (query.email !== undefined) {
      const user = requireUser(request);
      assertOwnEmail(user, query.email, "email");
      const { items, total } = find(store, user, { list: "mine", window: slice, total: true });
      const list = { path: "/artifacts", filters: { email: query.email } };
      pageHeaders(reply, list, page, pageSize, total ?? 0);
      return items.map((artifact) => toRestOwnArtifact(artifact, user));
    }
    const finding = findQueryOf(query);
    // Most liked first, as the spec's list; an all-fields search by relevance.
    const relevance = finding.in === "all" && Boolean(finding.search);
    const sort = query.sort ?? (relevance ? "default" : "desc");
    const viewer = request.session?.user ?? null;
    const { items, total } = find(store, viewer, { ...finding, sort, window: slice, total: true });
    const list = {
      path: "/artifacts",
      filters: {
        q: query.q,
        in: query.in,
        type: query.type,
        era: query.era,
        fromYear: query.fromYear?.toString(),
        toYear: query.toYear?.toString(),
        location: query.location,
        sort: query.sort,
      },
    };
    pageHeaders(reply, list, page, pageSize, total ?? 0);
    return items.map(toRestArtifact);
  });

  // The web app's detail route has the same path: a browser navigation gets the page, any other
  // request the artifact (docs/rest-api.md, "One path, two answers").
  app.get<{ Params: IdParams }>("/artifacts/:id", async (request, reply) => {
    appendVary(reply, "Accept");
    if (isNavigation(request) && app.webApp.available) return app.webApp.send(reply);
    const viewer = request.session?.user ?? null;
    return toRestArtifact(getArtifact(store, viewer, { id: idOrNotFound(request.params.id) }));
  });

  app.post("/artifacts", async (request, reply) => {
    const user = requireWriter(request, deps);
    const body = parseInput(restArtifactBody, request.body, "body");
    assertOwnEmail(user, body.userEmail, "userEmail");
    // Owner, contributor name, id and like count come from the session and the database.
    const artifact = createArtifact(store, user, body, {
      reviewMode: deps.env.reviewMode,
      requestId: request.id,
    });
    return reply
      .code(201)
      .header("location", `/artifacts/${artifact.id}`)
      .send({ insertedId: String(artifact.id), artifact: toRestArtifact(artifact) });
  });

  app.put<{ Params: IdParams }>(
    "/artifacts/:id",
    { config: { successFlag: true } },
    async (request) => {
      const user = requireWriter(request, deps);
      const id = idOrNotFound(request.params.id);
      const body = parseInput(restUpdateArtifactBody, request.body, "body");
      assertOwnEmail(user, body.userEmail, "userEmail");
      const artifact = updateArtifact(
        store,
        user,
        { id, fields: body, baseRevision: body.baseRevision },
        { reviewMode: deps.env.reviewMode, requestId: request.id },
      );
      return {
        success: true,
        message: MESSAGES.artifactUpdated,
        artifact: toRestArtifact(artifact),
      };
    },
  );

  app.delete<{ Params: IdParams }>(
    "/artifacts/:id",
    { config: { successFlag: true } },
    async (request) => {
      const user = requireWriter(request, deps);
      const id = idOrNotFound(request.params.id);
      const body = parseInput(restDeleteArtifactBody, request.body, "body");
      assertOwnEmail(user, body.userEmail, "userEmail");
      const { message } = deleteArtifact(store, user, { id }, { requestId: request.id });
      return { success: true, message };
    },
  );
}
