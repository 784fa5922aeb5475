import type { FastifyReply, FastifyRequest } from "fastify";
// The web app type-checks this file for AppRouter: load the type augmentations it relies on.
import type {} from "@fastify/cookie";
import type {} from "../plugins/session";
import type { ReviewMode, SessionUser } from "@artifact-atlas/shared";
import type { CookieToSet } from "../auth/session";
import { deviceCookieName } from "../auth/known-devices";
import type { Deps } from "../deps";
import { callsInTurn, workClient, type InTurn } from "../work-budget";

/** What a procedure needs regardless of transport: the dependencies and who is asking. */
export interface InnerContext {
  deps: Deps;
  user: SessionUser | null;
  sessionId: string | null;
  /** The request's id (its answer's X-Request-Id), for the audit log. */
  requestId: string;
  /** The request's moment by the app's one clock (deps.now): what its writes are stamped with. */
  now: number;
  /** The client's address, for rate limits. */
  ip: string;
  /** REVIEW_MODE: what a member's new artifact, edit, comment or suggestion goes through. */
  reviewMode: ReviewMode;
  /** The User-Agent header, only to name the browser of a new session. */
  userAgent: string | undefined;
  /** The browser's device cookie, if it sent one: a browser the account knows (known-devices.ts). */
  deviceCookie: string | undefined;
  /** Sends a cookie with the answer (sign-in and sign-out); a no-op outside HTTP. */
  setCookie: (cookie: CookieToSet) => void;
  /** Sets a response header, e.g. Retry-After on a refused sign-in; a no-op outside HTTP. */
  setHeader: (name: string, value: string) => void;
  /** Runs each call of the request in its turn, within its client's budget of work. */
  inTurn: InTurn;
}

export type Context = InnerContext;

export function createContextFactory(deps: Deps) {
  return (req: FastifyRequest, res: FastifyReply): Context => {
    const user = req.session?.user ?? null;
    const ip = deps.clientAddress.of(req.raw) ?? "";
    return {
      deps,
      user,
      sessionId: req.session?.sessionId ?? null,
      requestId: req.id,
      now: deps.now(),
      ip,
      reviewMode: deps.env.reviewMode,
      userAgent: req.headers["user-agent"],
      deviceCookie: req.cookies[deviceCookieName(deps.env.secureCookies)],
      setCookie: (cookie) => {
        res.setCookie(cookie.name, cookie.value, cookie.attributes);
      },
      setHeader: (name, value) => {
        res.header(name, value);
      },
      inTurn: callsInTurn(deps.workBudget, workClient(user, ip)),
    };
  };
}
