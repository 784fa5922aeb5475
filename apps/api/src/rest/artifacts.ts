import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  findOfRest,
  MESSAGES,
  REST_MAX_PAGE_SIZE,
  restArtifactsQuery,
} from "@artifact-atlas/shared";
import { createArtifact, deleteArtifact, getArtifact, updateArtifact } from "../services/artifacts";
import { find } from "../services/find";
import { artifactParams, bodies, failures, FLAGGED, json, PAGE_HEADERS } from "./declarations";
import { assertOwnEmail, pageHeaders, requireUser, serviceContext, WRITER } from "./http";
import { OPTIONALLY_SIGNED_IN } from "./openapi";
import {
  restArtifact,
  restArtifactDetail,
  restDeleted,
  restInserted,
  restOwnArtifact,
  restUpdated,
  toRestArtifact,
  toRestArtifactDetail,
  toRestOwnArtifact,
} from "./schemas";
import { webPageForNavigation } from "./web-page";
import { linkedDataFor } from "../harvesting/linked-data";

/** GET/POST /artifacts and GET/PUT/DELETE /artifacts/{id} (spec section 7). */
export async function artifactRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const store = deps.artifactStore;

  const list = {
    operationId: "listArtifacts",
    summary: "The collection, most liked first; or with email, your own artifacts",
    description: `Without email: artifacts most liked first (ties by id). With email (signed in, your own): your own artifacts, newest first, each with userEmail; email cannot be combined with type. Either way at most ${REST_MAX_PAGE_SIZE} per answer; limit and pageSize choose fewer, page moves on. The total is in X-Total-Count and the neighbouring pages in Link.`,
    security: OPTIONALLY_SIGNED_IN,
    querystring: restArtifactsQuery,
    response: {
      200: json(
        "A JSON array of artifacts.",
        z.union([z.array(restArtifact), z.array(restOwnArtifact)]),
        PAGE_HEADERS,
      ),
      ...failures([400, 401, 403]),
    },
  };
  api.get("/artifacts", { schema: list }, async (request, reply) => {
    const { query } = request;
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
    const finding = findOfRest(query);
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
        bbox: query.bbox?.join(","),
        near: query.near && `${query.near.lat},${query.near.lon},${query.near.km}`,
        place: query.place,
        collection: query.collection?.toString(),
        sort: query.sort,
      },
    };
    pageHeaders(reply, list, page, pageSize, total ?? 0);
    return items.map(toRestArtifact);
  });

  // The web app's detail route has the same path: a browser navigation gets the page, any other
  // request the artifact (docs/rest-api.md, "One path, two answers").
  const one = {
    operationId: "getArtifact",
    summary: "One artifact",
    description:
      "A browser navigation (Accept includes text/html) gets the web app's page instead, when the web app is built; Accept preferring application/ld+json gets the public artifact as schema.org JSON-LD (404 unless it is public); any other Accept gets JSON.",
    params: artifactParams,
    response: {
      200: {
        description: "The artifact, or the web app's page for a navigation.",
        content: {
          "application/json": { schema: restArtifactDetail },
          "application/ld+json": { schema: z.looseObject({}) },
          "text/html": { schema: z.string() },
        },
      },
      ...failures([404]),
    },
  };
  api.get(
    "/artifacts/:id",
    // Linked data first (issue 34): an Accept that prefers it may also name text/html.
    { schema: one, onRequest: [linkedDataFor(deps), webPageForNavigation(app)] },
    async (request) => {
      const viewer = request.session?.user ?? null;
      return toRestArtifactDetail(getArtifact(store, viewer, { id: request.params.id }));
    },
  );

  const create = {
    operationId: "createArtifact",
    summary: "Add an artifact",
    description:
      "Owner, contributor name, id and like count come from the session and the server; any sent are ignored. images (optional) lists every image, first the primary one, whose url and alt artifactImage and imageAlt repeat (send them the same, or leave them out); an image without rights gets Copyright Not Evaluated, or for an upload the site's default (GET /rights).",
    body: bodies.artifact,
    response: {
      201: json("Added.", restInserted),
      ...failures([400, 401, 403, 413, 429]),
    },
  };
  api.post("/artifacts", { schema: create, config: { access: WRITER } }, async (request, reply) => {
    const user = requireUser(request);
    const { body } = request;
    assertOwnEmail(user, body.userEmail, "userEmail");
    // Owner, contributor name, id and like count come from the session and the database.
    const artifact = createArtifact(store, user, body, serviceContext(deps, request));
    return reply
      .code(201)
      .header("location", `/artifacts/${artifact.id}`)
      .send({ insertedId: String(artifact.id), artifact: toRestArtifactDetail(artifact) });
  });

  const update = {
    operationId: "updateArtifact",
    summary: "Update your own artifact",
    description:
      "Send baseRevision, the revision your edit started from, and a save over someone else's newer change is refused with 409 instead of overwriting it. Without baseRevision the save overwrites whatever is there. With images, the artifact's images become that list (an image without rights keeps the rights it had, or gets its default); without images, artifactImage and imageAlt change the first image and the others stay.",
    params: artifactParams,
    body: bodies.updateArtifact,
    response: {
      200: json("Updated.", restUpdated),
      ...failures([400, 401, 403, 404, 409, 413, 429], FLAGGED),
    },
  };
  api.put(
    "/artifacts/:id",
    { schema: update, config: { successFlag: true, access: WRITER } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { body } = request;
      assertOwnEmail(user, body.userEmail, "userEmail");
      const artifact = updateArtifact(
        store,
        user,
        { id, fields: body, baseRevision: body.baseRevision },
        serviceContext(deps, request),
      );
      return {
        success: true as const,
        message: MESSAGES.artifactUpdated,
        artifact: toRestArtifactDetail(artifact),
      };
    },
  );

  const remove = {
    operationId: "deleteArtifact",
    summary: "Delete your own artifact (its likes go with it)",
    params: artifactParams,
    body: bodies.deleteArtifact,
    response: {
      200: json("Deleted.", restDeleted),
      ...failures([400, 401, 403, 404, 413, 429], FLAGGED),
    },
  };
  api.delete(
    "/artifacts/:id",
    { schema: remove, config: { successFlag: true, access: WRITER } },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { body } = request;
      assertOwnEmail(user, body.userEmail, "userEmail");
      const { message } = deleteArtifact(store, user, { id }, serviceContext(deps, request));
      return { success: true as const, message };
    },
  );
}
