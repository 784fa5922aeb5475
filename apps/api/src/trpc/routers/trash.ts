import { artifactIdInput, trashQuery } from "@artifact-atlas/shared";
import { restoreArtifact, trashPage } from "../../services/trash";
import { curatorProcedure, router } from "../init";

/** The trash (issue 17): curators and admins list and restore. */
export const trashRouter = router({
  list: curatorProcedure.input(trashQuery).query(({ ctx, input }) => trashPage(ctx.deps.db, input)),

  restore: curatorProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => restoreArtifact(ctx.deps.db, ctx.user, input, ctx)),
});
