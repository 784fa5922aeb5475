import {
  artifactIdInput,
  revisionCompareQuery,
  revisionListQuery,
  revisionRef,
  REVISIONS_PAGE_SIZE,
  type RevisionPage,
} from "@artifact-atlas/shared";
import {
  artifactForEditing,
  compareRevisions,
  getRevision,
  listRevisions,
  mayRestore,
  restoreRevision,
} from "../../services/history";
import { protectedProcedure, router, writeProcedure } from "../init";

/** An artifact's history (issue 17): for whoever may see the artifact; restore for its owner and curators. */
export const revisionsRouter = router({
  /** One page of the history, newest first. */
  list: protectedProcedure.input(revisionListQuery).query(({ ctx, input }): RevisionPage => {
    const offset = (input.page - 1) * REVISIONS_PAGE_SIZE;
    const slice = listRevisions(ctx.deps.artifactStore, ctx.user, {
      id: input.id,
      limit: REVISIONS_PAGE_SIZE,
      offset,
    });
    return {
      ...slice,
      page: input.page,
      pageCount: Math.max(1, Math.ceil(slice.total / REVISIONS_PAGE_SIZE)),
      canRestore: mayRestore(ctx.deps.artifactStore, ctx.user, input.id),
    };
  }),

  byNumber: protectedProcedure
    .input(revisionRef)
    .query(({ ctx, input }) => getRevision(ctx.deps.artifactStore, ctx.user, input)),

  compare: protectedProcedure
    .input(revisionCompareQuery)
    .query(({ ctx, input }) => compareRevisions(ctx.deps.artifactStore, ctx.user, input)),

  /** The artifact and its newest revision's number: what the edit form starts from. */
  forEditing: protectedProcedure
    .input(artifactIdInput)
    .query(({ ctx, input }) => artifactForEditing(ctx.deps.artifactStore, ctx.user, input)),

  restore: writeProcedure
    .input(revisionRef)
    .mutation(({ ctx, input }) => restoreRevision(ctx.deps.artifactStore, ctx.user, input, ctx)),
});
