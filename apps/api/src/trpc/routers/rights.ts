import { siteRightsInput } from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../../rate-limit";
import { setSiteRights, siteRights } from "../../services/site-rights";
import { adminProcedure, publicProcedure, router } from "../init";

/** The site's rights settings (issue 30): read by every form and public page, set by admins. */
export const rightsRouter = router({
  site: publicProcedure.query(({ ctx }) => siteRights(ctx.deps.db)),

  setSite: adminProcedure.input(siteRightsInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    return setSiteRights(ctx.deps.db, ctx.user, { ...input, requestId: ctx.requestId });
  }),
});
