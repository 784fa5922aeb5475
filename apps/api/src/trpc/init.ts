import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import { MESSAGES } from "@artifact-atlas/shared";
import type { Context } from "./context";

function publicMessage(error: TRPCError, fallback: string): string {
  if (error.cause instanceof z.ZodError) return error.cause.issues[0]?.message ?? fallback;
  // 5xx answers carry no internals (the server log has them).
  if (error.code === "INTERNAL_SERVER_ERROR") return "Internal server error";
  return fallback;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
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
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** The only door for signed-in work: narrows ctx.user and ctx.sessionId to non-null. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionId) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.signInRequired });
  }
  return next({ ctx: { ...ctx, user: ctx.user, sessionId: ctx.sessionId } });
});
