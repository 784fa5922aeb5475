import {
  accountDeletionInput,
  passwordChangeInput,
  sessionHandleInput,
} from "@artifact-atlas/shared";
import {
  accountSettings,
  changePassword,
  deleteAccount,
  mySessions,
  signOutOtherSessions,
  signOutSession,
} from "../../services/account";
import { deviceCookieFor } from "../../auth/known-devices";
import type { Context } from "../context";
import { protectedProcedure, router, writeProcedure } from "../init";

/** The signed-in person and the session they ask from: the only actor these services take. */
function actorOf(ctx: Context & { user: NonNullable<Context["user"]>; sessionId: string }) {
  return { user: ctx.user, sessionId: ctx.sessionId };
}

/** Your account, below Update Profile's fields: password, sessions, leaving (issue 20). */
export const accountRouter = router({
  settings: protectedProcedure.query(({ ctx }) => accountSettings(ctx.deps, ctx.user.id)),

  changePassword: writeProcedure.input(passwordChangeInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.deps, actorOf(ctx), input, { ip: ctx.ip, device: ctx.deviceCookie });
    // The new password ends the account's device cookies (their key): this browser stays known.
    const device = deviceCookieFor(ctx.deps.db, ctx.user.id, ctx.deps.env.secureCookies);
    if (device) ctx.setCookie(device);
    return { ok: true as const };
  }),

  sessions: protectedProcedure.query(({ ctx }) => mySessions(ctx.deps, actorOf(ctx))),

  signOutSession: writeProcedure.input(sessionHandleInput).mutation(({ ctx, input }) => {
    const { wasCurrent } = signOutSession(ctx.deps, actorOf(ctx), input.handle);
    if (wasCurrent) ctx.setCookie(ctx.deps.sessions.blankCookie());
    return { ok: true as const, signedOut: wasCurrent };
  }),

  signOutOtherSessions: writeProcedure.mutation(({ ctx }) => {
    signOutOtherSessions(ctx.deps, actorOf(ctx));
    return { ok: true as const };
  }),

  delete: writeProcedure.input(accountDeletionInput).mutation(async ({ ctx, input }) => {
    await deleteAccount(ctx.deps, actorOf(ctx), input, { ip: ctx.ip, device: ctx.deviceCookie });
    ctx.setCookie(ctx.deps.sessions.blankCookie());
    return { ok: true as const };
  }),
});
