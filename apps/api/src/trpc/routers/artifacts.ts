import {
  artifactIdInput,
  artifactInput,
  artifactListQuery,
  artifactUpdateInput,
  myArtifactsQuery,
} from "@artifact-atlas/shared";
import {
  createArtifact,
  deleteArtifact,
  getArtifact,
  listArtifacts,
  myArtifacts,
  popularArtifacts,
  similarArtifacts,
  updateArtifact,
} from "../../services/artifacts";
import { protectedProcedure, publicProcedure, router, writeProcedure } from "../init";

export const artifactsRouter = router({
  popular: publicProcedure.query(({ ctx }) => popularArtifacts(ctx.deps.artifactStore)),

  list: publicProcedure
    .input(artifactListQuery)
    .query(({ ctx, input }) => listArtifacts(ctx.deps.artifactStore, input)),

  byId: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => getArtifact(ctx.deps.artifactStore, ctx.user, input)),

  similar: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => similarArtifacts(ctx.deps.artifactStore, ctx.user, input)),

  mine: protectedProcedure
    .input(myArtifactsQuery)
    .query(({ ctx, input }) => myArtifacts(ctx.deps.artifactStore, ctx.user, input)),

  create: writeProcedure
    .input(artifactInput)
    .mutation(({ ctx, input }) => createArtifact(ctx.deps.artifactStore, ctx.user, input)),

  update: writeProcedure
    .input(artifactUpdateInput)
    .mutation(({ ctx, input }) => updateArtifact(ctx.deps.artifactStore, ctx.user, input)),

  delete: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => deleteArtifact(ctx.deps.artifactStore, ctx.user, input, ctx)),
});
