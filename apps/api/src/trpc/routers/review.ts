import {
  decisionInput,
  reviewQueueQuery,
  reviewReasonIdInput,
  reviewReasonInput,
} from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../../rate-limit";
import {
  addReviewReason,
  decideEntry,
  removeReviewReason,
  reviewQueuePage,
  reviewReasonList,
  waitingCount,
} from "../../services/review";
import { adminProcedure, curatorProcedure, router } from "../init";

/** Curators' and admins' decisions take from the same write budget as every other write. */
const curatorWriteProcedure = curatorProcedure.use(({ ctx, next }) => {
  assertWriteAllowed(ctx.deps.writeRateLimiter, ctx.user);
  return next();
});

/** The review queue (issue 17): curators and admins only, checked here on every call. */
export const reviewRouter = router({
  waiting: curatorProcedure.query(({ ctx }) => waitingCount(ctx.deps.db)),

  queue: curatorProcedure
    .input(reviewQueueQuery)
    .query(({ ctx, input }) => reviewQueuePage(ctx.deps.db, ctx.user, input)),

  decide: curatorWriteProcedure
    .input(decisionInput)
    .mutation(({ ctx, input }) => decideEntry(ctx.deps.db, ctx.user, input, ctx)),

  reasons: curatorProcedure.query(({ ctx }) => reviewReasonList(ctx.deps.db)),

  addReason: adminProcedure
    .input(reviewReasonInput)
    .mutation(({ ctx, input }) => addReviewReason(ctx.deps.db, input)),

  removeReason: adminProcedure
    .input(reviewReasonIdInput)
    .mutation(({ ctx, input }) => removeReviewReason(ctx.deps.db, input)),
});
