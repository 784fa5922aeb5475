import type { FastifyInstance } from "fastify";
import {
  REST_MAX_PAGE_SIZE,
  restEmailQuery,
  restLikeBody,
  restLikedArtifactsQuery,
} from "@artifact-atlas/shared";
import { find } from "../services/find";
import { likeArtifact, likeStatus, unlikeArtifact } from "../services/likes";
import {
  assertOwnEmail,
  idOrNotFound,
  pageHeaders,
  parseInput,
  requireUser,
  requireWriter,
} from "./http";
import { toRestLikedArtifact } from "./schemas";

interface IdParams {
  id: string;
}

/**
 * The like paths of spec section 7. Liking and unliking are idempotent, as in the services: a
 * second like answers 200 with the same state, so a client that judges by the status succeeds.
 */
export async function likeRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const store = deps.likeStore;

  app.get<{ Params: IdParams }>("/liked-artifacts/:id", async (request) => {
    const user = requireUser(request);
    const id = idOrNotFound(request.params.id);
    const query = parseInput(restEmailQuery, request.query, "query");
    assertOwnEmail(user, query.email, "email");
    return likeStatus(store, user, { id });
  });

  app.post("/liked-artifacts", async (request) => {
    const user = requireWriter(request, deps);
    const body = parseInput(restLikeBody, request.body, "body");
    assertOwnEmail(user, body.applicant_email, "applicant_email");
    return likeArtifact(store, user, { id: idOrNotFound(body.artifact_id) });
  });

  app.delete<{ Params: IdParams }>("/liked-artifacts/:id", async (request) => {
    const user = requireWriter(request, deps);
    const id = idOrNotFound(request.params.id);
    const query = parseInput(restEmailQuery, request.query, "query");
    assertOwnEmail(user, query.email, "email");
    return unlikeArtifact(store, user, { id });
  });

  app.get("/liked-artifact", async (request, reply) => {
    const user = requireUser(request);
    const query = parseInput(restLikedArtifactsQuery, request.query, "query");
    assertOwnEmail(user, query.email, "email");
    const pageSize = query.pageSize ?? REST_MAX_PAGE_SIZE;
    const page = query.page ?? 1;
    const window = { limit: pageSize, offset: (page - 1) * pageSize };
    const { items, total } = find(deps.artifactStore, user, { list: "liked", window, total: true });
    const list = { path: "/liked-artifact", filters: { email: query.email } };
    pageHeaders(reply, list, page, pageSize, total ?? 0);
    return items.map(toRestLikedArtifact);
  });
}
