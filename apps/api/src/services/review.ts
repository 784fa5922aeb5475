import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import {
  DECISIONS_NEEDING_REASON,
  decisionSummary,
  MESSAGES,
  REPORT_REASON_LABELS,
  REVIEW_REASONS_MAX,
  type AuditAction,
  type DecisionInput,
  type DecisionResult,
  type NotificationKind,
  type QueueEntry,
  type QueueEntryKind,
  type QueuePage,
  type ReviewDecision,
  type ReviewReason,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, reviewQueue, reviewReasons, users } from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import { appendAudit } from "./audit";
import { writeArtifact, type RequestContext } from "./artifacts";
import { ServiceError } from "./errors";
import { assertImagesAvailable } from "./images/uploads";
import { notify } from "./notifications";
import { fieldsAsKept, recordRevision } from "./revisions";

/*
 * The review queue and its decisions (issue 17, docs/decisions/051 and 052). Every decision is
 * one transaction: the entry, the artifact, the audit log and the owner's (or reporter's)
 * notification change together or not at all.
 */

type Curator = Pick<SessionUser, "id" | "role">;
type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Entries of artifacts in the trash wait, hidden, until a restore brings them back. */
const openEntry = and(isNull(reviewQueue.decidedAt), isNull(artifacts.deletedAt));

/** How many entries wait: the number beside Review in the navigation. */
export function waitingCount(db: AppDatabase): number {
  return (
    db
      .select({ total: count() })
      .from(reviewQueue)
      .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
      .where(openEntry)
      .get()?.total ?? 0
  );
}

/** The open entries, oldest first, a page at a time; the cursor is the last entry's id. */
export function reviewQueuePage(
  db: AppDatabase,
  reader: Curator,
  input: { cursor?: number | undefined; limit: number },
): QueuePage {
  const submitter = sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${reviewQueue.submittedBy})`;
  const rows = db
    .select({
      id: reviewQueue.id,
      kind: reviewQueue.kind,
      createdAt: reviewQueue.createdAt,
      before: reviewQueue.before,
      proposed: reviewQueue.proposed,
      waiting: reviewQueue.waiting,
      reportReason: reviewQueue.reportReason,
      reportNote: reviewQueue.reportNote,
      submittedByName: submitter,
      ownerId: artifacts.ownerId,
      artifact: reviewedArtifactColumns,
    })
    .from(reviewQueue)
    .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
    .where(and(openEntry, gt(reviewQueue.id, input.cursor ?? 0)))
    .orderBy(asc(reviewQueue.id))
    .limit(input.limit + 1)
    .all();
  const items: QueueEntry[] = rows.slice(0, input.limit).map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.getTime(),
    artifact: row.artifact,
    submittedByName: row.submittedByName,
    before: row.before,
    proposed: row.proposed,
    waiting: row.waiting,
    report: row.reportReason ? { reason: row.reportReason, note: row.reportNote } : null,
    ownArtifact: row.ownerId === reader.id,
  }));
  const nextCursor = rows.length > input.limit ? (items.at(-1)?.id ?? null) : null;
  return { items, nextCursor };
}

/** Which decisions each kind of entry takes. */
const DECISIONS_FOR: Record<QueueEntryKind, readonly ReviewDecision[]> = {
  new: ["approve", "reject", "hide", "unhide"],
  edit: ["approve", "reject", "hide", "unhide"],
  report: ["uphold", "dismiss", "hide", "unhide"],
};

const AUDIT_ACTION: Record<ReviewDecision, AuditAction> = {
  approve: "artifact.approve",
  reject: "artifact.reject",
  hide: "artifact.hide",
  unhide: "artifact.unhide",
  uphold: "report.uphold",
  dismiss: "report.dismiss",
};

/** The list's own label of `reason` (compared without case), or BAD_REQUEST. */
function listedReason(tx: Tx, reason: string | undefined): string {
  const label = reason
    ? tx
        .select({ label: reviewReasons.label })
        .from(reviewReasons)
        .where(sql`lower(${reviewReasons.label}) = lower(${reason.trim()})`)
        .get()?.label
    : undefined;
  if (!label) throw new ServiceError("BAD_REQUEST", MESSAGES.reasonRequired);
  return label;
}

function decidedBy(tx: Tx, entryId: number): DecisionResult {
  const row = tx
    .select({
      decision: reviewQueue.decision,
      decidedAt: reviewQueue.decidedAt,
      name: users.name,
    })
    .from(reviewQueue)
    .leftJoin(users, eq(users.id, reviewQueue.decidedBy))
    .where(eq(reviewQueue.id, entryId))
    .get();
  return {
    entryId,
    decision: row?.decision ?? "dismiss",
    decidedByName: row?.name ?? null,
    decidedAt: row?.decidedAt?.getTime() ?? 0,
  };
}

/**
 * A curator's decision on one open entry. Refuses: an unknown entry or one whose artifact is in
 * the trash (NOT_FOUND), a decision already taken (CONFLICT, naming who took it), the curator's
 * own artifact (FORBIDDEN), a decision the entry does not take or a reason not in the list
 * (BAD_REQUEST).
 */
export function decideEntry(
  db: AppDatabase,
  curator: Curator,
  input: DecisionInput,
  context: RequestContext,
): DecisionResult {
  return db.transaction(
    (tx) => {
      const entry = tx
        .select({
          id: reviewQueue.id,
          kind: reviewQueue.kind,
          decidedAt: reviewQueue.decidedAt,
          proposed: reviewQueue.proposed,
          waiting: reviewQueue.waiting,
          reportReason: reviewQueue.reportReason,
          submittedBy: reviewQueue.submittedBy,
          artifactId: artifacts.id,
          ownerId: artifacts.ownerId,
          status: artifacts.status,
          deletedAt: artifacts.deletedAt,
        })
        .from(reviewQueue)
        .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
        .where(eq(reviewQueue.id, input.entryId))
        .get();
      if (!entry || entry.deletedAt) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
      if (entry.decidedAt) {
        throw new ServiceError(
          "CONFLICT",
          MESSAGES.alreadyDecided(decidedBy(tx, entry.id).decidedByName),
        );
      }
      if (entry.ownerId === curator.id) {
        throw new ServiceError("FORBIDDEN", MESSAGES.ownArtifactDecision);
      }
      const { decision } = input;
      if (!DECISIONS_FOR[entry.kind].includes(decision)) {
        throw new ServiceError("BAD_REQUEST", MESSAGES.decisionNotForEntry);
      }
      if (decision === "unhide" && entry.status !== "hidden") {
        throw new ServiceError("CONFLICT", MESSAGES.notHidden);
      }
      const reason = DECISIONS_NEEDING_REASON.includes(decision)
        ? listedReason(tx, input.reason)
        : decision === "uphold" && entry.reportReason
          ? REPORT_REASON_LABELS[entry.reportReason]
          : null;
      const note = input.note ?? null;

      // Decided once: the second of two curators finds decided_at set and changes nothing.
      const now = new Date();
      const claimed = tx
        .update(reviewQueue)
        .set({
          decidedAt: now,
          decidedBy: curator.id,
          decision,
          decisionReason: reason,
          decisionNote: note,
        })
        .where(and(eq(reviewQueue.id, entry.id), isNull(reviewQueue.decidedAt)))
        .run();
      if (claimed.changes === 0) {
        throw new ServiceError(
          "CONFLICT",
          MESSAGES.alreadyDecided(decidedBy(tx, entry.id).decidedByName),
        );
      }

      /**
       * Sets the artifact's status; when that changes what it shows, the decision is a revision
       * of its history (the fields as they are, by the curator).
       */
      const setStatus = (
        status: "published" | "rejected" | "hidden",
        summarized: "approve" | "reject" | "hide" | "unhide",
      ) => {
        tx.update(artifacts)
          .set(
            status === "published"
              ? { status, statusReason: null, statusNote: null }
              : { status, statusReason: reason, statusNote: note },
          )
          .where(eq(artifacts.id, entry.artifactId))
          .run();
        if (status === entry.status) return;
        recordRevision(tx, {
          artifactId: entry.artifactId,
          actorId: curator.id,
          summary: decisionSummary(summarized, reason),
        });
      };
      const tellOwner = (kind: NotificationKind) =>
        notify(tx, { userId: entry.ownerId, kind, artifactId: entry.artifactId, reason });
      const waitingEdit =
        entry.kind === "edit" && entry.waiting && entry.proposed
          ? fieldsAsKept(entry.proposed)
          : null;

      switch (decision) {
        case "approve":
          if (waitingEdit) {
            // The edit itself, through the owner's update path: its revision names its author.
            assertImagesAvailable(tx, waitingEdit.images);
            writeArtifact(tx, {
              id: entry.artifactId,
              fields: waitingEdit,
              actorId: entry.submittedBy,
            });
          }
          if (entry.status === "pending") setStatus("published", "approve");
          tellOwner(entry.kind === "edit" ? "edit_approved" : "artifact_approved");
          break;
        case "reject":
          // A waiting edit is dropped and the published text stays; anything else is rejected.
          if (!waitingEdit) setStatus("rejected", "reject");
          tellOwner(entry.kind === "edit" ? "edit_rejected" : "artifact_rejected");
          break;
        case "hide":
        case "uphold":
          setStatus("hidden", "hide");
          tellOwner("artifact_hidden");
          break;
        case "unhide":
          setStatus("published", "unhide");
          tellOwner("artifact_unhidden");
          break;
        case "dismiss":
          break;
      }
      if (entry.kind === "report" && entry.submittedBy !== null) {
        notify(tx, {
          userId: entry.submittedBy,
          kind: "report_resolved",
          artifactId: entry.artifactId,
          reason,
        });
      }
      appendAudit(tx, {
        actorId: curator.id,
        action: AUDIT_ACTION[decision],
        artifactId: entry.artifactId,
        subjectUserId: entry.ownerId,
        requestId: context.requestId,
        details: {
          entry: String(entry.id),
          kind: entry.kind,
          ...(reason ? { reason } : {}),
        },
      });
      return { entryId: entry.id, decision, decidedByName: null, decidedAt: now.getTime() };
    },
    { behavior: "immediate" },
  );
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
