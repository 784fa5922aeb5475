import { z } from "zod";
import { artifact } from "./schemas/artifact";
import { MESSAGES } from "./messages";
import { isWellFormedText, requiredText } from "./schemas/fields";

/*
 * Issue 17: an artifact's status, the review queue, reports and the trash
 * (docs/community-editing.md; decisions 050-054).
 */

/** Only a published artifact outside the trash is public (decision 050). */
export const ARTIFACT_STATUSES = ["published", "pending", "rejected", "hidden"] as const;
export type ArtifactStatus = (typeof ARTIFACT_STATUSES)[number];

/** What its owner reads in My Artifacts (issue 17's words). */
export const ARTIFACT_STATUS_LABELS: Record<ArtifactStatus, string> = {
  published: "Published",
  pending: "Pending review",
  rejected: "Rejected",
  hidden: "Hidden",
};

/** post: a member's work is published at once and reviewed after; pre: reviewed before. */
export const REVIEW_MODES = ["post", "pre"] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];

/** The reasons a person may give when reporting an artifact. */
export const REPORT_REASONS = ["inaccurate", "offensive", "copyright", "spam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inaccurate: "Inaccurate",
  offensive: "Offensive",
  copyright: "Copyright",
  spam: "Spam",
  other: "Other",
};

/** Open spam reports from this many different accounts hide an artifact until a curator decides. */
export const SPAM_REPORTS_TO_HIDE = 3;

/** How long the trash keeps a deleted artifact before the server purges it. */
export const TRASH_DAYS = 30;

export const REVIEW_NOTE_MAX_LENGTH = 1000;
export const REVIEW_QUEUE_PAGE_SIZE = 20;
export const TRASH_PAGE_SIZE = 20;
export const REVIEW_REASON_LABEL_MAX_LENGTH = 60;
/** The list of review reasons stays short enough to read as one menu. */
export const REVIEW_REASONS_MAX = 50;

export const QUEUE_ENTRY_KINDS = ["new", "edit", "report"] as const;
export type QueueEntryKind = (typeof QUEUE_ENTRY_KINDS)[number];

export const QUEUE_ENTRY_KIND_LABELS: Record<QueueEntryKind, string> = {
  new: "New artifact",
  edit: "Edit",
  report: "Report",
};

/**
 * approve, reject, hide and unhide decide new artifacts and edits; uphold and dismiss decide
 * reports (hide and unhide are open to every entry).
 */
export const REVIEW_DECISIONS = [
  "approve",
  "reject",
  "hide",
  "unhide",
  "uphold",
  "dismiss",
] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = {
  approve: "Approve",
  reject: "Reject",
  hide: "Hide",
  unhide: "Unhide",
  uphold: "Uphold",
  dismiss: "Dismiss",
};

/** The decisions that need a reason from the list. */
export const DECISIONS_NEEDING_REASON: readonly ReviewDecision[] = ["reject", "hide", "unhide"];

const note = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX_LENGTH, MESSAGES.fieldTooLong("Note", REVIEW_NOTE_MAX_LENGTH))
  .refine(isWellFormedText, MESSAGES.brokenCharacter("Note"))
  .optional()
  .transform((value) => (value ? value : undefined));

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const reportInput = z.object({
  id: positiveId,
  reason: z.enum(REPORT_REASONS, { error: "Please choose a reason." }),
  note,
});
export type ReportInput = z.output<typeof reportInput>;

/** A review reason's key, as stored with a decision: lowercase words. */
export const reviewReasonKey = z
  .string()
  .trim()
  .min(1, "Please choose a reason.")
  .max(REVIEW_REASON_LABEL_MAX_LENGTH);

export const decisionInput = z.object({
  entryId: positiveId,
  decision: z.enum(REVIEW_DECISIONS, { error: "Please choose a decision." }),
  reason: reviewReasonKey.optional(),
  note,
});
export type DecisionInput = z.output<typeof decisionInput>;

export const reviewQueueQuery = z
  .object({
    /** The last entry id of the previous page: entries come oldest first. */
    cursor: positiveId.optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(REVIEW_QUEUE_PAGE_SIZE)
      .default(REVIEW_QUEUE_PAGE_SIZE),
  })
  .default({ limit: REVIEW_QUEUE_PAGE_SIZE });

export const trashQuery = z
  .object({
    cursor: positiveId.optional(),
    limit: z.coerce.number().int().min(1).max(TRASH_PAGE_SIZE).default(TRASH_PAGE_SIZE),
  })
  .default({ limit: TRASH_PAGE_SIZE });

export const reviewReasonInput = z.object({
  label: requiredText("Reason", REVIEW_REASON_LABEL_MAX_LENGTH),
});

export const reviewReasonIdInput = z.object({ id: positiveId });

/** What the owner, curators and admins see of an artifact's review beyond its public fields. */
export const artifactReview = z.object({
  status: z.enum(ARTIFACT_STATUSES),
  /** The reviewer's reason (a review reason's label or a report reason), when not published. */
  statusReason: z.string().nullable(),
  statusNote: z.string().nullable(),
});
export type ArtifactReview = z.output<typeof artifactReview>;

/** An artifact with its review state: My Artifacts and the detail page for its owner and curators. */
export const reviewedArtifact = artifact.extend(artifactReview.shape);
export type ReviewedArtifact = z.output<typeof reviewedArtifact>;
