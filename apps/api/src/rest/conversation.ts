import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  artifactOwner as artifactOwnerShape,
  CONVERSATION_MESSAGES,
  commentBody,
  commentHistory as commentHistoryShape,
  commentModerationInput,
  commentReportInput,
  cursorPageOf,
  discussionComment,
  discussionPage,
  discussionPaging,
  followChannels,
  followingFeedItem,
  followingFeedQuery,
  followItem,
  followsQuery,
  followState,
  FOLLOW_TARGET_KINDS,
  repliesPage,
  repliesPaging,
  suggestionBody,
  suggestionDecisionBody,
  unsubscribeInput,
} from "@artifact-atlas/shared";
import {
  commentHistory,
  createComment,
  deleteComment,
  discussionPage as readDiscussion,
  editComment,
  repliesPage as readReplies,
} from "../services/conversation/comments";
import {
  artifactOwner,
  follow,
  followingFeed,
  followState as readFollowState,
  listFollows,
  unfollow,
  unsubscribe,
} from "../services/conversation/follows";
import { moderateComment, reportComment } from "../services/conversation/moderation";
import {
  agreeWithSuggestion,
  createSuggestion,
  decideSuggestion,
  withdrawAgreement,
} from "../services/conversation/suggestions";
import { artifactParams, failures, json, NEXT_PAGE_HEADER, pathNumber } from "./declarations";
import {
  CURATOR,
  CURATOR_WRITES,
  requireUser,
  serviceContext,
  SIGNED_IN,
  withNextLink,
  WRITER,
} from "./http";
import { OPTIONALLY_SIGNED_IN } from "./openapi";
import { restReportCreated } from "./review-schemas";
import { webPageForNavigation } from "./web-page";

/*
 * Conversation for scripts (issue 33): the same services as the web app's comments, suggestions
 * and follows routers, identity from the session.
 */

const commentParams = z.object({
  id: pathNumber(CONVERSATION_MESSAGES.commentNotFound, "The comment's id."),
});
const suggestionParams = z.object({
  id: pathNumber(CONVERSATION_MESSAGES.suggestionNotFound, "The suggestion's id (its comment's)."),
});
const followParams = z.object({
  kind: z
    .enum(FOLLOW_TARGET_KINDS, { error: CONVERSATION_MESSAGES.followNotFound })
    .describe("artifact, member or collection."),
  id: pathNumber(
    CONVERSATION_MESSAGES.followNotFound,
    "The artifact's, the member's or the collection's id.",
  ),
});

const bodies = {
  comment: z
    .object({
      body: commentBody,
      parentId: z
        .number()
        .int()
        .positive()
        .optional()
        .describe("The top-level comment this replies to; none for a new thread."),
    })
    .meta({ id: "CommentBody" }),
  commentEdit: z.object({ body: commentBody }).meta({ id: "CommentEditBody" }),
  commentReport: commentReportInput.omit({ id: true }).meta({ id: "CommentReportBody" }),
  commentModeration: commentModerationInput
    .omit({ id: true })
    .meta({ id: "CommentModerationBody" }),
  suggestion: suggestionBody.meta({ id: "SuggestionBody" }),
  suggestionDecision: suggestionDecisionBody.meta({ id: "SuggestionDecisionBody" }),
  follow: followChannels.meta({ id: "FollowBody" }),
  unsubscribe: unsubscribeInput.meta({ id: "UnsubscribeBody" }),
};

const created = z
  .object({
    comment: discussionComment,
    message: z
      .string()
      .nullable()
      .describe("Said when the comment waits for a curator (a new account, REVIEW_MODE=pre)."),
  })
  .meta({ id: "CommentCreated" });
const agreement = z
  .object({ agreements: z.number().int(), agreed: z.boolean() })
  .meta({ id: "Agreement" });
const decided = z
  .object({ suggestion: discussionComment, message: z.string() })
  .meta({ id: "SuggestionDecided" });
const message = z.object({ message: z.string() }).meta({ id: "Message" });

const curators = "Curators and admins only (403 for members).";
const limits =
  "Comments, edits and suggestions: 20 in 10 minutes per account and 40 per address (429, with Retry-After).";

export async function conversationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const list = {
    operationId: "listComments",
    summary: "An artifact's discussion: threads oldest first, each with its first replies",
    description:
      "For whoever may see the artifact (404 otherwise, as GET /artifacts/{id}). A hidden comment reads status hidden with html and body null; a held one (a new account's, waiting for a curator) shows only to its author and curators. Pass nextCursor as cursor for the next page.",
    security: OPTIONALLY_SIGNED_IN,
    params: artifactParams,
    querystring: discussionPaging,
    response: {
      200: json(
        "A page of the discussion.",
        discussionPage.meta({ id: "DiscussionPage" }),
        NEXT_PAGE_HEADER,
      ),
      ...failures([400, 404]),
    },
  };
  api.get("/artifacts/:id/comments", { schema: list }, async (request, reply) => {
    const { id } = request.params;
    const page = readDiscussion(deps, request.session?.user ?? null, { ...request.query, id });
    return withNextLink(reply, `/artifacts/${id}/comments`, request.query, page);
  });

  const post = {
    operationId: "createComment",
    summary: "Comment on a public artifact, or reply to a thread",
    description: `Markdown without images or HTML. A new account (younger than a week, or with nothing approved yet) may put at most 2 links in a comment, and in REVIEW_MODE=pre its comments wait for a curator. ${limits}`,
    params: artifactParams,
    body: bodies.comment,
    response: { 201: json("Posted.", created), ...failures([400, 401, 404, 413, 429]) },
  };
  api.post(
    "/artifacts/:id/comments",
    { schema: post, config: { access: WRITER } },
    async (request, reply) => {
      const input = { artifactId: request.params.id, ...request.body };
      const answer = createComment(
        deps,
        requireUser(request),
        input,
        serviceContext(deps, request),
      );
      return reply.code(201).send(answer);
    },
  );

  const replies = {
    operationId: "listReplies",
    summary: "A thread's replies after those shown with it, oldest first",
    security: OPTIONALLY_SIGNED_IN,
    params: commentParams,
    querystring: repliesPaging,
    response: {
      200: json("A page of replies.", repliesPage.meta({ id: "RepliesPage" }), NEXT_PAGE_HEADER),
      ...failures([400, 404]),
    },
  };
  api.get("/comments/:id/replies", { schema: replies }, async (request, reply) => {
    const { id } = request.params;
    const page = readReplies(deps, request.session?.user ?? null, { ...request.query, id });
    return withNextLink(reply, `/comments/${id}/replies`, request.query, page);
  });

  const edit = {
    operationId: "editComment",
    summary: "Edit your own comment",
    description: `It shows "edited"; the earlier text is kept for curators. A hidden comment cannot be edited (409). ${limits}`,
    params: commentParams,
    body: bodies.commentEdit,
    response: {
      200: json("Edited.", discussionComment.meta({ id: "Comment" })),
      ...failures([400, 401, 403, 404, 409, 413, 429]),
    },
  };
  api.patch("/comments/:id", { schema: edit, config: { access: WRITER } }, async (request) =>
    editComment(
      deps,
      requireUser(request),
      { id: request.params.id, ...request.body },
      serviceContext(deps, request),
    ),
  );

  const remove = {
    operationId: "deleteComment",
    summary: "Delete your own comment",
    description:
      "With replies under it, it stays as an empty placeholder that names no one. No body.",
    params: commentParams,
    response: {
      200: json(
        "Deleted.",
        z.object({ id: z.number().int(), message: z.string() }).meta({ id: "CommentDeleted" }),
      ),
      ...failures([401, 403, 404, 429]),
    },
  };
  api.delete("/comments/:id", { schema: remove, config: { access: WRITER } }, async (request) =>
    deleteComment(deps, requireUser(request), request.params),
  );

  const history = {
    operationId: "commentHistory",
    summary: "A comment's text now and before each edit",
    description: curators,
    params: commentParams,
    response: {
      200: json("Its texts.", commentHistoryShape.meta({ id: "CommentHistory" })),
      ...failures([401, 403, 404]),
    },
  };
  api.get(
    "/comments/:id/history",
    { schema: history, config: { access: CURATOR } },
    async (request) => commentHistory(deps, requireUser(request), request.params),
  );

  const report = {
    operationId: "reportComment",
    summary: "Report a comment, with the reasons artifacts are reported with",
    description:
      "It waits in the review queue; reports never hide a comment by themselves, a curator does. One open report per person and comment (409). Ten reports an hour per account and thirty per address (429).",
    params: commentParams,
    body: bodies.commentReport,
    response: {
      201: json("Reported.", restReportCreated),
      ...failures([400, 401, 404, 409, 413, 429]),
    },
  };
  api.post(
    "/comments/:id/reports",
    { schema: report, config: { access: WRITER } },
    async (request, reply) => {
      const input = { id: request.params.id, ...request.body };
      const answer = reportComment(
        deps,
        requireUser(request),
        input,
        serviceContext(deps, request),
      );
      return reply.code(201).send(answer);
    },
  );

  for (const [action, operationId, summary] of [
    ["hide", "hideComment", "Hide a comment, with a reason from GET /review-reasons"],
    ["unhide", "unhideComment", "Show a hidden comment again, with a reason"],
  ] as const) {
    const schema = {
      operationId,
      summary,
      description: `${curators} Not your own comment (403); 409 when it already is (or is not) hidden.`,
      params: commentParams,
      body: bodies.commentModeration,
      response: {
        200: json("Done.", discussionComment),
        ...failures([400, 401, 403, 404, 409, 413, 429]),
      },
    };
    api.post(
      `/comments/:id/${action}`,
      { schema, config: { access: CURATOR_WRITES } },
      async (request) =>
        moderateComment(
          deps,
          requireUser(request),
          { id: request.params.id, ...request.body },
          serviceContext(deps, request),
          action,
        ),
    );
  }

  const suggest = {
    operationId: "createSuggestion",
    summary: "Suggest a change to one field of someone else's public artifact",
    description: `With a reason (shown as its comment) and a source, made on baseRevision (the newest revision you saw: 409 when the field changed since). It waits in the review queue until the owner or a curator decides. ${limits}`,
    params: artifactParams,
    body: bodies.suggestion,
    response: { 201: json("Suggested.", created), ...failures([400, 401, 404, 409, 413, 429]) },
  };
  api.post(
    "/artifacts/:id/suggestions",
    { schema: suggest, config: { access: WRITER } },
    async (request, reply) => {
      const input = { ...request.body, artifactId: request.params.id };
      const answer = createSuggestion(
        deps,
        requireUser(request),
        input,
        serviceContext(deps, request),
      );
      return reply.code(201).send(answer);
    },
  );

  const decide = {
    operationId: "decideSuggestion",
    summary: "Accept or decline a suggestion (the artifact's owner, curators and admins)",
    description:
      "Send the discussion's revision as you read it (409 when the artifact changed since). Accepted, it becomes a revision credited to its author; an owner's acceptance in REVIEW_MODE=pre waits for a curator. Declining needs a reason.",
    params: suggestionParams,
    body: bodies.suggestionDecision,
    response: {
      200: json("Decided.", decided),
      ...failures([400, 401, 403, 404, 409, 413, 429]),
    },
  };
  api.post("/suggestions/:id", { schema: decide, config: { access: WRITER } }, async (request) => {
    const input = { ...request.body, id: request.params.id };
    return decideSuggestion(deps, requireUser(request), input, serviceContext(deps, request));
  });

  const agreementSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    description: "Not your own suggestion (403); 409 once it is decided. No body.",
    params: suggestionParams,
    response: { 200: json("The count.", agreement), ...failures([401, 403, 404, 409, 429]) },
  });
  api.put(
    "/suggestions/:id/agreement",
    {
      schema: agreementSchema("agreeWithSuggestion", "Agree with an open suggestion (once)"),
      config: { access: WRITER },
    },
    async (request) => agreeWithSuggestion(deps, requireUser(request), request.params),
  );
  api.delete(
    "/suggestions/:id/agreement",
    {
      schema: agreementSchema("withdrawAgreement", "Take back your agreement"),
      config: { access: WRITER },
    },
    async (request) => withdrawAgreement(deps, requireUser(request), request.params),
  );

  const follows = {
    operationId: "listFollows",
    summary: "What you follow, newest first",
    querystring: followsQuery,
    response: {
      200: json(
        "A page of follows.",
        cursorPageOf(followItem).meta({ id: "FollowPage" }),
        NEXT_PAGE_HEADER,
      ),
      ...failures([400, 401]),
    },
  };
  api.get("/follows", { schema: follows, config: { access: SIGNED_IN } }, async (request, reply) =>
    withNextLink(
      reply,
      "/follows",
      request.query,
      listFollows(deps, requireUser(request), request.query),
    ),
  );

  const state = {
    operationId: "followState",
    summary: "Whether you follow an artifact, a member or a collection, and how",
    params: followParams,
    response: {
      200: json("The follow.", followState.meta({ id: "FollowState" })),
      ...failures([401, 404]),
    },
  };
  api.get("/follows/:kind/:id", { schema: state, config: { access: SIGNED_IN } }, async (request) =>
    readFollowState(deps, requireUser(request), request.params),
  );

  const owner = {
    operationId: "artifactOwner",
    summary: "Who added a public artifact: the member's id to follow them by, and their name",
    params: artifactParams,
    response: {
      200: json("The member.", artifactOwnerShape.meta({ id: "ArtifactOwner" })),
      ...failures([401, 404]),
    },
  };
  api.get(
    "/artifacts/:id/owner",
    { schema: owner, config: { access: SIGNED_IN } },
    async (request) => artifactOwner(deps, request.params),
  );

  const put = {
    operationId: "follow",
    summary:
      "Follow a public artifact, a member or a collection, or change how the follow tells you",
    description:
      "bell, email (a daily digest, only when the site sends mail: 400 otherwise), or both. A member can be followed once they have a public artifact; a curated collection while it is public or unlisted (a private, hidden or saved-search one you can see: 400; one you cannot: 404). At most 1,000 follows of all kinds (409).",
    params: followParams,
    body: bodies.follow,
    response: {
      200: json("The follow.", followState),
      ...failures([400, 401, 404, 409, 413, 429]),
    },
  };
  api.put("/follows/:kind/:id", { schema: put, config: { access: WRITER } }, async (request) =>
    follow(deps, requireUser(request), { target: request.params, channels: request.body }),
  );

  const stop = {
    operationId: "unfollow",
    summary: "Stop following",
    params: followParams,
    response: { 200: json("Unfollowed.", followState), ...failures([401, 404, 429]) },
  };
  api.delete("/follows/:kind/:id", { schema: stop, config: { access: WRITER } }, async (request) =>
    unfollow(deps, requireUser(request), request.params),
  );

  // The web app's Following screen has the same path: a navigation gets the page.
  const feed = {
    operationId: "followingFeed",
    summary: "The public artifacts of the members you follow, newest first",
    querystring: followingFeedQuery,
    response: {
      200: json(
        "A page of artifacts.",
        cursorPageOf(followingFeedItem).meta({ id: "FollowingFeedPage" }),
        NEXT_PAGE_HEADER,
      ),
      ...failures([400, 401]),
    },
  };
  api.get(
    "/following",
    { schema: feed, config: { access: SIGNED_IN }, onRequest: webPageForNavigation(app) },
    async (request, reply) =>
      withNextLink(
        reply,
        "/following",
        request.query,
        followingFeed(deps, requireUser(request), request.query),
      ),
  );

  const unsubscribeSchema = {
    operationId: "unsubscribe",
    summary: "Stop a digest mail, with the token of its unsubscribe link (no session needed)",
    body: bodies.unsubscribe,
    response: { 200: json("Stopped.", message), ...failures([400, 413]) },
  };
  api.post("/unsubscribe", { schema: unsubscribeSchema }, async (request) =>
    unsubscribe(deps, request.body),
  );
}
