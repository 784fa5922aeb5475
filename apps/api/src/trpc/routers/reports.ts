import { reportInput } from "@artifact-atlas/shared";
import { reportArtifact } from "../../services/reports";
import { router, writeProcedure } from "../init";

export const reportsRouter = router({
  create: writeProcedure
    .input(reportInput)
    .mutation(({ ctx, input }) => reportArtifact(ctx.deps.db, ctx.user, input, ctx)),
});
