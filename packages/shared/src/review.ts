import { z } from "zod";
import type { CommentStatus } from "./conversation/constants";
import { artifact, type ArtifactFields } from "./schemas/artifact";
import { LIMITS } from "./constants";
import { MESSAGES } from "./messages";
import { isWellFormedText, requiredText, revisionNumber } from "./schemas/fields";

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

/** Open spam reports from this many established accounts hide an artifact until a curator decides. */
export const SPAM_REPORTS_TO_HIDE = 3;

/**
 * A report counts towards the automatic hide only from an established account: one at least this
 * many days old with something a curator approved (or a curator or admin). Reports from the others
 * wait in one group of their own (issue 28).
 */
export const REPORT_TRUST_DAYS = 3;

/** How long the trash keeps a deleted artifact before the server purges it. */
export const TRASH_DAYS = 30;

export const REVIEW_NOTE_MAX_LENGTH = 1000;
export const REVIEW_QUEUE_PAGE_SIZE = 20;
/** The most reports from new accounts one "Dismiss all" decides; more take another. */
export const NEW_ACCOUNT_REPORTS_BATCH = 1000;
/** Imports waiting for review, listed at the head of the queue, oldest first. */
export const WAITING_IMPORTS_SHOWN = 20;
export const HIDDEN_PAGE_SIZE = 20;
export const TRASH_PAGE_SIZE = 20;
export const REVIEW_REASON_LABEL_MAX_LENGTH = 60;
/** The list of review reasons stays short enough to read as one menu. */
export const REVIEW_REASONS_MAX = 50;

/**
 * Issue 33 adds a new account's held comment, a report of a comment and a suggested change to
 * one field, which waits as an edit does until the owner or a curator accepts it.
 */
export const QUEUE_ENTRY_KINDS = [
  "new",
  "edit",
  "report",
  "comment",
  "comment_report",
  "suggestion",
] as const;
export type QueueEntryKind = (typeof QUEUE_ENTRY_KINDS)[number];

export const QUEUE_ENTRY_KIND_LABELS: Record<QueueEntryKind, string> = {
  new: "New artifact",
  edit: "Edit",
  report: "Report",
  comment: "Held comment",
  comment_report: "Comment report",
  suggestion: "Suggested change",
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

/** What a decision was made on, as the queue showed it: refused when the entry changed since. */
const seen = {
  revision: revisionNumber.describe("The entry's `revision`, as read from the queue."),
  version: revisionNumber.describe("The entry's `version`, as read from the queue."),
};

export const decisionInput = z.object({
  entryId: positiveId,
  decision: z.enum(REVIEW_DECISIONS, { error: "Please choose a decision." }),
  reason: reviewReasonKey.optional(),
  note,
  ...seen,
});
export type DecisionInput = z.output<typeof decisionInput>;

/** One decision for the rows of an import still waiting, bound to what the curator was shown. */
export const importDecisionInput = z.object({
  importId: positiveId,
  decision: z.enum(["approve", "reject"], { error: "Please choose approve or reject." }),
  reason: reviewReasonKey.optional(),
  note,
  waiting: z
    .number()
    .int()
    .min(1)
    .describe("The import's `waiting`, as read: how many of its entries the decision covers."),
  lastRevisionId: z
    .number()
    .int()
    .min(1)
    .describe("The import's `lastRevisionId`, as read: any change to its rows moves it."),
});
export type ImportDecisionInput = z.output<typeof importDecisionInput>;

/** Dismiss the open reports from new accounts, up to the newest one the curator was shown. */
export const newAccountReportsDismissal = z.object({
  upTo: positiveId.describe("The group's `upTo`, as read: newer reports are left for later."),
});

/** A curator unhides a hidden artifact directly, with a reason from the list. */
export const unhideInput = z.object({
  id: positiveId,
  reason: reviewReasonKey,
  note,
});
export type UnhideInput = z.output<typeof unhideInput>;
/**
 * Which part of the queue a page is of: "queue", everything but the two groups below; an import's
 * rows (`importId`); or the reports from new accounts ("new-accounts").
 */
export const QUEUE_GROUPS = ["queue", "new-accounts"] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number];

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
    group: z
      .enum(QUEUE_GROUPS, { error: `group must be one of ${QUEUE_GROUPS.join(", ")}.` })
      .default("queue")
      .describe("queue (the default), or new-accounts: the reports from new accounts."),
    importId: positiveId
      .optional()
      .describe("Only this import's rows waiting for review (then group is not read)."),
  })
  .default({ limit: REVIEW_QUEUE_PAGE_SIZE, group: "queue" });

/** Hidden artifacts, newest first, a page at a time. */
export const hiddenQuery = z
  .object({
    cursor: positiveId.optional(),
    limit: z.coerce.number().int().min(1).max(HIDDEN_PAGE_SIZE).default(HIDDEN_PAGE_SIZE),
  })
  .default({ limit: HIDDEN_PAGE_SIZE });

/** The trash comes a page at a time, most recently deleted first. */
export const trashQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(LIMITS.page).default(1),
    limit: z.coerce.number().int().min(1).max(TRASH_PAGE_SIZE).default(TRASH_PAGE_SIZE),
  })
  .default({ page: 1, limit: TRASH_PAGE_SIZE });

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

/** One entry of the review queue as /review shows it. */
export interface QueueEntry {
  id: number;
  kind: QueueEntryKind;
  /** When it entered the queue (ms since the epoch). */
  createdAt: number;
  /** The artifact as it stands now. */
  artifact: ReviewedArtifact;
  /** Who submitted the artifact or edit, or who reported it; null for a deleted account. */
  submittedByName: string | null;
  /** An edit: the fields before it and as saved (or proposed, when it waits). */
  before: ArtifactFields | null;
  proposed: ArtifactFields | null;
  /** An edit that waits for approval while the published text stays (REVIEW_MODE=pre). */
  waiting: boolean;
  /** A report: `fromNewAccount` when it does not count towards the automatic hide. */
  report: { reason: ReportReason; note: string | null; fromNewAccount: boolean } | null;
  /** The reader owns the artifact or sent the entry, and so cannot decide it. */
  ownArtifact: boolean;
  /** The artifact's newest revision when read: a decision sends it back. */
  revision: number;
  /** The entry's own version (a waiting edit replaced by a newer one): a decision sends it back. */
  version: number;
  /** The import the artifact came from, when it is one of an import's rows under review. */
  importId: number | null;
  /** The artifact was hidden by the server after spam reports, not by a curator. */
  hiddenAutomatically: boolean;
  /** A held comment, a reported comment or a suggestion (issue 33): the comment itself. */
  comment: QueueComment | null;
}

/** The comment an entry is about, as a curator reads it: whatever its status, with its text. */
export interface QueueComment {
  id: number;
  html: string;
  status: CommentStatus;
  /** A suggestion's source. */
  source: string | null;
  /** A suggestion the owner accepted, waiting for a curator (REVIEW_MODE=pre). */
  ownerAccepted: boolean;
}

export interface QueuePage {
  items: QueueEntry[];
  nextCursor: number | null;
}

/** An import with rows waiting for review: one decision covers them all. */
export interface WaitingImport {
  importId: number;
  fileName: string;
  importerName: string | null;
  importedAt: number;
  /** How many of its entries wait (its rows, and edits of them). */
  waiting: number;
  /** The newest revision among those rows: a decision sends it back with `waiting`. */
  lastRevisionId: number;
  /** The reader imported it, and so cannot decide it. */
  ownImport: boolean;
}

/** The open reports from new accounts, seen as one group (issue 28). */
export interface NewAccountReports {
  reports: number;
  accounts: number;
  artifacts: number;
  /** When the first and the newest of them came (ms since the epoch). */
  firstAt: number;
  lastAt: number;
  /** The newest report's entry id: "Dismiss all" decides the reports up to it. */
  upTo: number;
}

/** What a decision on an import did. */
export interface ImportDecisionResult {
  importId: number;
  decision: "approve" | "reject";
  decided: number;
}

/** A hidden artifact as the curators' list shows it. */
export interface HiddenArtifact {
  artifact: ReviewedArtifact;
  /** Hidden by the server after spam reports, not by a curator. */
  automatic: boolean;
}

export interface HiddenPage {
  items: HiddenArtifact[];
  nextCursor: number | null;
}

/** What a decision did, or who decided first. */
export interface DecisionResult {
  entryId: number;
  decision: ReviewDecision;
  decidedByName: string | null;
  decidedAt: number;
}

export interface ReviewReason {
  id: number;
  label: string;
}

/** An artifact in the trash, with when it went there and when the purge takes it. */
export interface TrashedArtifact {
  artifact: ReviewedArtifact;
  deletedAt: number;
  purgeAt: number;
}

export interface TrashPage {
  items: TrashedArtifact[];
  total: number;
  page: number;
  pageCount: number;
}
