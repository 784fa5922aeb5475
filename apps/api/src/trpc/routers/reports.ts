import { artifactIdInput, reportInput } from "@artifact-atlas/shared";
import { reportArtifact, withdrawReport } from "../../services/reports";
import { router, writeProcedure } from "../init";

export const reportsRouter = router({
  create: writeProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) => reportArtifact(ctx.deps, ctx.user, input, ctx)),

  /** Takes back the signed-in person's open report about an artifact (issue 28). */
  withdraw: writeProcedure
    .input(artifactIdInput)
    .mutation(({ ctx, input }) => withdrawReport(ctx.deps.db, ctx.user, input, ctx)),
});
