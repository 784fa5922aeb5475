import {
  artifactFacetsQuery,
  artifactIdInput,
  artifactInput,
  artifactListQuery,
  artifactUpdateInput,
  myArtifactsQuery,
  type FindFilters,
} from "@artifact-atlas/shared";
import {
  artifactFacets,
  createArtifact,
  deleteArtifact,
  getArtifact,
  listArtifacts,
  myArtifacts,
  popularArtifacts,
  similarArtifacts,
  updateArtifact,
  type ReviewContext,
} from "../../services/artifacts";
import type { Context } from "../context";
import { getPublicArtifactDetail } from "../../services/public-artifacts";
import { protectedProcedure, publicProcedure, router, writeProcedure } from "../init";

function reviewContext(ctx: Context): ReviewContext {
  return { reviewMode: ctx.deps.env.reviewMode, requestId: ctx.requestId, now: ctx.now };
}

/** The filters of a list or facets input. */
function filtersOf(input: FindFilters): FindFilters {
  const { types, eras, fromYear, toYear, locations } = input;
  return {
    types,
    eras,
    locations,
    ...(fromYear === undefined ? {} : { fromYear }),
    ...(toYear === undefined ? {} : { toYear }),
  };
}

export const artifactsRouter = router({
  popular: publicProcedure.query(({ ctx }) => popularArtifacts(ctx.deps.artifactStore)),

  list: publicProcedure
    .input(artifactListQuery)
    .query(({ ctx, input }) =>
      listArtifacts(ctx.deps.artifactStore, { ...input, filters: filtersOf(input) }),
    ),

  /** The counts of each filter's values given the others; the timeline's histogram too. */
  facets: publicProcedure.input(artifactFacetsQuery).query(({ ctx, input }) =>
    artifactFacets(ctx.deps.artifactStore, {
      filters: filtersOf(input),
      search: input.search ?? "",
      scope: input.in,
    }),
  ),

  byId: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => getArtifact(ctx.deps.artifactStore, ctx.user, input)),

  /** The artifact of a public page (/a/{id}): NOT_FOUND unless anyone may see it. */
  publicById: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) =>
      getPublicArtifactDetail(ctx.deps.publicArtifacts, ctx.deps.db, input),
    ),

  similar: publicProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => similarArtifacts(ctx.deps.artifactStore, ctx.user, input)),

  mine: protectedProcedure
    .input(myArtifactsQuery)
    .query(({ ctx, input }) => myArtifacts(ctx.deps.artifactStore, ctx.user, input)),

  create: writeProcedure
    .input(artifactInput)
    .mutation(({ ctx, input }) =>
      createArtifact(ctx.deps.artifactStore, ctx.user, input, reviewContext(ctx)),
    ),

  update: writeProcedure
    .input(artifactUpdateInput)
    .mutation(({ ctx, input }) =>
      updateArtifact(ctx.deps.artifactStore, ctx.user, input, reviewContext(ctx)),
    ),

  delete: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => deleteArtifact(ctx.deps.artifactStore, ctx.user, input, ctx)),
});
