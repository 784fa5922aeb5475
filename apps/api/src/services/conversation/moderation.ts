import { and, eq, isNull } from "drizzle-orm";
import {
  CONVERSATION_MESSAGES,
  MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_TRUST_DAYS,
  type AuditAction,
  type DiscussionComment,
  type NotificationKind,
  type ReportInput,
  type ReportReason,
  type ReviewDecision,
  type SessionUser,
} from "@artifact-atlas/shared";
import { comments, reviewQueue, suggestions } from "../../db/schema";
import type { Deps } from "../../deps";
import { appendAudit } from "../audit";
import type { RequestContext } from "../artifacts";
import { ServiceError } from "../errors";
import { fileReport, isEstablished, type ReportContext } from "../reports";
import { listedReason } from "../review-reasons";
import {
  commentNotFound,
  publicArtifactOwner,
  shapeComment,
  type ConversationDeps,
  type Tx,
  type Writer,
} from "./comments";
import { renderComment } from "./markdown";
import { mentionResolver } from "./mentions";
import { tellAuthor, tellOfNewComment } from "./notices";
import type { CommentRow } from "./statements";

/*
 * Moderation of comments through the review that artifacts have (issue 33): reports with the same
 * reasons wait in the queue; curators hide a comment with a reason from the list ("Hidden by a
 * curator"), or show it again; a new account's held comment waits as an entry of its own. Reports
 * never hide a comment by themselves, so no number of cheap accounts can silence anyone: only a
 * curator hides.
 */

type Curator = Pick<SessionUser, "id" | "role">;

function commentFor(tx: Tx, id: number) {
  return tx
    .select({
      id: comments.id,
      artifactId: comments.artifactId,
      authorId: comments.authorId,
      status: comments.status,
      body: comments.body,
      parentId: comments.parentId,
    })
    .from(comments)
    .where(eq(comments.id, id))
    .get();
}

type CommentFacts = NonNullable<ReturnType<typeof commentFor>>;

/** Anyone signed in reports a published comment on a public artifact, once while it is open. */
export function reportComment(
  deps: Pick<Deps, "db" | "reportRateLimiters" | "now">,
  reporter: Writer,
  input: ReportInput,
  context: ReportContext,
): { entryId: number; message: string } {
  return fileReport(deps, reporter, context, (tx) => {
    const comment = commentFor(tx, input.id);
    if (!comment || comment.status !== "published") throw commentNotFound();
    try {
      publicArtifactOwner(tx, comment.artifactId);
    } catch {
      throw commentNotFound();
    }
    const already = tx
      .select({ id: reviewQueue.id })
      .from(reviewQueue)
      .where(
        and(
          eq(reviewQueue.commentId, comment.id),
          eq(reviewQueue.kind, "comment_report"),
          eq(reviewQueue.submittedBy, reporter.id),
          isNull(reviewQueue.decidedAt),
        ),
      )
      .get();
    if (already) throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.alreadyReportedComment);
    const entryId = tx
      .insert(reviewQueue)
      .values({
        kind: "comment_report",
        artifactId: comment.artifactId,
        commentId: comment.id,
        submittedBy: reporter.id,
        reportReason: input.reason,
        reportNote: input.note ?? null,
        fromNewAccount: !isEstablished(tx, reporter, deps.now(), REPORT_TRUST_DAYS),
        createdAt: new Date(deps.now()),
      })
      .returning({ id: reviewQueue.id })
      .get().id;
    return { entryId, message: MESSAGES.reportReceived };
  });
}

/** A comment a curator may decide about: not their own, not deleted. */
function decidable(tx: Tx, curator: Pick<Curator, "id">, id: number | null): CommentFacts {
  const comment = id === null ? undefined : commentFor(tx, id);
  if (!comment || comment.status === "deleted") throw commentNotFound();
  if (comment.authorId === curator.id) {
    throw new ServiceError("FORBIDDEN", MESSAGES.ownEntryDecision);
  }
  return comment;
}

/**
 * A curator hides a comment with a reason from the list (it reads "Hidden by a curator"), or shows
 * a hidden one again; answered as the curator now sees it.
 */
export function moderateComment(
  deps: ConversationDeps,
  curator: Curator,
  input: { id: number; reason: string; note?: string | undefined },
  context: RequestContext,
  action: "hide" | "unhide",
): DiscussionComment {
  return deps.db.transaction(
    (tx) => {
      const comment = decidable(tx, curator, input.id);
      if (action === "hide" && comment.status === "hidden") {
        throw new ServiceError("CONFLICT", "This comment is already hidden.");
      }
      if (action === "unhide" && comment.status !== "hidden") {
        throw new ServiceError("CONFLICT", "This comment is not hidden.");
      }
      const reason = listedReason(tx, input.reason);
      if (action === "hide") {
        hideWithin(tx, comment, { curatorId: curator.id, reason }, context);
      } else {
        tx.update(comments)
          .set({ status: "published", hiddenReason: null })
          .where(eq(comments.id, comment.id))
          .run();
        appendAudit(tx, {
          actorId: curator.id,
          action: "comment.unhide",
          artifactId: comment.artifactId,
          subjectUserId: comment.authorId,
          requestId: context.requestId,
          details: { comment: String(comment.id), reason },
        });
      }
      return shapeComment(
        deps.discussions.one.get({ id: comment.id, viewer: curator.id }) as CommentRow,
        curator,
      );
    },
    { behavior: "immediate" },
  );
}

/**
 * Hides a comment inside a curator's decision: its open entries are decided with it (a held
 * comment's, its reports, its suggestion's), an open suggestion is declined, and its author and
 * those who reported it are told.
 */
export function hideWithin(
  tx: Tx,
  comment: Pick<CommentFacts, "id" | "artifactId" | "authorId">,
  decision: { curatorId: number; reason: string },
  context: RequestContext,
): void {
  const now = new Date(context.now);
  tx.update(comments)
    .set({ status: "hidden", hiddenReason: decision.reason })
    .where(eq(comments.id, comment.id))
    .run();
  const settled = tx
    .update(reviewQueue)
    .set({
      decidedAt: now,
      decidedBy: decision.curatorId,
      decision: "hide",
      decisionReason: decision.reason,
    })
    .where(and(eq(reviewQueue.commentId, comment.id), isNull(reviewQueue.decidedAt)))
    .returning({ kind: reviewQueue.kind, submittedBy: reviewQueue.submittedBy })
    .all();
  for (const entry of settled) {
    if (entry.kind !== "comment_report") continue;
    tellAuthor(tx, {
      userId: entry.submittedBy,
      kind: "comment_report_upheld",
      artifactId: comment.artifactId,
      commentId: comment.id,
    });
  }
  tx.update(suggestions)
    .set({ status: "declined", decidedAt: now, declineReason: decision.reason })
    .where(and(eq(suggestions.commentId, comment.id), eq(suggestions.status, "open")))
    .run();
  tellAuthor(tx, {
    userId: comment.authorId,
    kind: "comment_hidden",
    artifactId: comment.artifactId,
    commentId: comment.id,
    reason: decision.reason,
  });
  appendAudit(tx, {
    actorId: decision.curatorId,
    action: "comment.hide",
    artifactId: comment.artifactId,
    subjectUserId: comment.authorId,
    requestId: context.requestId,
    details: { comment: String(comment.id), reason: decision.reason },
  });
}

/**
 * Publishes a held comment: from then on it is like any other, and the discussion's people hear
 * of it as if it had just been written (its mentions too).
 */
export function publishHeld(
  tx: Tx,
  comment: Pick<CommentFacts, "id" | "artifactId" | "authorId" | "body">,
  isSuggestion: boolean,
  now: number,
): void {
  tx.update(comments).set({ status: "published" }).where(eq(comments.id, comment.id)).run();
  if (comment.authorId === null) return;
  const ownerId = publicArtifactOwner(tx, comment.artifactId);
  const discussion = { artifactId: comment.artifactId, ownerId };
  const { mentions } = renderComment(comment.body, mentionResolver(tx, discussion));
  tellOfNewComment(tx, {
    commentId: comment.id,
    ...discussion,
    authorId: comment.authorId,
    isSuggestion,
    mentionIds: mentions.map((member) => member.id),
    now,
  });
}

/**
 * A curator's decision on a held comment or a comment's report, inside decideEntry's transaction
 * (the entry is already claimed). `reason` is the list's label for hide, the report's for uphold.
 */
export function decideCommentEntry(
  tx: Tx,
  entry: {
    kind: "comment" | "comment_report";
    commentId: number | null;
    submittedBy: number | null;
    reportReason: ReportReason | null;
  },
  decision: { curatorId: number; decision: ReviewDecision; reason: string | null },
  context: RequestContext,
): void {
  const comment = decidable(tx, { id: decision.curatorId }, entry.commentId);
  const hide = (reason: string) =>
    hideWithin(tx, comment, { curatorId: decision.curatorId, reason }, context);
  const tell = (userId: number | null, kind: NotificationKind) =>
    tellAuthor(tx, { userId, kind, artifactId: comment.artifactId, commentId: comment.id });
  const audit = (action: AuditAction) =>
    appendAudit(tx, {
      actorId: decision.curatorId,
      action,
      artifactId: comment.artifactId,
      subjectUserId: comment.authorId,
      requestId: context.requestId,
      details: { comment: String(comment.id) },
    });
  switch (decision.decision) {
    case "approve":
      if (comment.status !== "held") throw new ServiceError("CONFLICT", MESSAGES.entryChanged);
      publishHeld(tx, comment, false, context.now);
      tell(comment.authorId, "comment_approved");
      audit("comment.approve");
      break;
    case "uphold":
      if (comment.status !== "hidden") {
        hide(entry.reportReason ? REPORT_REASON_LABELS[entry.reportReason] : "Reported");
      }
      tell(entry.submittedBy, "comment_report_upheld");
      break;
    case "hide":
      if (comment.status !== "hidden") hide(decision.reason ?? "Hidden");
      if (entry.kind === "comment_report") tell(entry.submittedBy, "comment_report_upheld");
      break;
    case "dismiss":
      tell(entry.submittedBy, "comment_report_dismissed");
      audit("report.dismiss");
      break;
    default:
      throw new ServiceError("BAD_REQUEST", MESSAGES.decisionNotForEntry);
  }
}
