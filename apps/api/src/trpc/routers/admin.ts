import {
  adminUsersQuery,
  auditQuery,
  createResetLinkInput,
  setRoleInput,
  suspendInput,
  unsuspendInput,
} from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../../rate-limit";
import { listAudit, listUsers } from "../../services/admin";
import { createResetLinkByAdmin } from "../../services/password-reset";
import { setRole } from "../../services/roles";
import { suspendAccount, unsuspendAccount } from "../../services/suspension";
import { adminProcedure, router } from "../init";

/** The Admin screen: accounts and their roles, and the audit log (admins only, issue 17). */
export const adminRouter = router({
  users: adminProcedure
    .input(adminUsersQuery)
    .query(({ ctx, input }) => listUsers(ctx.deps.db, input)),

  setRole: adminProcedure.input(setRoleInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    return setRole(ctx.deps.db, {
      actorId: ctx.user.id,
      userId: input.userId,
      role: input.role,
      requestId: ctx.requestId,
    });
  }),

  /** A one-time password reset link for another account, shown once (issue 20, decision 070). */
  createResetLink: adminProcedure.input(createResetLinkInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    return createResetLinkByAdmin(ctx.deps, {
      actorId: ctx.user.id,
      userId: input.userId,
      requestId: ctx.requestId,
    });
  }),

  /** Suspends an account, with a reason (issue 29): it cannot sign in or write. */
  suspend: adminProcedure.input(suspendInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    return suspendAccount(ctx.deps.db, ctx.user, input, ctx);
  }),

  unsuspend: adminProcedure.input(unsuspendInput).mutation(({ ctx, input }) => {
    assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
    return unsuspendAccount(ctx.deps.db, ctx.user, input, ctx);
  }),

  audit: adminProcedure.input(auditQuery).query(({ ctx, input }) => listAudit(ctx.deps.db, input)),
});
