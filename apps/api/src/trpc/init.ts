import { initTRPC, TRPCError } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { z } from "zod";
import { hasRole, MESSAGES, type Role } from "@artifact-atlas/shared";
import { refusalStatus } from "../http-status";
import { refusalOf, ServiceError } from "../services/errors";
import { assertWriteAllowed } from "../rate-limit";
import type { Context } from "./context";

function publicMessage(error: TRPCError, fallback: string): string {
  if (error.cause instanceof z.ZodError) return error.cause.issues[0]?.message ?? fallback;
  // 5xx answers carry no internals (the server log has them).
  if (error.code === "INTERNAL_SERVER_ERROR") return "Internal server error";
  return fallback;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    // Procedures just call services: a service's refusal arrives here as the cause of an internal
    // error, and a database locked past the busy timeout as the error itself, whichever procedure
    // met it (decided here rather than in a middleware, which every call would pay for). This is
    // the one place that turns either into its own code, status and Retry-After.
    const refusal = refusalOf(error.cause instanceof ServiceError ? error.cause : error);
    if (refusal) {
      const { code, message, field } = refusal;
      const httpStatus = refusalStatus(refusal, ctx?.setHeader ?? (() => undefined));
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        message,
        data: {
          code,
          httpStatus,
          path: shape.data.path,
          // A refusal about one field is shown beside it, as a validation message is.
          zodError: field ? { formErrors: [], fieldErrors: { [field]: [message] } } : null,
        },
      };
    }
    return {
      ...shape,
      message: publicMessage(error, shape.message),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        zodError: error.cause instanceof z.ZodError ? z.flattenError(error.cause) : null,
      },
    };
  },
});

export const router = t.router;

/**
 * Every procedure: each call runs in its request's turn, within its client's budget of work, and
 * is charged what it took (work-budget.ts).
 */
export const publicProcedure = t.procedure.use(({ ctx, next }) => ctx.inTurn(() => next()));

/** The only door for signed-in work: narrows ctx.user and ctx.sessionId to non-null. */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionId) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.signInRequired });
  }
  return next({ ctx: { ...ctx, user: ctx.user, sessionId: ctx.sessionId } });
});

/**
 * Signed-in writes (artifacts, likes, profile): each one takes from the user's write budget
 * (rate-limit.ts, shared with the REST paths) before its input is even read.
 */
export const writeProcedure = protectedProcedure.use(({ ctx, next }) => {
  assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
  return next();
});

/** Signed-in work that needs a role (issue 17): curators' review, admins' roles and trash. */
function roleProcedure(needed: Role) {
  return protectedProcedure.use(({ ctx, next }) => {
    if (!hasRole(ctx.user.role, needed)) {
      throw new TRPCError({ code: "FORBIDDEN", message: MESSAGES.notAllowed });
    }
    return next();
  });
}

export const curatorProcedure = roleProcedure("curator");
export const adminProcedure = roleProcedure("admin");
