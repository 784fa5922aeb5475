import {
  artifactIdInput,
  artifactInput,
  artifactListQuery,
  artifactUpdateInput,
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
import { callService } from "../errors";
import { protectedProcedure, publicProcedure, router, writeProcedure } from "../init";

export const artifactsRouter = router({
  popular: publicProcedure.query(({ ctx }) =>
    callService(() => popularArtifacts(ctx.deps.artifactStore)),
  ),

  list: publicProcedure
    .input(artifactListQuery)
    .query(({ ctx, input }) => callService(() => listArtifacts(ctx.deps.artifactStore, input))),

  byId: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => callService(() => getArtifact(ctx.deps.artifactStore, input))),

  similar: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => callService(() => similarArtifacts(ctx.deps.artifactStore, input))),

  mine: protectedProcedure.query(({ ctx }) =>
    callService(() => myArtifacts(ctx.deps.artifactStore, ctx.user)),
  ),

  create: writeProcedure
    .input(artifactInput)
    .mutation(({ ctx, input }) =>
      callService(() => createArtifact(ctx.deps.artifactStore, ctx.user, input)),
    ),

  update: writeProcedure
    .input(artifactUpdateInput)
    .mutation(({ ctx, input }) =>
      callService(() => updateArtifact(ctx.deps.artifactStore, ctx.user, input)),
    ),

  delete: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) =>
      callService(() => deleteArtifact(ctx.deps.artifactStore, ctx.user, input)),
    ),
});
