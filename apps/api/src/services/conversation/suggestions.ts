import { and, eq, isNull, sql } from "drizzle-orm";
import {
  CONVERSATION_MESSAGES,
  hasRole,
  MESSAGES,
  REVISION_FIELD_NAMES,
  SUGGESTABLE_FIELD_LABELS,
  type DiscussionComment,
  type ReviewDecision,
  type SuggestionDecisionInput,
  type SuggestionInput,
} from "@artifact-atlas/shared";
import {
  artifactRevisions,
  artifacts,
  comments,
  reviewQueue,
  suggestionAgreements,
  suggestions,
} from "../../db/schema";
import { getArtifact, isReviewedChange, writeArtifact, type RequestContext } from "../artifacts";
import { appendAudit } from "../audit";
import { ServiceError } from "../errors";
import { revertEdit } from "../review";
import { artifactFieldsIn, fieldsChangedSince } from "../revisions";
import {
  newCommentAnswer,
  postComment,
  publicArtifactOwner,
  shapeComment,
  type ConversationContext,
  type ConversationDeps,
  type Reader,
  type Tx,
  type Writer,
  writeInDiscussion,
} from "./comments";
import { hideWithin, publishHeld } from "./moderation";
import { tellAuthor } from "./notices";
import type { CommentRow } from "./statements";

/*
 * Suggestions (issue 33): a member proposes a change to one field of someone else's artifact, with
 * a reason (its comment) and a source. It waits in the review queue as a proposed revision (kind
 * "suggestion", waiting as a waiting edit does) until the owner or a curator accepts it, which
 * writes it as a revision credited to its author through the artifacts' one update path, or
 * declines it with a reason. It is accepted only while the field still says what it said on the
 * revision the suggestion was made on. Members agree with it, one agreement each.
 */

function suggestionNotFound(): ServiceError {
  return new ServiceError("NOT_FOUND", CONVERSATION_MESSAGES.suggestionNotFound);
}

/** A field's value on an artifact's revision; undefined when there is no such revision. */
function fieldOnRevision(tx: Tx, artifactId: number, number: number, field: string) {
  const row = tx
    .select({ fields: artifactRevisions.fields })
    .from(artifactRevisions)
    .where(and(eq(artifactRevisions.artifactId, artifactId), eq(artifactRevisions.number, number)))
    .get();
  return row?.fields[field as keyof typeof row.fields];
}

/** A member suggests a change to a public artifact that is not theirs. */
export function createSuggestion(
  deps: ConversationDeps,
  author: Writer,
  input: SuggestionInput,
  context: ConversationContext,
): { comment: DiscussionComment; message: string | null } {
  return writeInDiscussion(deps, author, context, input.artifactId, (tx, now, ownerId) => {
    if (ownerId === author.id) {
      throw new ServiceError("BAD_REQUEST", CONVERSATION_MESSAGES.ownArtifactSuggestion);
    }
    const current = artifactFieldsIn(tx, input.artifactId);
    const seen = fieldOnRevision(tx, input.artifactId, input.baseRevision, input.field);
    if (!current || seen === undefined || seen !== current[input.field]) {
      const label = SUGGESTABLE_FIELD_LABELS[input.field];
      throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.suggestionOutdated(label));
    }
    if (input.value === current[input.field]) {
      throw new ServiceError(
        "BAD_REQUEST",
        CONVERSATION_MESSAGES.suggestionUnchanged,
        undefined,
        "value",
      );
    }
    const { id, held } = postComment(
      tx,
      now,
      author,
      { artifactId: input.artifactId, ownerId, parentId: null, body: input.reason },
      { isSuggestion: true, reviewMode: context.reviewMode },
    );
    tx.insert(suggestions)
      .values({
        commentId: id,
        artifactId: input.artifactId,
        field: input.field,
        before: current[input.field],
        value: input.value,
        source: input.source,
        baseRevision: input.baseRevision,
      })
      .run();
    tx.insert(reviewQueue)
      .values({
        kind: "suggestion",
        artifactId: input.artifactId,
        commentId: id,
        submittedBy: author.id,
        before: current,
        proposed: { ...current, [input.field]: input.value },
        waiting: true,
        createdAt: new Date(now),
      })
      .run();
    return newCommentAnswer(deps, author, id, held);
  });
}

function suggestionFor(tx: Tx, id: number) {
  return tx
    .select({
      id: suggestions.commentId,
      artifactId: suggestions.artifactId,
      field: suggestions.field,
      before: suggestions.before,
      value: suggestions.value,
      status: suggestions.status,
      authorId: comments.authorId,
      body: comments.body,
      commentStatus: comments.status,
      ownerId: artifacts.ownerId,
      artifactStatus: artifacts.status,
    })
    .from(suggestions)
    .innerJoin(comments, eq(comments.id, suggestions.commentId))
    .innerJoin(artifacts, eq(artifacts.id, suggestions.artifactId))
    .where(eq(suggestions.commentId, id))
    .get();
}

type SuggestionFacts = NonNullable<ReturnType<typeof suggestionFor>>;

/** A suggestion as `reader` may see it: its artifact theirs to see, its comment not hidden from them. */
function visibleSuggestion(
  tx: Tx,
  deps: Pick<ConversationDeps, "artifactStore">,
  reader: Writer,
  id: number,
): SuggestionFacts {
  const found = suggestionFor(tx, id);
  if (!found) throw suggestionNotFound();
  try {
    getArtifact(deps.artifactStore, reader, { id: found.artifactId });
  } catch {
    throw suggestionNotFound();
  }
  const curator = hasRole(reader.role, "curator");
  const seen =
    found.commentStatus === "published" ||
    ((found.commentStatus === "held" || found.commentStatus === "hidden") &&
      (found.authorId === reader.id || curator));
  if (!seen) throw suggestionNotFound();
  return found;
}

/** Where the suggestion's entry in the queue is, while open. */
function openEntryOf(commentId: number) {
  return and(
    eq(reviewQueue.commentId, commentId),
    eq(reviewQueue.kind, "suggestion"),
    isNull(reviewQueue.decidedAt),
  );
}

/** The suggestion's open entry in the queue, if any. */
function openEntry(tx: Tx, commentId: number) {
  return tx
    .select({ id: reviewQueue.id, waiting: reviewQueue.waiting })
    .from(reviewQueue)
    .where(openEntryOf(commentId))
    .get();
}

/** Closes the suggestion's open entry, as decided from the discussion. */
function closeEntry(
  tx: Tx,
  commentId: number,
  decided: { by: number; decision: ReviewDecision; reason: string | null; at: number },
): void {
  tx.update(reviewQueue)
    .set({
      decidedAt: new Date(decided.at),
      decidedBy: decided.by,
      decision: decided.decision,
      decisionReason: decided.reason,
    })
    .where(openEntryOf(commentId))
    .run();
}

/**
 * Writes the suggested value over the artifact as it is now, as a revision credited to the
 * suggestion's author, through the one update path of every edit (writeArtifact).
 */
function applyWithin(tx: Tx, found: SuggestionFacts, deciderId: number, context: RequestContext) {
  const current = artifactFieldsIn(tx, found.artifactId);
  if (!current || current[found.field] !== found.before) {
    const label = SUGGESTABLE_FIELD_LABELS[found.field];
    throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.suggestionOutdated(label));
  }
  const fields = { ...current, [found.field]: found.value };
  // The image description is the first image's (issue 30): both change, or they would disagree.
  const [first, ...others] = current.images;
  if (found.field === "imageAlt" && first)
    fields.images = [{ ...first, alt: found.value }, ...others];
  writeArtifact(tx, {
    id: found.artifactId,
    fields,
    actorId: found.authorId,
    now: context.now,
    summarize: () => `Suggested change accepted: ${REVISION_FIELD_NAMES[found.field]}`,
  });
  tx.update(suggestions)
    .set({ status: "accepted", decidedAt: new Date(context.now) })
    .where(eq(suggestions.commentId, found.id))
    .run();
  if (found.commentStatus === "held") publishHeld(tx, found, true, context.now);
  tellAuthor(tx, {
    userId: found.authorId,
    kind: "suggestion_accepted",
    artifactId: found.artifactId,
    commentId: found.id,
  });
  appendAudit(tx, {
    actorId: deciderId,
    action: "suggestion.accept",
    artifactId: found.artifactId,
    subjectUserId: found.authorId,
    requestId: context.requestId,
    details: { comment: String(found.id), field: found.field },
  });
  return current;
}

function declineWithin(
  tx: Tx,
  found: SuggestionFacts,
  decided: { by: number; reason: string },
  context: RequestContext,
): void {
  tx.update(suggestions)
    .set({ status: "declined", decidedAt: new Date(context.now), declineReason: decided.reason })
    .where(eq(suggestions.commentId, found.id))
    .run();
  if (found.commentStatus === "held") publishHeld(tx, found, true, context.now);
  tellAuthor(tx, {
    userId: found.authorId,
    kind: "suggestion_declined",
    artifactId: found.artifactId,
    commentId: found.id,
    reason: decided.reason,
  });
  appendAudit(tx, {
    actorId: decided.by,
    action: "suggestion.decline",
    artifactId: found.artifactId,
    subjectUserId: found.authorId,
    requestId: context.requestId,
    details: { comment: String(found.id), field: found.field, reason: decided.reason },
  });
}

/**
 * The owner or a curator accepts or declines a suggestion from its discussion, having seen the
 * artifact at `revision` (409 when it changed since). A curator's acceptance is written at once, as
 * a curator's edit is; so is an owner's in REVIEW_MODE=post, which then waits in the queue to be
 * reviewed after, as an owner's own edit does. In pre (or of an artifact under review) the owner's
 * acceptance waits for a curator, who approves it in the queue.
 */
export function decideSuggestion(
  deps: ConversationDeps,
  decider: Writer,
  input: SuggestionDecisionInput,
  context: ConversationContext,
): { suggestion: DiscussionComment; message: string } {
  return deps.db.transaction(
    (tx) => {
      const found = visibleSuggestion(tx, deps, decider, input.id);
      const curator = hasRole(decider.role, "curator");
      if (found.ownerId !== decider.id && !curator) {
        throw new ServiceError("FORBIDDEN", CONVERSATION_MESSAGES.suggestionNotYours);
      }
      if (found.authorId === decider.id) {
        throw new ServiceError("FORBIDDEN", CONVERSATION_MESSAGES.ownSuggestion);
      }
      if (found.status !== "open" || found.commentStatus === "hidden") {
        throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.suggestionDecided);
      }
      const current = artifactFieldsIn(tx, found.artifactId);
      if (!current || fieldsChangedSince(tx, found.artifactId, input.revision, current)) {
        throw new ServiceError("CONFLICT", MESSAGES.editConflict);
      }
      let message: string;
      if (input.decision === "decline") {
        const reason = input.reason ?? "";
        closeEntry(tx, found.id, { by: decider.id, decision: "reject", reason, at: context.now });
        declineWithin(tx, found, { by: decider.id, reason }, context);
        message = "Declined.";
      } else if (!isReviewedChange(decider, found.artifactStatus)) {
        closeEntry(tx, found.id, {
          by: decider.id,
          decision: "approve",
          reason: null,
          at: context.now,
        });
        applyWithin(tx, found, decider.id, context);
        message = "Accepted.";
      } else if (context.reviewMode === "post" && found.artifactStatus === "published") {
        // Written now and reviewed after: the entry becomes the applied edit a curator may undo.
        const before = applyWithin(tx, found, decider.id, context);
        tx.update(reviewQueue)
          .set({
            waiting: false,
            before,
            proposed: { ...before, [found.field]: found.value },
            version: sql`${reviewQueue.version} + 1`,
          })
          .where(
            and(
              eq(reviewQueue.commentId, found.id),
              eq(reviewQueue.kind, "suggestion"),
              isNull(reviewQueue.decidedAt),
            ),
          )
          .run();
        message = "Accepted.";
      } else {
        if (!openEntry(tx, found.id))
          throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.suggestionDecided);
        tx.update(suggestions)
          .set({ ownerAcceptedAt: new Date(context.now) })
          .where(eq(suggestions.commentId, found.id))
          .run();
        message = CONVERSATION_MESSAGES.suggestionWaits;
      }
      const row = deps.discussions.one.get({ id: found.id, viewer: decider.id }) as CommentRow;
      return { suggestion: shapeComment(row, decider as Reader), message };
    },
    { behavior: "immediate" },
  );
}

/**
 * A curator's decision on a suggestion's entry in the queue, inside decideEntry's transaction
 * (the entry is already claimed): approve accepts it (or, once the owner accepted it in post,
 * keeps that change); reject declines it (and undoes a change the owner accepted); hide hides its
 * comment, which declines it.
 */
export function decideSuggestionEntry(
  tx: Tx,
  entry: {
    commentId: number | null;
    artifactId: number;
    before: Parameters<typeof revertEdit>[1]["before"];
    proposed: Parameters<typeof revertEdit>[1]["proposed"];
  },
  decision: { curatorId: number; decision: ReviewDecision; reason: string | null },
  context: RequestContext,
): void {
  const found = entry.commentId === null ? undefined : suggestionFor(tx, entry.commentId);
  if (!found) throw suggestionNotFound();
  if (found.authorId === decision.curatorId) {
    throw new ServiceError("FORBIDDEN", MESSAGES.ownEntryDecision);
  }
  const applied = found.status === "accepted";
  switch (decision.decision) {
    case "approve":
      if (!applied) applyWithin(tx, found, decision.curatorId, context);
      break;
    case "reject":
      if (applied) revertEdit(tx, entry, decision.curatorId, context.now);
      declineWithin(tx, found, { by: decision.curatorId, reason: decision.reason ?? "" }, context);
      break;
    case "hide":
      hideWithin(
        tx,
        found,
        { curatorId: decision.curatorId, reason: decision.reason ?? "" },
        context,
      );
      break;
    default:
      throw new ServiceError("BAD_REQUEST", MESSAGES.decisionNotForEntry);
  }
}

/** A member's agreement with a suggestion they may see changes; answers the count after it. */
function changeAgreement(
  deps: ConversationDeps,
  member: Writer,
  id: number,
  change: (tx: Tx, found: SuggestionFacts) => boolean,
): { agreements: number; agreed: boolean } {
  return deps.db.transaction(
    (tx) => {
      const found = visibleSuggestion(tx, deps, member, id);
      const agreed = change(tx, found);
      return { agreements: agreementCount(tx, found.id), agreed };
    },
    { behavior: "immediate" },
  );
}

/** A member agrees with an open suggestion that is not theirs; agreeing twice is one agreement. */
export function agreeWithSuggestion(
  deps: ConversationDeps,
  member: Writer,
  input: { id: number },
): { agreements: number; agreed: boolean } {
  return changeAgreement(deps, member, input.id, (tx, found) => {
    if (found.authorId === member.id) {
      throw new ServiceError("FORBIDDEN", CONVERSATION_MESSAGES.ownSuggestion);
    }
    if (found.status !== "open" || found.commentStatus !== "published") {
      throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.suggestionDecided);
    }
    // Agreeing is taking part in the discussion: only on a public artifact.
    try {
      publicArtifactOwner(tx, found.artifactId);
    } catch {
      throw suggestionNotFound();
    }
    tx.insert(suggestionAgreements)
      .values({ suggestionId: found.id, userId: member.id, agreedAt: new Date(deps.now()) })
      .onConflictDoNothing()
      .run();
    return true;
  });
}

/** A member takes back their agreement. */
export function withdrawAgreement(
  deps: ConversationDeps,
  member: Writer,
  input: { id: number },
): { agreements: number; agreed: boolean } {
  return changeAgreement(deps, member, input.id, (tx, found) => {
    const removed = tx
      .delete(suggestionAgreements)
      .where(
        and(
          eq(suggestionAgreements.suggestionId, found.id),
          eq(suggestionAgreements.userId, member.id),
        ),
      )
      .run();
    if (removed.changes === 0) {
      throw new ServiceError("NOT_FOUND", CONVERSATION_MESSAGES.notAgreed);
    }
    return false;
  });
}

function agreementCount(tx: Tx, id: number): number {
  return (
    tx.get<{ total: number }>(
      sql`select count(*) as total from suggestion_agreements where suggestion_id = ${id}`,
    )?.total ?? 0
  );
}
