import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  COLLECTION_ACTIONS,
  COLLECTION_KINDS,
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  COLLECTION_SORTS,
  COLLECTION_STATUSES,
  COLLECTION_VISIBILITIES,
  collectionChanges,
  collectionCreateInput,
  collectionItemChange,
  collaboratorName,
  collectionItemsAdd,
  collectionModerationInput,
  collectionReportInput,
  COLLECTIONS_PAGE_SIZE,
  REPORT_REASONS,
  reportedCollectionsQuery,
  COLLECTION_ITEMS_PAGE_SIZE,
  findSearch,
  savedSearch,
  wholeNumber,
} from "@artifact-atlas/shared";
import {
  addCollaborator,
  createCollection,
  getCollection,
  listMyCollections,
  listPublicCollections,
  removeCollaborator,
  restoreCollection,
  trashCollection,
  updateCollection,
} from "../services/collections/collections";
import { collectionHistory } from "../services/collections/history";
import { collectionFeed } from "../services/collections/feed";
import { setCollectionLike } from "../services/collections/likes";
import { addItems, changeItem, collectionItems, removeItems } from "../services/collections/items";
import {
  dismissCollectionReports,
  moderateCollection,
  reportCollection,
  reportedCollections,
} from "../services/collections/reports";
import { collectionParams, failures, json, PAGE_HEADERS, pathNumber } from "./declarations";
import { CURATOR, CURATOR_WRITES, pageHeaders, requireUser, serviceContext, WRITER } from "./http";
import { OPTIONALLY_SIGNED_IN } from "./openapi";
import { restArtifact, toRestArtifact } from "./schemas";
import { webPageForNavigation } from "./web-page";

/*
 * The collection paths (issue 32): thin, over the same services as tRPC's collections router.
 * A collection the caller may not see is answered 404 on every path, as an unknown one.
 */

const itemParams = collectionParams.extend({
  artifactId: pathNumber(COLLECTION_MESSAGES.notInCollection, "The artifact's _id."),
});
const collaboratorParams = collectionParams.extend({
  userId: pathNumber(COLLECTION_MESSAGES.notCollaborator, "The collaborator's account id."),
});

const member = z.object({ id: z.number().int(), name: z.string() });
const summary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    kind: z.enum(COLLECTION_KINDS),
    visibility: z.enum(COLLECTION_VISIBILITIES),
    status: z.enum(COLLECTION_STATUSES),
    owner: member,
    cover: z.object({ url: z.string(), alt: z.string() }).nullable(),
    artifactCount: z
      .number()
      .int()
      .describe("How many artifacts you are shown (hidden, pending or trashed ones are not)."),
    likeCount: z.number().int(),
    createdAt: z.number().int().describe("Milliseconds since 1970."),
    updatedAt: z.number().int(),
  })
  .meta({ id: "CollectionSummary" });
const detail = summary
  .extend({
    description: z.string().describe("Markdown: paragraphs, emphasis, links, lists."),
    descriptionHtml: z.string().describe("The description rendered to sanitised HTML."),
    collaborators: z.array(member),
    query: savedSearch.nullable().describe("A saved search's search and filters."),
    coverArtifactId: z.number().int().nullable(),
    hiddenReason: z.string().nullable(),
    deletedAt: z.number().int().nullable(),
    rights: z.object({
      edit: z.boolean(),
      own: z.boolean(),
      moderate: z.boolean().describe("Hide and unhide (curators, not on their own)."),
    }),
  })
  .meta({ id: "Collection" });
const item = z.object({ artifact: restArtifact, note: z.string() }).meta({ id: "CollectionItem" });
const reportedCollection = z
  .object({
    collection: summary,
    hiddenReason: z.string().nullable(),
    reportCount: z.number().int().describe("All its open reports; `reports` holds the newest few."),
    reports: z.array(
      z.object({
        id: z.number().int(),
        reason: z.enum(REPORT_REASONS),
        note: z.string().nullable(),
        fromNewAccount: z
          .boolean()
          .describe("Made by an account that was not yet established when it reported."),
        createdAt: z.number().int().describe("Milliseconds since 1970."),
      }),
    ),
  })
  .meta({ id: "ReportedCollection" });

const listQuery = z.object({
  q: findSearch.optional().describe("Words of the title, in any order."),
  sort: z.enum(COLLECTION_SORTS).optional().describe("newest (default), items or likes."),
  mine: z
    .enum(["true", "false"])
    .optional()
    .describe("true: your own collections and those you collaborate on (signed in)."),
  page: wholeNumber("page", 1000).optional(),
  pageSize: wholeNumber("pageSize", 100)
    .optional()
    .describe(`Default ${COLLECTIONS_PAGE_SIZE}, at most 100.`),
});
const itemsQuery = z.object({
  page: wholeNumber("page", COLLECTION_LIMITS.items).optional(),
  pageSize: wholeNumber("pageSize", 100)
    .optional()
    .describe(`Default ${COLLECTION_ITEMS_PAGE_SIZE}, at most 100.`),
});
const removeQuery = z.object({
  artifactId: z
    .union([
      wholeNumber("artifactId", Number.MAX_SAFE_INTEGER),
      z.array(wholeNumber("artifactId", Number.MAX_SAFE_INTEGER)),
    ])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .refine(
      (list) => list.length <= COLLECTION_LIMITS.batch,
      `At most ${COLLECTION_LIMITS.batch} artifacts at once.`,
    )
    .describe(`An artifact to remove; repeat for several (at most ${COLLECTION_LIMITS.batch}).`),
});
const historyQuery = z.object({
  before: wholeNumber("before", Number.MAX_SAFE_INTEGER).optional(),
});
const historyEntry = z.object({
  id: z.number().int(),
  action: z.enum(COLLECTION_ACTIONS),
  actor: member.nullable(),
  artifactId: z.number().int().nullable(),
  detail: z.string().nullable(),
  at: z.number().int(),
});

const bodies = {
  create: collectionCreateInput.meta({ id: "CollectionBody" }),
  update: collectionChanges.meta({ id: "CollectionChangesBody" }),
  add: collectionItemsAdd.meta({ id: "CollectionItemsBody" }),
  change: collectionItemChange.meta({ id: "CollectionItemChangeBody" }),
  collaborator: z
    .union([
      z.strictObject({ userId: wholeNumber("userId", Number.MAX_SAFE_INTEGER) }),
      z.strictObject({
        name: collaboratorName.describe("A member's name, when exactly one member has it."),
      }),
    ])
    .meta({ id: "CollaboratorBody" }),
  report: collectionReportInput.omit({ id: true }).meta({ id: "CollectionReportBody" }),
  moderation: collectionModerationInput.omit({ id: true }).meta({ id: "CollectionModerationBody" }),
};

export async function collectionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const store = deps.artifactStore;

  api.get(
    "/collections",
    {
      schema: {
        operationId: "listCollections",
        summary: "Public collections; or with mine=true, your own and shared ones",
        security: OPTIONALLY_SIGNED_IN,
        querystring: listQuery,
        response: {
          200: json("A JSON array of collections.", z.array(summary), PAGE_HEADERS),
          ...failures([400, 401]),
        },
      },
      onRequest: webPageForNavigation(app),
    },
    async (request, reply) => {
      const { query } = request;
      const input = {
        search: query.q ?? "",
        sort: query.sort ?? "newest",
        page: query.page ?? 1,
        pageSize: query.pageSize ?? COLLECTIONS_PAGE_SIZE,
      };
      const answer =
        query.mine === "true"
          ? listMyCollections(store, requireUser(request), input)
          : listPublicCollections(store, request.session?.user ?? null, input);
      const list = {
        path: "/collections",
        filters: { q: query.q, sort: query.sort, mine: query.mine },
      };
      pageHeaders(reply, list, input.page, input.pageSize, answer.total);
      return answer.items;
    },
  );

  api.post(
    "/collections",
    {
      schema: {
        operationId: "createCollection",
        summary: "Create a collection (you are its owner)",
        body: bodies.create,
        response: { 201: json("Created.", detail), ...failures([400, 401, 409, 413, 429]) },
      },
      config: { access: WRITER },
    },
    async (request, reply) => {
      const made = createCollection(store, requireUser(request), request.body, deps.now());
      return reply.code(201).header("location", `/collections/${made.id}`).send(made);
    },
  );

  api.get(
    "/collections/:id",
    {
      schema: {
        operationId: "getCollection",
        summary: "One collection",
        security: OPTIONALLY_SIGNED_IN,
        params: collectionParams,
        response: { 200: json("The collection.", detail), ...failures([404]) },
      },
    },
    async (request) => getCollection(store, request.session?.user ?? null, request.params),
  );

  api.put(
    "/collections/:id",
    {
      schema: {
        operationId: "updateCollection",
        summary: "Change a collection (visibility: the owner alone)",
        params: collectionParams,
        body: bodies.update,
        response: { 200: json("Changed.", detail), ...failures([400, 401, 403, 404, 413, 429]) },
      },
      config: { access: WRITER },
    },
    async (request) =>
      updateCollection(store, requireUser(request), request.params.id, request.body, deps.now()),
  );

  api.delete(
    "/collections/:id",
    {
      schema: {
        operationId: "deleteCollection",
        summary: "Move a collection to the trash (the owner alone; restorable for 30 days)",
        params: collectionParams,
        response: {
          200: json(
            "In the trash.",
            z.object({
              id: z.number().int(),
              deletedAt: z.number().int(),
              purgeAt: z.number().int(),
            }),
          ),
          ...failures([401, 403, 404, 429]),
        },
      },
      config: { access: WRITER },
    },
    async (request) => trashCollection(store, requireUser(request), request.params.id, deps.now()),
  );

  api.post(
    "/collections/:id/restore",
    {
      schema: {
        operationId: "restoreCollection",
        summary: "Restore a collection from the trash (the owner alone)",
        params: collectionParams,
        response: { 200: json("Restored.", detail), ...failures([401, 403, 404, 409, 429]) },
      },
      config: { access: WRITER },
    },
    async (request) =>
      restoreCollection(store, requireUser(request), request.params.id, deps.now()),
  );

  api.get(
    "/collections/:id/items",
    {
      schema: {
        operationId: "collectionItems",
        summary: "A collection's artifacts in its order, with their notes",
        description:
          "Only artifacts you may see elsewhere; X-Total-Count counts those. A saved search's artifacts come newest first.",
        security: OPTIONALLY_SIGNED_IN,
        params: collectionParams,
        querystring: itemsQuery,
        response: {
          200: json("A JSON array of items.", z.array(item), PAGE_HEADERS),
          ...failures([400, 404]),
        },
      },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? COLLECTION_ITEMS_PAGE_SIZE;
      const answer = collectionItems(store, request.session?.user ?? null, {
        id: request.params.id,
        page,
        pageSize,
      });
      const list = { path: `/collections/${request.params.id}/items`, filters: {} };
      pageHeaders(reply, list, page, pageSize, answer.total);
      return answer.items.map((entry) => ({
        artifact: toRestArtifact(entry.artifact),
        note: entry.note,
      }));
    },
  );

  api.post(
    "/collections/:id/items",
    {
      schema: {
        operationId: "addCollectionItems",
        summary: `Add artifacts at the end (at most ${COLLECTION_LIMITS.batch} at once, ${COLLECTION_LIMITS.items} in all)`,
        params: collectionParams,
        body: bodies.add,
        response: {
          200: json("Added.", z.object({ added: z.number().int(), itemCount: z.number().int() })),
          ...failures([400, 401, 403, 404, 409, 413, 429]),
        },
      },
      config: { access: WRITER },
    },
    async (request) =>
      addItems(store, requireUser(request), { id: request.params.id, ...request.body }, deps.now()),
  );

  api.delete(
    "/collections/:id/items",
    {
      schema: {
        operationId: "removeCollectionItems",
        summary: "Remove artifacts from a collection",
        params: collectionParams,
        querystring: removeQuery,
        response: {
          200: json("Removed.", z.object({ removed: z.number().int() })),
          ...failures([400, 401, 403, 404, 429]),
        },
      },
      config: { access: WRITER },
    },
    async (request) =>
      removeItems(
        store,
        requireUser(request),
        { id: request.params.id, artifactIds: request.query.artifactId },
        deps.now(),
      ),
  );

  api.put(
    "/collections/:id/items/:artifactId",
    {
      schema: {
        operationId: "changeCollectionItem",
        summary: "An item's note, and its place (0-based among the items you are shown)",
        params: itemParams,
        body: bodies.change,
        response: {
          200: json(
            "Changed.",
            z.object({
              artifactId: z.number().int(),
              note: z.string(),
              position: z.number().int().nullable(),
            }),
          ),
          ...failures([400, 401, 403, 404, 413, 429]),
        },
      },
      config: { access: WRITER },
    },
    async (request) =>
      changeItem(
        store,
        requireUser(request),
        { id: request.params.id, artifactId: request.params.artifactId, change: request.body },
        deps.now(),
      ),
  );

  api.get(
    "/collections/:id/history",
    {
      schema: {
        operationId: "collectionHistory",
        summary: "Who changed what in a collection, newest first",
        security: OPTIONALLY_SIGNED_IN,
        params: collectionParams,
        querystring: historyQuery,
        response: {
          200: json(
            "A JSON array of changes; pass the last id as before for more.",
            z.array(historyEntry),
          ),
          ...failures([400, 404]),
        },
      },
    },
    async (request) =>
      collectionHistory(store, request.session?.user ?? null, {
        id: request.params.id,
        cursor: request.query.before,
        limit: 50,
      }).items,
  );

  api.get(
    "/collections/:id/feed.atom",
    {
      schema: {
        operationId: "collectionFeed",
        summary: "Atom feed of a collection's newest additions",
        description:
          "The 50 artifacts most recently added that anyone may see, newest first (Atom 1.0, RFC 4287).",
        security: [{}],
        params: collectionParams,
        response: {
          200: {
            description: "An Atom 1.0 feed.",
            content: { "application/atom+xml": { schema: z.string() } },
          },
          ...failures([404]),
        },
      },
    },
    async (request, reply) => {
      const xml = collectionFeed(store, null, request.params.id, deps.env.publicOrigin);
      return reply
        .header("cache-control", "public, max-age=60")
        .type("application/atom+xml; charset=utf-8")
        .send(xml);
    },
  );

  const likeState = z.object({ liked: z.boolean(), likeCount: z.number().int() });
  for (const [method, liked] of [
    ["post", true],
    ["delete", false],
  ] as const) {
    api[method](
      "/collections/:id/like",
      {
        schema: {
          operationId: liked ? "likeCollection" : "unlikeCollection",
          summary: liked ? "Like a collection (idempotent)" : "Unlike a collection (idempotent)",
          params: collectionParams,
          response: { 200: json("The like state.", likeState), ...failures([401, 404, 429]) },
        },
        config: { access: WRITER },
      },
      async (request) =>
        setCollectionLike(store, requireUser(request), request.params.id, liked, deps.now()),
    );
  }

  api.post(
    "/collections/:id/collaborators",
    {
      schema: {
        operationId: "addCollaborator",
        summary: `Invite a member by account id or name (the owner alone; at most ${COLLECTION_LIMITS.collaborators})`,
        params: collectionParams,
        body: bodies.collaborator,
        response: { 200: json("Invited.", detail), ...failures([400, 401, 403, 404, 409, 429]) },
      },
      config: { access: WRITER },
    },
    async (request) =>
      addCollaborator(
        store,
        requireUser(request),
        { id: request.params.id, ...request.body },
        deps.now(),
      ),
  );

  api.delete(
    "/collections/:id/collaborators/:userId",
    {
      schema: {
        operationId: "removeCollaborator",
        summary: "Remove a collaborator (the owner), or leave (the collaborator)",
        params: collaboratorParams,
        response: {
          200: json("Done.", z.object({ removed: z.boolean() })),
          ...failures([401, 403, 404, 429]),
        },
      },
      config: { access: WRITER },
    },
    async (request) => removeCollaborator(store, requireUser(request), request.params, deps.now()),
  );

  api.post(
    "/collections/:id/reports",
    {
      schema: {
        operationId: "reportCollection",
        summary: "Report a public or unlisted collection; one open report per person",
        description:
          "The report waits for a curator; reports never hide a collection by themselves. The artifacts' report budget applies: ten reports an hour per account and thirty per address (429).",
        params: collectionParams,
        body: bodies.report,
        response: {
          201: json("Reported.", z.object({ message: z.string() })),
          ...failures([400, 401, 404, 409, 413, 429]),
        },
      },
      config: { access: WRITER },
    },
    async (request, reply) => {
      const context = serviceContext(deps, request);
      const input = { ...request.body, id: request.params.id };
      return reply.code(201).send(reportCollection(deps, requireUser(request), input, context));
    },
  );

  api.get(
    "/collections/reported",
    {
      schema: {
        operationId: "listReportedCollections",
        summary: "Curators: the collections with open reports, the longest waiting first",
        querystring: reportedCollectionsQuery,
        response: {
          200: json(
            "A JSON array of reported collections.",
            z.array(reportedCollection),
            PAGE_HEADERS,
          ),
          ...failures([400, 401, 403]),
        },
      },
      config: { access: CURATOR },
    },
    async (request, reply) => {
      const answer = reportedCollections(deps, requireUser(request), request.query);
      const list = { path: "/collections/reported", filters: {} };
      pageHeaders(reply, list, answer.page, request.query.pageSize, answer.total);
      return answer.items;
    },
  );

  api.post(
    "/collections/:id/reports/dismiss",
    {
      schema: {
        operationId: "dismissCollectionReports",
        summary: "Curators: dismiss a collection's open reports, leaving it as it is",
        description: "Not on one's own collection (403). Written to the audit log.",
        params: collectionParams,
        response: {
          200: json("Dismissed.", z.object({ dismissed: z.number().int() })),
          ...failures([401, 403, 404, 409, 429]),
        },
      },
      config: { access: CURATOR_WRITES },
    },
    async (request) =>
      dismissCollectionReports(
        store,
        requireUser(request),
        { id: request.params.id },
        serviceContext(deps, request),
      ),
  );

  for (const action of ["hide", "unhide"] as const) {
    const hide = action === "hide";
    api.post(
      `/collections/:id/${action}`,
      {
        schema: {
          operationId: hide ? "hideCollection" : "unhideCollection",
          summary: hide
            ? "Curators: hide a collection (its owner and curators still see it)"
            : "Curators: show a hidden collection again",
          description:
            "With a reason from the review reasons' list. Not on one's own collection (403). Hiding closes its open reports. Written to the audit log.",
          params: collectionParams,
          body: bodies.moderation,
          response: { 200: json("Done.", detail), ...failures([400, 401, 403, 404, 409, 429]) },
        },
        config: { access: CURATOR_WRITES },
      },
      async (request) => {
        const context = serviceContext(deps, request);
        const input = { ...request.body, id: request.params.id };
        return moderateCollection(deps, requireUser(request), input, context, action);
      },
    );
  }
}
