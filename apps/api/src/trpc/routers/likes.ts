import { artifactIdInput, likedArtifactsQuery } from "@artifact-atlas/shared";
import { find } from "../../services/find";
import { likeArtifact, likeStatus, unlikeArtifact } from "../../services/likes";
import { protectedProcedure, router, writeProcedure } from "../init";

export const likesRouter = router({
  status: protectedProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => likeStatus(ctx.deps.likeStore, ctx.user, input)),

  like: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => likeArtifact(ctx.deps.likeStore, ctx.user, input)),

  unlike: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => unlikeArtifact(ctx.deps.likeStore, ctx.user, input)),

  /** The member's liked artifacts, most recently liked first. */
  list: protectedProcedure.input(likedArtifactsQuery).query(({ ctx, input }) => {
    const window = { cursor: input.cursor ?? null, limit: input.limit };
    const { items, nextCursor } = find(ctx.deps.artifactStore, ctx.user, { list: "liked", window });
    return { items, nextCursor: nextCursor ?? null };
  }),
});
