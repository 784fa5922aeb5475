import { artifactIdInput, likedArtifactsQuery } from "@artifact-atlas/shared";
import { find } from "../../services/find";
import { likeStatus, setLike } from "../../services/likes";
import { protectedProcedure, router, writeProcedure } from "../init";

export const likesRouter = router({
  status: protectedProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => likeStatus(ctx.deps.likeStore, ctx.user, input)),

  like: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => setLike(ctx.deps.likeStore, ctx.user, input, true)),

  unlike: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => setLike(ctx.deps.likeStore, ctx.user, input, false)),

  /** The member's liked artifacts, most recently liked first. */
  list: protectedProcedure.input(likedArtifactsQuery).query(({ ctx, input }) => {
    const window = { cursor: input.cursor ?? null, limit: input.limit };
    const { items, nextCursor } = find(ctx.deps.artifactStore, ctx.user, { list: "liked", window });
    return { items, nextCursor: nextCursor ?? null };
  }),
});
