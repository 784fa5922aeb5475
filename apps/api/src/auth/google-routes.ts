import { timingSafeEqual } from "node:crypto";
import "@fastify/cookie";
import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  GOOGLE_ERROR_PARAM,
  GOOGLE_SUCCESS_PARAM,
  safeRedirectPath,
  type GoogleErrorCode,
} from "@artifact-atlas/shared";
import type { Deps } from "../deps";
import { GoogleAccountRefused, signInWithGoogle } from "../services/users";
import { createGoogleOAuth, GoogleSignInError } from "./google";
import { AccountSuspended } from "./session";

/** The flow's cookies live only under /auth/google and only for one attempt. */
const FLOW_COOKIE_PATH = "/auth/google";
const FLOW_MAX_AGE_SECONDS = 10 * 60;
const STATE_COOKIE = "atlas_google_state";
const VERIFIER_COOKIE = "atlas_google_verifier";
const REDIRECT_COOKIE = "atlas_google_redirect";

/** Provider error codes (RFC 6749 section 4.1.2.1) that mean "try again later", not "refused". */
const PROVIDER_BUSY = new Set(["server_error", "temporarily_unavailable"]);

/**
 * GET /auth/google starts a Google sign-in; GET /auth/google/callback finishes it. Both are
 * top-level navigations, so the origin check (writes only) does not apply and the SameSite=Lax flow
 * cookies come back with the provider's redirect. Every outcome lands on the Login screen, which
 * shows the popup (contract in packages/shared/src/google.ts).
 */
export async function googleAuthRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const google = deps.env.google ? createGoogleOAuth(deps.env.google) : null;
  const flowCookie: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.env.secureCookies,
    path: FLOW_COOKIE_PATH,
  };

  function fail(request: FastifyRequest, reply: FastifyReply, error: GoogleSignInError) {
    request.log.warn({ googleError: error.code, reason: error.reason }, "Google sign-in failed");
    return reply.redirect(`/login?${GOOGLE_ERROR_PARAM}=${error.code}`, 302);
  }

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get("/auth/google", async (request, reply) => {
    if (!google) {
      return fail(request, reply, new GoogleSignInError("not_configured", "no Google client set"));
    }
    const { redirect } = request.query as { redirect?: unknown };
    const { url, state, codeVerifier } = google.createAuthorization();
    const attributes = { ...flowCookie, maxAge: FLOW_MAX_AGE_SECONDS };
    reply.setCookie(STATE_COOKIE, state, attributes);
    reply.setCookie(VERIFIER_COOKIE, codeVerifier, attributes);
    reply.setCookie(REDIRECT_COOKIE, safeRedirectPath(redirect), attributes);
    return reply.redirect(url.toString(), 302);
  });

  // Its URL carries the one-time code and the state: logged lines show them as [redacted]
  // (logging.ts, urlForLog), so the callback is logged like every other request.
  app.get("/auth/google/callback", async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const expectedState = request.cookies[STATE_COOKIE];
    const codeVerifier = request.cookies[VERIFIER_COOKIE];
    const wanted = safeRedirectPath(request.cookies[REDIRECT_COOKIE]);
    // One attempt per start: whatever happens next, this state and verifier are spent.
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, REDIRECT_COOKIE]) {
      reply.clearCookie(name, flowCookie);
    }

    try {
      if (!google) throw new GoogleSignInError("not_configured", "no Google client set");
      if (typeof query.error === "string") {
        const code: GoogleErrorCode =
          query.error === "access_denied"
            ? "access_denied"
            : PROVIDER_BUSY.has(query.error)
              ? "provider_unavailable"
              : "provider_error";
        throw new GoogleSignInError(code, `provider redirected with error=${query.error}`);
      }
      const state = typeof query.state === "string" ? query.state : undefined;
      if (!state || !expectedState || !codeVerifier) {
        throw new GoogleSignInError("invalid_state", "state or flow cookies missing");
      }
      if (!sameText(state, expectedState)) {
        throw new GoogleSignInError("invalid_state", "state does not match the flow cookie");
      }
      if (typeof query.code !== "string" || query.code === "") {
        throw new GoogleSignInError("invalid_code", "no code in the callback");
      }

      const claims = await google.exchangeCode(query.code, codeVerifier);
      const { user, outcome } = signInWithGoogle(deps.db, claims);

      // A new session for every sign-in (no fixation); the one this browser held ends.
      if (request.session) await deps.sessions.invalidate(request.session.sessionId);
      const cookie = await deps.sessions.create(user.id, request.headers["user-agent"]);
      reply.setCookie(cookie.name, cookie.value, cookie.attributes);
      request.log.info({ userId: user.id, outcome }, "Google sign-in");
      return reply.redirect(
        `/login?${GOOGLE_SUCCESS_PARAM}=success&redirect=${encodeURIComponent(wanted)}`,
        302,
      );
    } catch (error) {
      if (error instanceof GoogleSignInError) return fail(request, reply, error);
      if (error instanceof AccountSuspended) {
        return fail(request, reply, new GoogleSignInError("account_suspended", error.message));
      }
      if (error instanceof GoogleAccountRefused) {
        return fail(request, reply, new GoogleSignInError(error.reason, error.message));
      }
      request.log.error({ err: error }, "Google sign-in crashed");
      return reply.redirect(`/login?${GOOGLE_ERROR_PARAM}=sign_in_failed`, 302);
    }
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
