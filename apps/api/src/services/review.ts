import { and, asc, count, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import {
  ARTIFACT_FIELD_NAMES,
  DECISIONS_NEEDING_REASON,
  MESSAGES,
  REPORT_REASON_LABELS,
  REVISION_FIELD_NAMES,
  revertedEditSummary,
  sameImages,
  type ArtifactFields,
  type AuditAction,
  type DecisionInput,
  type DecisionResult,
  type NotificationKind,
  type QueueEntry,
  type QueueEntryKind,
  type QueueGroup,
  type QueuePage,
  type ReviewDecision,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import {
  artifactRevisions,
  artifacts,
  comments,
  importedArtifacts,
  reviewQueue,
  suggestions,
  users,
} from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import { setArtifactStatus } from "./artifact-status";
import { appendAudit } from "./audit";
import { decideCommentEntry } from "./conversation/moderation";
import { tellFollowersOfNewArtifact } from "./conversation/notices";
import { decideSuggestionEntry } from "./conversation/suggestions";
import { writeArtifact, type RequestContext } from "./artifacts";
import { ServiceError } from "./errors";
import { unhideWithin } from "./hidden";
import { assertImagesAvailable } from "./images/uploads";
import { notify } from "./notifications";
import { undoUnfoundedHide } from "./reports";
import { listedReason } from "./review-reasons";
import { artifactFieldsIn, fieldsAsKept, fieldsChangedSince } from "./revisions";

/*
 * The review queue and its decisions (issue 17, docs/decisions/051 and 052). Every decision is
 * one transaction: the entry, the artifact, the audit log and the owner's (or reporter's)
 * notification change together or not at all. A decision names what the curator saw (the
 * artifact's revision, the entry's version) and is refused when that changed (issue 28).
 */

type Curator = Pick<SessionUser, "id" | "role">;
type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Entries of artifacts in the trash wait, hidden, until a restore brings them back. */
const openEntry = and(isNull(reviewQueue.decidedAt), isNull(artifacts.deletedAt));

/**
 * An import's row under review (issue 28): a new artifact or an edit of one that an import added
 * and that is still pending. They are decided together (review-groups.ts), apart from the queue.
 */
export const importRow = sql`(${reviewQueue.kind} in ('new', 'edit') and ${artifacts.status} = 'pending'
  and exists (select 1 from ${importedArtifacts} where ${importedArtifacts.artifactId} = ${reviewQueue.artifactId}))`;

/** A report from a new account (issue 28): in the group of their own, apart from the queue. */
export const newAccountReport = sql`(${reviewQueue.kind} = 'report' and ${reviewQueue.fromNewAccount} = 1)`;

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

/** Which entries a page is of: the queue itself, an import's rows, or new accounts' reports. */
function groupCondition(input: { group: QueueGroup; importId?: number | undefined }): SQL {
  if (input.importId !== undefined) {
    return sql`${importRow} and exists (select 1 from ${importedArtifacts}
      where ${importedArtifacts.artifactId} = ${reviewQueue.artifactId}
      and ${importedArtifacts.importId} = ${input.importId})`;
  }
  if (input.group === "new-accounts") return newAccountReport;
  return sql`not ${importRow} and not ${newAccountReport}`;
}

/** The open entries of a group, oldest first, a page at a time; the cursor is the last entry's id. */
export function reviewQueuePage(
  db: AppDatabase,
  reader: Curator,
  input: {
    cursor?: number | undefined;
    limit: number;
    group?: QueueGroup;
    importId?: number | undefined;
  },
): QueuePage {
  const submitter = sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${reviewQueue.submittedBy})`;
  const revision = sql<number>`(select max(${artifactRevisions.number}) from ${artifactRevisions}
    where ${artifactRevisions.artifactId} = ${reviewQueue.artifactId})`;
  const importId = sql<
    number | null
  >`(select ${importedArtifacts.importId} from ${importedArtifacts}
    where ${importedArtifacts.artifactId} = ${reviewQueue.artifactId})`;
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
      fromNewAccount: reviewQueue.fromNewAccount,
      version: reviewQueue.version,
      submittedBy: reviewQueue.submittedBy,
      submittedByName: submitter,
      ownerId: artifacts.ownerId,
      hiddenAutomatically: artifacts.hiddenAutomatically,
      revision,
      importId,
      artifact: reviewedArtifactColumns,
      commentId: comments.id,
      commentHtml: comments.html,
      commentStatus: comments.status,
      suggestionSource: suggestions.source,
      ownerAcceptedAt: suggestions.ownerAcceptedAt,
    })
    .from(reviewQueue)
    .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
    .leftJoin(comments, eq(comments.id, reviewQueue.commentId))
    .leftJoin(suggestions, eq(suggestions.commentId, reviewQueue.commentId))
    .where(
      and(
        openEntry,
        gt(reviewQueue.id, input.cursor ?? 0),
        groupCondition({ group: input.group ?? "queue", importId: input.importId }),
      ),
    )
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
    report: row.reportReason
      ? { reason: row.reportReason, note: row.reportNote, fromNewAccount: row.fromNewAccount }
      : null,
    ownArtifact: row.ownerId === reader.id || row.submittedBy === reader.id,
    revision: row.revision,
    version: row.version,
    importId: row.importId,
    hiddenAutomatically: row.artifact.status === "hidden" && row.hiddenAutomatically,
    comment:
      row.commentId === null || row.commentStatus === null
        ? null
        : {
            id: row.commentId,
            html: row.commentHtml ?? "",
            status: row.commentStatus,
            source: row.suggestionSource,
            ownerAccepted: row.ownerAcceptedAt !== null,
          },
  }));
  const nextCursor = rows.length > input.limit ? (items.at(-1)?.id ?? null) : null;
  return { items, nextCursor };
}

/** Which decisions each kind of entry takes. */
const DECISIONS_FOR: Record<QueueEntryKind, readonly ReviewDecision[]> = {
  new: ["approve", "reject", "hide", "unhide"],
  edit: ["approve", "reject", "hide", "unhide"],
  report: ["uphold", "dismiss", "hide", "unhide"],
  // Issue 33: decided on the comment, not on the artifact (services/conversation/).
  comment: ["approve", "hide"],
  comment_report: ["uphold", "dismiss", "hide"],
  suggestion: ["approve", "reject", "hide"],
};

const AUDIT_ACTION: Record<ReviewDecision, AuditAction> = {
  approve: "artifact.approve",
  reject: "artifact.reject",
  hide: "artifact.hide",
  unhide: "artifact.unhide",
  uphold: "report.uphold",
  dismiss: "report.dismiss",
};

/** What the reporter is told of each decision on a report: how it was resolved (issue 29). */
const REPORTER_NOTICE: Partial<Record<ReviewDecision, NotificationKind>> = {
  uphold: "report_upheld",
  hide: "report_upheld",
  dismiss: "report_dismissed",
  unhide: "report_dismissed",
};

/** Who decided an entry, and when, for the second curator's refusal. */
export function decidedBy(tx: Pick<AppDatabase, "select">, entryId: number): DecisionResult {
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

type OpenEntry = NonNullable<ReturnType<typeof readEntry>>;

function readEntry(tx: Tx, entryId: number) {
  return tx
    .select({
      id: reviewQueue.id,
      kind: reviewQueue.kind,
      decidedAt: reviewQueue.decidedAt,
      before: reviewQueue.before,
      proposed: reviewQueue.proposed,
      waiting: reviewQueue.waiting,
      reportReason: reviewQueue.reportReason,
      submittedBy: reviewQueue.submittedBy,
      version: reviewQueue.version,
      commentId: reviewQueue.commentId,
      artifactId: artifacts.id,
      ownerId: artifacts.ownerId,
      status: artifacts.status,
      deletedAt: artifacts.deletedAt,
    })
    .from(reviewQueue)
    .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
    .where(eq(reviewQueue.id, entryId))
    .get();
}

/**
 * A curator's decision on one open entry. Refuses: an unknown entry or one whose artifact is in
 * the trash (NOT_FOUND), a decision already taken (CONFLICT, naming who took it), the curator's
 * own artifact or entry (FORBIDDEN), a decision the entry does not take or a reason not in the
 * list (BAD_REQUEST), an entry that changed since the revision and version the curator saw
 * (CONFLICT), and the rejection of an edit that later edits built on (CONFLICT).
 */
export function decideEntry(
  db: AppDatabase,
  curator: Curator,
  input: DecisionInput,
  context: RequestContext,
): DecisionResult {
  return db.transaction(
    (tx) => {
      const entry = readEntry(tx, input.entryId);
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
      if (entry.submittedBy === curator.id) {
        throw new ServiceError("FORBIDDEN", MESSAGES.ownEntryDecision);
      }
      const { decision } = input;
      if (!DECISIONS_FOR[entry.kind].includes(decision)) {
        throw new ServiceError("BAD_REQUEST", MESSAGES.decisionNotForEntry);
      }
      assertSeen(tx, entry, input);
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
      const now = new Date(context.now);
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

      if (entry.kind === "comment" || entry.kind === "comment_report") {
        const decided = { curatorId: curator.id, decision, reason };
        decideCommentEntry(tx, { ...entry, kind: entry.kind }, decided, context);
        return { entryId: entry.id, decision, decidedByName: null, decidedAt: now.getTime() };
      }
      if (entry.kind === "suggestion") {
        const decided = { curatorId: curator.id, decision, reason };
        decideSuggestionEntry(tx, entry, decided, context);
        return { entryId: entry.id, decision, decidedByName: null, decidedAt: now.getTime() };
      }

      const setStatus = (
        to: "published" | "rejected" | "hidden",
        summarized: "approve" | "reject" | "hide",
      ) =>
        setArtifactStatus(tx, {
          artifactId: entry.artifactId,
          from: entry.status,
          to,
          decision: summarized,
          reason,
          note,
          actorId: curator.id,
        });
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
              now: context.now,
            });
          }
          if (entry.status === "pending") setStatus("published", "approve");
          if (entry.kind === "new" && entry.status === "pending") {
            tellFollowersOfNewArtifact(tx, {
              artifactId: entry.artifactId,
              ownerId: entry.ownerId,
              now: context.now,
            });
          }
          tellOwner(entry.kind === "edit" ? "edit_approved" : "artifact_approved");
          break;
        case "reject":
          // A waiting edit is dropped and the published text stays. Any other edit is undone
          // (issue 29), unless it is the resubmission of an artifact that is not public.
          if (entry.kind === "edit" && !waitingEdit && !isResubmission(tx, entry)) {
            revertEdit(tx, entry, curator.id, context.now);
          } else if (!waitingEdit) {
            setStatus("rejected", "reject");
          }
          tellOwner(entry.kind === "edit" ? "edit_rejected" : "artifact_rejected");
          break;
        case "hide":
        case "uphold":
          setStatus("hidden", "hide");
          tellOwner("artifact_hidden");
          break;
        case "unhide":
          unhideWithin(tx, {
            artifactId: entry.artifactId,
            ownerId: entry.ownerId,
            curatorId: curator.id,
            reason,
            note,
            at: context.now,
          });
          break;
        case "dismiss":
          undoUnfoundedHide(tx, entry.artifactId, context, "its spam reports were dismissed");
          break;
      }
      const reporterNotice = REPORTER_NOTICE[decision];
      if (entry.kind === "report" && entry.submittedBy !== null && reporterNotice) {
        notify(tx, {
          userId: entry.submittedBy,
          kind: reporterNotice,
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

/**
 * Refuses a decision made on something other than what the entry now is: a waiting edit replaced
 * by a newer proposal (version), or an artifact whose fields changed since the revision shown.
 */
function assertSeen(tx: Tx, entry: OpenEntry, seen: { revision: number; version: number }): void {
  const current = artifactFieldsIn(tx, entry.artifactId);
  // A comment's entry is about the comment (its version moves with each edit), not the fields.
  const aboutComment = entry.kind === "comment" || entry.kind === "comment_report";
  if (
    entry.version !== seen.version ||
    !current ||
    (!aboutComment && fieldsChangedSince(tx, entry.artifactId, seen.revision, current))
  ) {
    throw new ServiceError("CONFLICT", MESSAGES.entryChanged);
  }
}

/**
 * An edit that resubmitted an artifact that was not public (decision 051): it is pending, and no
 * new artifact's entry is open to decide that.
 */
function isResubmission(tx: Tx, entry: OpenEntry): boolean {
  if (entry.status !== "pending") return false;
  const openNew = tx
    .select({ id: reviewQueue.id })
    .from(reviewQueue)
    .where(
      and(
        eq(reviewQueue.artifactId, entry.artifactId),
        eq(reviewQueue.kind, "new"),
        isNull(reviewQueue.decidedAt),
      ),
    )
    .get();
  return openNew === undefined;
}

/** The text fields a revert compares one by one; the first image's address and alt follow the images. */
const TEXT_FIELD_NAMES = ARTIFACT_FIELD_NAMES.filter(
  (name) => name !== "artifactImage" && name !== "imageAlt",
);

/**
 * Undoes a rejected edit as a new revision by the curator: each field it changed goes back, where it
 * still holds the edit's value. A field a later edit changed again makes the rejection a refusal:
 * undoing it would undo that later edit too. A field already back needs nothing. The images are one
 * field here (issue 30): the whole set goes back, or none of it.
 */
export function revertEdit(
  tx: Tx,
  entry: Pick<OpenEntry, "artifactId" | "before" | "proposed">,
  curatorId: number,
  now: number,
): void {
  const current = artifactFieldsIn(tx, entry.artifactId);
  if (!entry.before || !entry.proposed || !current) return;
  const before = fieldsAsKept(entry.before);
  const proposed = fieldsAsKept(entry.proposed);
  const edited = TEXT_FIELD_NAMES.filter((name) => before[name] !== proposed[name]);
  const builtOn: string[] = edited
    .filter((name) => current[name] !== proposed[name] && current[name] !== before[name])
    .map((name) => REVISION_FIELD_NAMES[name]);
  const imagesEdited = !sameImages(before.images, proposed.images);
  const imagesStillEdited = imagesEdited && sameImages(current.images, proposed.images);
  if (imagesEdited && !imagesStillEdited && !sameImages(current.images, before.images)) {
    builtOn.push(REVISION_FIELD_NAMES.images);
  }
  if (builtOn.length > 0) {
    throw new ServiceError("CONFLICT", MESSAGES.editBuiltOn(builtOn.join(", ")));
  }
  const reverted: ArtifactFields = { ...current };
  for (const name of edited) {
    if (current[name] === proposed[name]) Object.assign(reverted, { [name]: before[name] });
  }
  if (imagesStillEdited) {
    const [first] = before.images;
    Object.assign(reverted, {
      images: before.images,
      artifactImage: first?.url ?? before.artifactImage,
      imageAlt: first?.alt ?? before.imageAlt,
    });
    assertImagesAvailable(tx, before.images);
  }
  if (revertedEditSummary(current, reverted) === null) return;
  writeArtifact(tx, {
    id: entry.artifactId,
    fields: reverted,
    actorId: curatorId,
    summarize: revertedEditSummary,
    now,
  });
}
