import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  REST_MAX_PAGE_SIZE,
  restEmailQuery,
  restLikedArtifactsQuery,
} from "@artifact-atlas/shared";
import { find } from "../services/find";
import { likeStatus, setLike } from "../services/likes";
import { artifactParams, bodies, failures, json, PAGE_HEADERS } from "./declarations";
import { assertOwnEmail, idOrNotFound, pageHeaders, requireUser, SIGNED_IN, WRITER } from "./http";
import { restLikedArtifact, restLikeStatus, toRestLikedArtifact } from "./schemas";

/**
 * The like paths of spec section 7. Liking and unliking are idempotent, as in the services: a
 * second like answers 200 with the same state, so a client that judges by the status succeeds.
 */
export async function likeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const store = app.deps.likeStore;

  const status = {
    operationId: "likeStatus",
    summary: "Whether you like the artifact",
    params: artifactParams,
    querystring: restEmailQuery,
    response: { 200: json("The like state.", restLikeStatus), ...failures([400, 401, 403, 404]) },
  };
  api.get(
    "/liked-artifacts/:id",
    { schema: status, config: { access: SIGNED_IN } },
    async (request) => {
      const user = requireUser(request);
      assertOwnEmail(user, request.query.email, "email");
      return likeStatus(store, user, request.params);
    },
  );

  const like = {
    operationId: "likeArtifact",
    summary: "Like an artifact (idempotent: a second like answers 200 with the same state)",
    body: bodies.like,
    response: {
      200: json("Liked.", restLikeStatus),
      ...failures([400, 401, 403, 404, 413, 429]),
    },
  };
  api.post("/liked-artifacts", { schema: like, config: { access: WRITER } }, async (request) => {
    const user = requireUser(request);
    const { body } = request;
    assertOwnEmail(user, body.applicant_email, "applicant_email");
    return setLike(store, user, { id: idOrNotFound(body.artifact_id) }, true);
  });

  const unlike = {
    operationId: "unlikeArtifact",
    summary: "Unlike an artifact (idempotent)",
    params: artifactParams,
    querystring: restEmailQuery,
    response: {
      200: json("Not liked.", restLikeStatus),
      ...failures([400, 401, 403, 404, 429]),
    },
  };
  api.delete(
    "/liked-artifacts/:id",
    { schema: unlike, config: { access: WRITER } },
    async (request) => {
      const user = requireUser(request);
      assertOwnEmail(user, request.query.email, "email");
      return setLike(store, user, request.params, false);
    },
  );

  const liked = {
    operationId: "likedArtifacts",
    summary: "Your liked artifacts, most recently liked first",
    description: `At most ${REST_MAX_PAGE_SIZE} per answer; pageSize chooses fewer, page moves on. The total is in X-Total-Count and the neighbouring pages in Link.`,
    querystring: restLikedArtifactsQuery,
    response: {
      200: json("Liked artifacts.", z.array(restLikedArtifact), PAGE_HEADERS),
      ...failures([400, 401, 403]),
    },
  };
  api.get(
    "/liked-artifact",
    { schema: liked, config: { access: SIGNED_IN } },
    async (request, reply) => {
      const user = requireUser(request);
      const { query } = request;
      assertOwnEmail(user, query.email, "email");
      const pageSize = query.pageSize ?? REST_MAX_PAGE_SIZE;
      const page = query.page ?? 1;
      const window = { limit: pageSize, offset: (page - 1) * pageSize };
      const { items, total } = find(app.deps.artifactStore, user, {
        list: "liked",
        window,
        total: true,
      });
      const list = { path: "/liked-artifact", filters: { email: query.email } };
      pageHeaders(reply, list, page, pageSize, total ?? 0);
      return items.map(toRestLikedArtifact);
    },
  );
}
