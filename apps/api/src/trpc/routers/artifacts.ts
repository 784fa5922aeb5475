import {
  artifactFacetsQuery,
  artifactIdInput,
  artifactInput,
  artifactListQuery,
  artifactUpdateInput,
  myArtifactsQuery,
  PAGE_SIZE,
  POPULAR_COUNT,
  type ArtifactFacets,
  type ArtifactPage,
} from "@artifact-atlas/shared";
import {
  createArtifact,
  deleteArtifact,
  getArtifact,
  similarArtifacts,
  updateArtifact,
} from "../../services/artifacts";
import { find } from "../../services/find";
import { getPublicArtifactDetail } from "../../services/public-artifacts";
import { protectedProcedure, publicProcedure, router, writeProcedure } from "../init";

export const artifactsRouter = router({
  /** The home page's most liked artifacts; ties go to the older artifact. */
  popular: publicProcedure.query(
    ({ ctx }) =>
      find(ctx.deps.artifactStore, ctx.user, {
        list: "collection",
        sort: "desc",
        window: { offset: 0, limit: POPULAR_COUNT },
      }).items,
  ),

  /** A page of All Artifacts (and of the timeline's span). */
  list: publicProcedure.input(artifactListQuery).query(({ ctx, input }): ArtifactPage => {
    const { page, ...query } = input;
    const answer = find(ctx.deps.artifactStore, ctx.user, {
      ...query,
      list: "collection",
      window: { page },
      total: true,
      allFieldsTotal: true,
    });
    const total = answer.total ?? 0;
    return { ...answer, total, page, pageCount: Math.ceil(total / PAGE_SIZE) };
  }),

  /** The counts of each filter's values given the others; the timeline's histogram too. */
  facets: publicProcedure
    .input(artifactFacetsQuery)
    .query(
      ({ ctx, input }): ArtifactFacets =>
        find(ctx.deps.artifactStore, ctx.user, { ...input, list: "collection", facets: true })
          .facets!,
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

  /** The member's own artifacts, newest first, whatever their status. */
  mine: protectedProcedure.input(myArtifactsQuery).query(({ ctx, input }) => {
    const window = { cursor: input.cursor ?? null, limit: input.limit };
    const { items, nextCursor } = find(ctx.deps.artifactStore, ctx.user, { list: "mine", window });
    return { items, nextCursor: nextCursor ?? null };
  }),

  create: writeProcedure
    .input(artifactInput)
    .mutation(({ ctx, input }) => createArtifact(ctx.deps.artifactStore, ctx.user, input, ctx)),

  update: writeProcedure
    .input(artifactUpdateInput)
    .mutation(({ ctx, input }) => updateArtifact(ctx.deps.artifactStore, ctx.user, input, ctx)),

  delete: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => deleteArtifact(ctx.deps.artifactStore, ctx.user, input, ctx)),
});
