import { artifactIdInput, likedArtifactsQuery } from "@artifact-atlas/shared";
import { likeArtifact, likedArtifacts, likeStatus, unlikeArtifact } from "../../services/likes";
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

  list: protectedProcedure
    .input(likedArtifactsQuery)
    .query(({ ctx, input }) => likedArtifacts(ctx.deps.likeStore, ctx.user, input)),
});
