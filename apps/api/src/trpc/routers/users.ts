import { profileUpdateInput } from "@artifact-atlas/shared";
import { updateProfile } from "../../services/users";
import { callService } from "../errors";
import { router, writeProcedure } from "../init";

export const usersRouter = router({
  updateProfile: writeProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => callService(() => updateProfile(ctx.deps.db, ctx.user, input))),
});
