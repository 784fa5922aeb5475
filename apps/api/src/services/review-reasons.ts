import { asc, count, eq, sql } from "drizzle-orm";
import { MESSAGES, REVIEW_REASONS_MAX, type ReviewReason } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { reviewReasons } from "../db/schema";
import { ServiceError } from "./errors";

/*
 * The reasons a curator chooses from to reject, hide or unhide (issue 17, decision 052): admins
 * edit the list; a decision stores the list's words, so editing the list rewrites no decision.
 */

/** The list's own label of `reason` (compared without case), or BAD_REQUEST. */
export function listedReason(db: Pick<AppDatabase, "select">, reason: string | undefined): string {
  const label = reason
    ? db
        .select({ label: reviewReasons.label })
        .from(reviewReasons)
        .where(sql`lower(${reviewReasons.label}) = lower(${reason.trim()})`)
        .get()?.label
    : undefined;
  if (!label) throw new ServiceError("BAD_REQUEST", MESSAGES.reasonRequired);
  return label;
}

/** The reasons a curator chooses from, in the order they were added. */
export function reviewReasonList(db: AppDatabase): ReviewReason[] {
  return db
    .select({ id: reviewReasons.id, label: reviewReasons.label })
    .from(reviewReasons)
    .orderBy(asc(reviewReasons.id))
    .all();
}

/** Admins add a reason; the same words in other letter case are the same reason. */
export function addReviewReason(db: AppDatabase, input: { label: string }): ReviewReason {
  const existing = db
    .select({ id: reviewReasons.id })
    .from(reviewReasons)
    .where(sql`lower(${reviewReasons.label}) = lower(${input.label})`)
    .get();
  if (existing) throw new ServiceError("CONFLICT", MESSAGES.reasonExists);
  const listed = db.select({ total: count() }).from(reviewReasons).get()?.total ?? 0;
  if (listed >= REVIEW_REASONS_MAX) {
    throw new ServiceError("BAD_REQUEST", `The list holds at most ${REVIEW_REASONS_MAX} reasons.`);
  }
  return db
    .insert(reviewReasons)
    .values({ label: input.label })
    .returning({ id: reviewReasons.id, label: reviewReasons.label })
    .get();
}

/** Admins remove a reason; decisions already taken keep its words. */
export function removeReviewReason(db: AppDatabase, input: { id: number }): { id: number } {
  const removed = db.delete(reviewReasons).where(eq(reviewReasons.id, input.id)).run();
  if (removed.changes === 0) throw new ServiceError("NOT_FOUND", "Reason not found");
  return { id: input.id };
}
