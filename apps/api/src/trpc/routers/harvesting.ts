import { harvestSettingsInput } from "@artifact-atlas/shared";
import { harvestingOverview } from "../../harvesting/overview";
import { updateHarvestSettings } from "../../harvesting/settings";
import { assertWriteAllowed } from "../../rate-limit";
import { adminProcedure, router } from "../init";

/** The Harvesting screen (issue 34, admins only): OAI-PMH's endpoint, settings and readiness. */
export const harvestingRouter = router({
  overview: adminProcedure.query(({ ctx }) => harvestingOverview(ctx.deps)),

  updateSettings: adminProcedure.input(harvestSettingsInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    updateHarvestSettings(
      ctx.deps.db,
      ctx.user,
      { ...input, requestId: ctx.requestId },
      ctx.deps.now(),
    );
    return harvestingOverview(ctx.deps);
  }),
});
