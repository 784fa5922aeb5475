import { profileUpdateInput } from "@artifact-atlas/shared";
import { updateProfile } from "../../services/users";
import { router, writeProcedure } from "../init";

export const usersRouter = router({
  updateProfile: writeProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps.db, ctx.user, input)),
});
