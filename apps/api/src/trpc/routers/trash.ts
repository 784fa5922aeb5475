import { artifactIdInput, trashQuery } from "@artifact-atlas/shared";
import { ownTrashPage, restoreArtifact, restoreOwnArtifact, trashPage } from "../../services/trash";
import { curatorProcedure, protectedProcedure, router, writeProcedure } from "../init";

/** The trash (issue 17): curators and admins list and restore; owners their own (issue 29). */
export const trashRouter = router({
  list: curatorProcedure.input(trashQuery).query(({ ctx, input }) => trashPage(ctx.deps.db, input)),

  restore: curatorProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => restoreArtifact(ctx.deps.db, ctx.user, input, ctx)),

  /** The signed-in member's own deleted artifacts, most recently deleted first. */
  mine: protectedProcedure
    .input(trashQuery)
    .query(({ ctx, input }) => ownTrashPage(ctx.deps.db, ctx.user, input)),

  /** Undo of a delete, and Restore in the member's Trash: their own artifact only. */
  restoreMine: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => restoreOwnArtifact(ctx.deps.db, ctx.user, input, ctx)),
});
