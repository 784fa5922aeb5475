import {
  decisionInput,
  hiddenQuery,
  importDecisionInput,
  newAccountReportsDismissal,
  reviewQueueQuery,
  reviewReasonIdInput,
  reviewReasonInput,
  unhideInput,
} from "@artifact-atlas/shared";
import { assertWriteAllowed } from "../../rate-limit";
import { hiddenArtifactsPage, unhideArtifact } from "../../services/hidden";
import { decideEntry, reviewQueuePage, waitingCount } from "../../services/review";
import { decideImport, dismissNewAccountReports, reviewGroups } from "../../services/review-groups";
import {
  addReviewReason,
  removeReviewReason,
  reviewReasonList,
} from "../../services/review-reasons";
import { adminProcedure, curatorProcedure, router } from "../init";

/** Curators' and admins' decisions take from the same write budget as every other write. */
export const curatorWriteProcedure = curatorProcedure.use(({ ctx, next }) => {
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

  /** The imports with rows waiting and the reports from new accounts: one decision each (issue 28). */
  groups: curatorProcedure.query(({ ctx }) => reviewGroups(ctx.deps.db, ctx.user)),

  decideImport: curatorWriteProcedure
    .input(importDecisionInput)
    .mutation(({ ctx, input }) => decideImport(ctx.deps.db, ctx.user, input, ctx)),

  dismissNewAccountReports: curatorWriteProcedure
    .input(newAccountReportsDismissal)
    .mutation(({ ctx, input }) => dismissNewAccountReports(ctx.deps.db, ctx.user, input, ctx)),

  /** Hidden artifacts and Unhide (issue 29). */
  hidden: curatorProcedure
    .input(hiddenQuery)
    .query(({ ctx, input }) => hiddenArtifactsPage(ctx.deps.db, input)),

  unhide: curatorWriteProcedure
    .input(unhideInput)
    .mutation(({ ctx, input }) => unhideArtifact(ctx.deps.db, ctx.user, input, ctx)),

  reasons: curatorProcedure.query(({ ctx }) => reviewReasonList(ctx.deps.db)),

  addReason: adminProcedure
    .input(reviewReasonInput)
    .mutation(({ ctx, input }) => addReviewReason(ctx.deps.db, input)),

  removeReason: adminProcedure
    .input(reviewReasonIdInput)
    .mutation(({ ctx, input }) => removeReviewReason(ctx.deps.db, input)),
});
