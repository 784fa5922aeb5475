import { profileUpdateInput } from "@artifact-atlas/shared";
import { updateProfile } from "../../services/users";
import { callService } from "../errors";
import { protectedProcedure, router } from "../init";

export const usersRouter = router({
  updateProfile: protectedProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => callService(() => updateProfile(ctx.deps.db, ctx.user, input))),
});
