import {
  loginInput,
  passwordResetInput,
  passwordResetRequestInput,
  resetLinkInput,
  signupInput,
  type SessionUser,
} from "@artifact-atlas/shared";
import { checkResetLink, requestPasswordReset, resetPassword } from "../../services/password-reset";
import { deviceCookieFor } from "../../auth/known-devices";
import { login, signup } from "../../services/users";
import type { Context } from "../context";
import { publicProcedure, router } from "../init";

/**
 * Every sign-in gets a brand-new session (no fixation). The session this browser held before, if
 * any, is ended: its cookie is overwritten, and a copy of it must not stay usable.
 */
async function startSession(ctx: Context, userId: number): Promise<void> {
  if (ctx.sessionId) await ctx.deps.sessions.invalidate(ctx.sessionId);
  ctx.setCookie(await ctx.deps.sessions.create(userId, ctx.userAgent));
}

/**
 * The browser signed in to an existing account with its password (or a reset link): from now on
 * the account knows it, and failures elsewhere cannot lock it out (auth/known-devices.ts).
 */
function rememberBrowser(ctx: Context, userId: number): void {
  const device = deviceCookieFor(ctx.deps.db, userId, ctx.deps.env.secureCookies);
  if (device) ctx.setCookie(device);
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }): SessionUser | null => ctx.user),

  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const user = await signup(ctx.deps, input, { ip: ctx.ip });
    await startSession(ctx, user.id);
    return user;
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await login(ctx.deps, input, { ip: ctx.ip, device: ctx.deviceCookie });
    await startSession(ctx, user.id);
    rememberBrowser(ctx, user.id);
    return user;
  }),

  /** Whether Reset your password can send links here (SMTP_URL and MAIL_FROM are set). */
  passwordResetByEmail: publicProcedure.query(({ ctx }) => ({
    available: ctx.deps.outbox !== null,
  })),

  /** Reset your password: the same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, { ip: ctx.ip })),

  /** Whether a reset link can still be used, before the form shows. */
  resetLinkState: publicProcedure
    .input(resetLinkInput)
    .query(({ ctx, input }) => ({ state: checkResetLink(ctx.deps, input.token) })),

  /** Choose a new password: every session of the account ends, and this browser is signed in. */
  resetPassword: publicProcedure.input(passwordResetInput).mutation(async ({ ctx, input }) => {
    const user = await resetPassword(ctx.deps, input);
    await startSession(ctx, user.id);
    rememberBrowser(ctx, user.id);
    return user;
  }),

  /** Ends the session on the server, so a copied cookie is useless afterwards. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const cookie = ctx.sessionId
      ? await ctx.deps.sessions.invalidate(ctx.sessionId)
      : ctx.deps.sessions.blankCookie();
    ctx.setCookie(cookie);
    return { ok: true as const };
  }),
});
