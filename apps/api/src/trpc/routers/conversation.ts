import {
  artifactIdInput,
  commentEditInput,
  commentIdInput,
  commentInput,
  commentModerationInput,
  commentReportInput,
  discussionQuery,
  followInput,
  followingFeedQuery,
  followsQuery,
  followTarget,
  repliesQuery,
  suggestionDecisionInput,
  suggestionInput,
  unsubscribeInput,
} from "@artifact-atlas/shared";
import {
  commentHistory,
  createComment,
  deleteComment,
  discussionPage,
  editComment,
  repliesPage,
} from "../../services/conversation/comments";
import {
  artifactOwner,
  follow,
  followingFeed,
  followState,
  listFollows,
  unfollow,
  unsubscribe,
} from "../../services/conversation/follows";
import { moderateComment, reportComment } from "../../services/conversation/moderation";
import {
  agreeWithSuggestion,
  createSuggestion,
  decideSuggestion,
  withdrawAgreement,
} from "../../services/conversation/suggestions";
import {
  curatorProcedure,
  protectedProcedure,
  publicProcedure,
  router,
  writeProcedure,
} from "../init";
import { curatorWriteProcedure } from "./review";

/*
 * Conversation (issue 33): the discussion under an artifact, suggestions and follows. Reading a
 * discussion is public (for whoever may see the artifact); everything else needs the session.
 */

export const commentsRouter = router({
  list: publicProcedure
    .input(discussionQuery)
    .query(({ ctx, input }) => discussionPage(ctx.deps, ctx.user, input)),

  replies: publicProcedure
    .input(repliesQuery)
    .query(({ ctx, input }) => repliesPage(ctx.deps, ctx.user, input)),

  create: writeProcedure
    .input(commentInput)
    .mutation(({ ctx, input }) => createComment(ctx.deps, ctx.user, input, ctx)),

  edit: writeProcedure
    .input(commentEditInput)
    .mutation(({ ctx, input }) => editComment(ctx.deps, ctx.user, input, ctx)),

  delete: writeProcedure
    .input(commentIdInput)
    .mutation(({ ctx, input }) => deleteComment(ctx.deps, ctx.user, input)),

  /** A comment's earlier texts (curators). */
  history: curatorProcedure
    .input(commentIdInput)
    .query(({ ctx, input }) => commentHistory(ctx.deps, ctx.user, input)),

  report: writeProcedure
    .input(commentReportInput)
    .mutation(({ ctx, input }) => reportComment(ctx.deps, ctx.user, input, ctx)),

  hide: curatorWriteProcedure
    .input(commentModerationInput)
    .mutation(({ ctx, input }) => moderateComment(ctx.deps, ctx.user, input, ctx, "hide")),

  unhide: curatorWriteProcedure
    .input(commentModerationInput)
    .mutation(({ ctx, input }) => moderateComment(ctx.deps, ctx.user, input, ctx, "unhide")),
});

export const suggestionsRouter = router({
  create: writeProcedure
    .input(suggestionInput)
    .mutation(({ ctx, input }) => createSuggestion(ctx.deps, ctx.user, input, ctx)),

  decide: writeProcedure
    .input(suggestionDecisionInput)
    .mutation(({ ctx, input }) => decideSuggestion(ctx.deps, ctx.user, input, ctx)),

  agree: writeProcedure
    .input(commentIdInput)
    .mutation(({ ctx, input }) => agreeWithSuggestion(ctx.deps, ctx.user, input)),

  withdrawAgreement: writeProcedure
    .input(commentIdInput)
    .mutation(({ ctx, input }) => withdrawAgreement(ctx.deps, ctx.user, input)),
});

export const followsRouter = router({
  state: protectedProcedure
    .input(followTarget)
    .query(({ ctx, input }) => followState(ctx.deps, ctx.user, input)),

  /** Who added a public artifact, to follow them by: the web's Follow beside "Added by". */
  artifactOwner: protectedProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => artifactOwner(ctx.deps, input)),

  follow: writeProcedure
    .input(followInput)
    .mutation(({ ctx, input }) => follow(ctx.deps, ctx.user, input)),

  unfollow: writeProcedure
    .input(followTarget)
    .mutation(({ ctx, input }) => unfollow(ctx.deps, ctx.user, input)),

  list: protectedProcedure
    .input(followsQuery)
    .query(({ ctx, input }) => listFollows(ctx.deps, ctx.user, input)),

  /** The Following feed: followed members' new public artifacts, newest first. */
  feed: protectedProcedure
    .input(followingFeedQuery)
    .query(({ ctx, input }) => followingFeed(ctx.deps, ctx.user, input)),

  /** The digest mail's link, opened without signing in: the token is the proof. */
  unsubscribe: publicProcedure
    .input(unsubscribeInput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.deps, input)),
});
