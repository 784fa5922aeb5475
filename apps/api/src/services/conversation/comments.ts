import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  COMMENT_TRUST_DAYS,
  CONVERSATION_MESSAGES,
  hasRole,
  MESSAGES,
  NEW_ACCOUNT_LINKS_MAX,
  REPLIES_SHOWN,
  SUGGESTABLE_FIELD_LABELS,
  type CommentHistory,
  type CommentInput,
  type DiscussionComment,
  type DiscussionPage,
  type RepliesPage,
  type ReviewMode,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../../db/client";
import { commentRevisions, comments, reviewQueue } from "../../db/schema";
import type { Deps } from "../../deps";
import { assertAccountAndClientAllowed } from "../../rate-limit";
import { PUBLIC_ARTIFACT } from "../../store/artifact-visibility";
import { getArtifact, type RequestContext } from "../artifacts";
import { ServiceError } from "../errors";
import { isEstablished } from "../reports";
import { latestRevisionNumber } from "../revisions";
import { COMMENT_MAX_DEPTH, renderComment } from "./markdown";
import { mentionResolver } from "./mentions";
import { tellOfNewComment } from "./notices";
import type { CommentRow, ReadParams } from "./statements";

/*
 * Comments and replies under an artifact (issue 33): read by whoever may see the artifact (the
 * detail page's rule), written only on a public one, a thread one level deep, oldest first.
 */

export type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Who reads: the session's user, or null for the public. */
export type Reader = Pick<SessionUser, "id" | "role"> | null;
/** Who writes: always the session's user. */
export type Writer = Pick<SessionUser, "id" | "role">;

/** Where a write comes from: the request, the client's address (rate limits), the review mode. */
export interface ConversationContext extends RequestContext {
  ip: string;
  reviewMode: ReviewMode;
}

export type ConversationDeps = Pick<
  Deps,
  "db" | "artifactStore" | "discussions" | "conversationRateLimiters" | "now"
>;

export function commentNotFound(): ServiceError {
  return new ServiceError("NOT_FOUND", CONVERSATION_MESSAGES.commentNotFound);
}

const isCurator = (reader: Reader) => reader !== null && hasRole(reader.role, "curator");

export function readParams(reader: Reader): Omit<ReadParams, "after" | "limit"> {
  return { viewer: reader?.id ?? 0, curator: isCurator(reader) ? 1 : 0 };
}

/**
 * What `reader` sees of a comment: a hidden one's text only its author and curators (the others
 * read "Hidden by a curator"), a deleted one's nothing but its place in its thread.
 */
export function shapeComment(row: CommentRow, reader: Reader): DiscussionComment {
  const mine = reader !== null && row.authorId === reader.id;
  const readable =
    row.status === "published" ||
    row.status === "held" ||
    (row.status === "hidden" && (mine || isCurator(reader)));
  const deleted = row.status === "deleted";
  return {
    id: row.id,
    artifactId: row.artifactId,
    parentId: row.parentId,
    authorId: deleted ? null : row.authorId,
    authorName: deleted ? null : row.authorName,
    status: row.status,
    html: readable ? row.html : null,
    body: readable ? row.body : null,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    hiddenReason: mine || isCurator(reader) ? row.hiddenReason : null,
    mine,
    suggestion:
      readable && row.field !== null
        ? {
            field: row.field,
            fieldLabel: SUGGESTABLE_FIELD_LABELS[row.field],
            before: row.before ?? "",
            value: row.value ?? "",
            source: row.source ?? "",
            baseRevision: row.baseRevision ?? 1,
            status: row.suggestionStatus ?? "open",
            ownerAccepted: row.ownerAcceptedAt !== null,
            declineReason: row.declineReason,
            decidedAt: row.decidedAt,
            agreements: row.agreements,
            agreed: row.agreed === 1,
          }
        : null,
  };
}

/**
 * A page of an artifact's discussion: threads oldest first, each with its first replies. NOT_FOUND
 * for whoever may not see the artifact, as its detail page answers.
 */
export function discussionPage(
  deps: Pick<ConversationDeps, "db" | "artifactStore" | "discussions">,
  reader: Reader,
  input: { id: number; cursor?: number | null | undefined; limit: number },
): DiscussionPage {
  const artifact = getArtifact(deps.artifactStore, reader, { id: input.id });
  const ownerId = deps.artifactStore.statements.ownerOf.get({ id: input.id })?.ownerId;
  const params = readParams(reader);
  const rows = deps.discussions.threads.all({
    ...params,
    artifactId: input.id,
    after: input.cursor ?? 0,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const items = page.map((row) => {
    const replies = deps.discussions.replies.all({
      ...params,
      parentId: row.id,
      after: 0,
      limit: REPLIES_SHOWN + 1,
    });
    return {
      ...shapeComment(row, reader),
      replies: replies.slice(0, REPLIES_SHOWN).map((reply) => shapeComment(reply, reader)),
      moreReplies: replies.length > REPLIES_SHOWN,
    };
  });
  const open = reader !== null && artifact.status === "published";
  const owns = reader !== null && ownerId === reader.id;
  return {
    items,
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
    revision: latestRevisionNumber(deps.db, input.id),
    may: {
      comment: open,
      suggest: open && !owns,
      decideSuggestions: owns || isCurator(reader),
      moderate: isCurator(reader),
    },
  };
}

/**
 * A comment as `reader` may see it, for a read or a change of it: NOT_FOUND when its artifact is
 * not theirs to see, when it is someone else's held comment, or when it is gone.
 */
function visibleComment(
  deps: Pick<ConversationDeps, "artifactStore" | "discussions">,
  reader: Reader,
  id: number,
): CommentRow {
  const row = deps.discussions.one.get({ id, viewer: reader?.id ?? 0 });
  if (!row) throw commentNotFound();
  try {
    getArtifact(deps.artifactStore, reader, { id: row.artifactId });
  } catch {
    throw commentNotFound();
  }
  if (row.status === "held" && row.authorId !== reader?.id && !isCurator(reader)) {
    throw commentNotFound();
  }
  return row;
}

/** The replies of a thread after those shown, oldest first. */
export function repliesPage(
  deps: Pick<ConversationDeps, "artifactStore" | "discussions">,
  reader: Reader,
  input: { id: number; cursor?: number | null | undefined; limit: number },
): RepliesPage {
  const thread = visibleComment(deps, reader, input.id);
  if (thread.parentId !== null) throw commentNotFound();
  const rows = deps.discussions.replies.all({
    ...readParams(reader),
    parentId: thread.id,
    after: input.cursor ?? 0,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => shapeComment(row, reader)),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The owner of a public artifact, or NOT_FOUND: comments are written on public artifacts only. */
export function publicArtifactOwner(tx: Pick<AppDatabase, "get">, artifactId: number): number {
  const row = tx.get<{ ownerId: number } | undefined>(
    sql`select owner_id as ownerId from artifacts where id = ${artifactId} and ${sql.raw(PUBLIC_ARTIFACT)}`,
  );
  if (!row) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  return row.ownerId;
}

export interface Rendered {
  html: string;
  mentionIds: number[];
  /** Its author's comments wait for a curator (a new account, REVIEW_MODE=pre). */
  held: boolean;
}

/**
 * A comment's text rendered and checked for its author: refused when it nests too deeply, or when
 * a new account puts more than NEW_ACCOUNT_LINKS_MAX links in it.
 */
function renderFor(
  tx: Tx,
  now: number,
  author: Writer,
  discussion: { artifactId: number; ownerId: number },
  body: string,
  reviewMode: ReviewMode,
): Rendered {
  const rendered = renderComment(body, mentionResolver(tx, discussion));
  if (rendered.depth > COMMENT_MAX_DEPTH) {
    throw new ServiceError(
      "BAD_REQUEST",
      "Comment nests quotes or lists too deeply. Please make it flatter.",
      undefined,
      "body",
    );
  }
  const isNew = !isEstablished(tx, author, now, COMMENT_TRUST_DAYS);
  if (isNew && rendered.links > NEW_ACCOUNT_LINKS_MAX) {
    throw new ServiceError(
      "BAD_REQUEST",
      CONVERSATION_MESSAGES.tooManyLinks(NEW_ACCOUNT_LINKS_MAX),
      undefined,
      "body",
    );
  }
  return {
    html: rendered.html,
    mentionIds: rendered.mentions.map((member) => member.id),
    held: isNew && reviewMode === "pre",
  };
}

/**
 * Writes a member's new comment, reply or suggestion (its reason) in one public discussion,
 * rendered and checked for its author; unless it waits for a curator, the discussion's people are
 * told. Answers its id and whether it is held.
 */
export function postComment(
  tx: Tx,
  now: number,
  author: Writer,
  post: { artifactId: number; ownerId: number; parentId: number | null; body: string },
  { isSuggestion, reviewMode }: { isSuggestion: boolean; reviewMode: ReviewMode },
): { id: number; held: boolean } {
  const discussion = { artifactId: post.artifactId, ownerId: post.ownerId };
  const rendered = renderFor(tx, now, author, discussion, post.body, reviewMode);
  const id = tx
    .insert(comments)
    .values({
      artifactId: post.artifactId,
      parentId: post.parentId,
      authorId: author.id,
      body: post.body,
      html: rendered.html,
      status: rendered.held ? "held" : "published",
      createdAt: new Date(now),
    })
    .returning({ id: comments.id })
    .get().id;
  if (!rendered.held) {
    tellOfNewComment(tx, {
      commentId: id,
      ...discussion,
      authorId: author.id,
      isSuggestion,
      mentionIds: rendered.mentionIds,
      now,
    });
  }
  return { id, held: rendered.held };
}

/**
 * A member writes something new in a public artifact's discussion: limited per account and per
 * client, in one transaction; `write` gets the clock's moment and the artifact's owner.
 */
export function writeInDiscussion<T>(
  deps: ConversationDeps,
  author: Writer,
  context: ConversationContext,
  artifactId: number,
  write: (tx: Tx, now: number, ownerId: number) => T,
): T {
  assertAccountAndClientAllowed(deps.conversationRateLimiters, context.ip, author.id);
  return deps.db.transaction((tx) => write(tx, deps.now(), publicArtifactOwner(tx, artifactId)), {
    behavior: "immediate",
  });
}

/** A thread's first comment that `author` may reply to; BAD_REQUEST for a reply to a reply. */
function assertThread(tx: Tx, author: Writer, artifactId: number, parentId: number): void {
  const parent = tx
    .select({
      artifactId: comments.artifactId,
      parentId: comments.parentId,
      status: comments.status,
      authorId: comments.authorId,
    })
    .from(comments)
    .where(eq(comments.id, parentId))
    .get();
  const seen = parent?.status !== "held" || parent.authorId === author.id || isCurator(author);
  if (!parent || parent.artifactId !== artifactId || !seen) throw commentNotFound();
  if (parent.parentId !== null) {
    throw new ServiceError(
      "BAD_REQUEST",
      CONVERSATION_MESSAGES.replyOneLevel,
      undefined,
      "parentId",
    );
  }
}

/**
 * A new comment or reply on a public artifact. A new account's waits for a curator in
 * REVIEW_MODE=pre (held: seen by its author and curators only); any other is published at once
 * and the discussion's people are told. Limited per account and per client.
 */
export function createComment(
  deps: ConversationDeps,
  author: Writer,
  input: CommentInput,
  context: ConversationContext,
): { comment: DiscussionComment; message: string | null } {
  return writeInDiscussion(deps, author, context, input.artifactId, (tx, now, ownerId) => {
    if (input.parentId !== undefined) {
      assertThread(tx, author, input.artifactId, input.parentId);
    }
    const { artifactId, body } = input;
    const { id, held } = postComment(
      tx,
      now,
      author,
      { artifactId, ownerId, parentId: input.parentId ?? null, body },
      { isSuggestion: false, reviewMode: context.reviewMode },
    );
    if (held) {
      tx.insert(reviewQueue)
        .values({
          kind: "comment",
          artifactId,
          commentId: id,
          submittedBy: author.id,
          createdAt: new Date(now),
        })
        .run();
    }
    return newCommentAnswer(deps, author, id, held);
  });
}

/** A comment its author may change: visible to them, theirs, on a public artifact. */
/** A member's new comment or suggestion as they see it, and whether it waits for a curator. */
export function newCommentAnswer(
  deps: Pick<ConversationDeps, "discussions">,
  author: Writer,
  id: number,
  held: boolean,
): { comment: DiscussionComment; message: string | null } {
  const row = deps.discussions.one.get({ id, viewer: author.id }) as CommentRow;
  return {
    comment: shapeComment(row, author),
    message: held ? CONVERSATION_MESSAGES.commentHeld : null,
  };
}

function ownComment(tx: Tx, deps: ConversationDeps, author: Writer, id: number): CommentRow {
  const row = visibleComment(deps, author, id);
  if (row.status === "deleted") throw commentNotFound();
  if (row.authorId !== author.id) {
    throw new ServiceError("FORBIDDEN", CONVERSATION_MESSAGES.notYourComment);
  }
  publicArtifactOwner(tx, row.artifactId);
  return row;
}

/**
 * Its author edits a comment: the earlier text is kept for curators, and it shows "edited". A new
 * account's edited comment waits for a curator again in REVIEW_MODE=pre, so that an approved
 * comment cannot become something else unseen. A hidden comment cannot be edited.
 */
export function editComment(
  deps: ConversationDeps,
  author: Writer,
  input: { id: number; body: string },
  context: ConversationContext,
): DiscussionComment {
  assertAccountAndClientAllowed(deps.conversationRateLimiters, context.ip, author.id);
  return deps.db.transaction(
    (tx) => {
      const now = deps.now();
      const row = ownComment(tx, deps, author, input.id);
      if (row.status === "hidden") {
        throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.commentHiddenNoEdit);
      }
      if (row.body === input.body) return shapeComment(row, author);
      const ownerId = publicArtifactOwner(tx, row.artifactId);
      const discussion = { artifactId: row.artifactId, ownerId };
      const rendered = renderFor(tx, now, author, discussion, input.body, context.reviewMode);
      tx.insert(commentRevisions)
        .values({
          commentId: row.id,
          body: row.body,
          writtenAt: new Date(row.editedAt ?? row.createdAt),
          replacedAt: new Date(now),
        })
        .run();
      const held = row.status === "held" || rendered.held;
      tx.update(comments)
        .set({
          body: input.body,
          html: rendered.html,
          editedAt: new Date(now),
          status: held ? "held" : row.status,
        })
        .where(eq(comments.id, row.id))
        .run();
      if (held) holdForReview(tx, { ...row, authorId: author.id }, now);
      return shapeComment(
        deps.discussions.one.get({ id: row.id, viewer: author.id }) as CommentRow,
        author,
      );
    },
    { behavior: "immediate" },
  );
}

/**
 * A held comment's entry moves to its next version (a curator decides on the text they saw), or a
 * comment held again gets an entry.
 */
function holdForReview(
  tx: Tx,
  row: Pick<CommentRow, "id" | "artifactId" | "authorId">,
  now: number,
): void {
  const bumped = tx
    .update(reviewQueue)
    .set({ version: sql`${reviewQueue.version} + 1` })
    .where(
      and(
        eq(reviewQueue.commentId, row.id),
        sql`${reviewQueue.kind} in ('comment', 'suggestion')`,
        isNull(reviewQueue.decidedAt),
      ),
    )
    .run();
  if (bumped.changes > 0) return;
  tx.insert(reviewQueue)
    .values({
      kind: "comment",
      artifactId: row.artifactId,
      commentId: row.id,
      submittedBy: row.authorId,
      createdAt: new Date(now),
    })
    .run();
}

/** Its author deletes a comment (curators hide instead). */
export function deleteComment(
  deps: ConversationDeps,
  author: Writer,
  input: { id: number },
): { id: number; message: string } {
  return deps.db.transaction(
    (tx) => {
      const row = ownComment(tx, deps, author, input.id);
      removeComment(tx, row.id);
      return { id: row.id, message: "Comment deleted." };
    },
    { behavior: "immediate" },
  );
}

/**
 * Removes a comment, inside the caller's transaction: its row with its history, suggestion,
 * entries and notifications; while replies hang on it, it stays as an empty "deleted" placeholder
 * that names no one, and goes with the last of them.
 */
export function removeComment(tx: Tx, id: number): void {
  const row = tx
    .select({ parentId: comments.parentId })
    .from(comments)
    .where(eq(comments.id, id))
    .get();
  if (!row) return;
  if (hasReplies(tx, id)) {
    tx.update(comments)
      .set({
        status: "deleted",
        body: "",
        html: "",
        authorId: null,
        hiddenReason: null,
        editedAt: null,
      })
      .where(eq(comments.id, id))
      .run();
    tx.run(sql`delete from comment_revisions where comment_id = ${id}`);
    tx.run(sql`delete from suggestions where comment_id = ${id}`);
    tx.run(sql`delete from review_queue where comment_id = ${id}`);
    tx.run(sql`delete from notifications where comment_id = ${id}`);
    return;
  }
  // ON DELETE CASCADE and the trigger of migration 0031 take the rest.
  tx.delete(comments).where(eq(comments.id, id)).run();
  if (row.parentId === null) return;
  const parent = tx
    .select({ status: comments.status })
    .from(comments)
    .where(eq(comments.id, row.parentId))
    .get();
  if (parent?.status === "deleted" && !hasReplies(tx, row.parentId)) {
    tx.delete(comments).where(eq(comments.id, row.parentId)).run();
  }
}

function hasReplies(tx: Tx, id: number): boolean {
  return (
    tx.get<{ found: number } | undefined>(
      sql`select 1 as found from comments where parent_id = ${id} limit 1`,
    ) !== undefined
  );
}

/** Every comment of a member who is leaving (decision 113), inside the deletion's transaction. */
export function removeCommentsOf(tx: Tx, userId: number): void {
  const ids = tx
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.authorId, userId))
    .all();
  for (const { id } of ids) removeComment(tx, id);
}

/** The most earlier texts a comment's history shows, newest first. */
const HISTORY_SHOWN = 100;

/** A comment's text now and before each edit, for curators. */
export function commentHistory(
  deps: Pick<ConversationDeps, "db" | "artifactStore" | "discussions">,
  curator: Writer,
  input: { id: number },
): CommentHistory {
  const row = visibleComment(deps, curator, input.id);
  if (row.status === "deleted") throw commentNotFound();
  const earlier = deps.db
    .select({
      body: commentRevisions.body,
      writtenAt: commentRevisions.writtenAt,
      replacedAt: commentRevisions.replacedAt,
    })
    .from(commentRevisions)
    .where(eq(commentRevisions.commentId, row.id))
    .orderBy(desc(commentRevisions.id))
    .limit(HISTORY_SHOWN)
    .all();
  return {
    current: row.body,
    earlier: earlier.map((item) => ({
      body: item.body,
      writtenAt: item.writtenAt.getTime(),
      replacedAt: item.replacedAt.getTime(),
    })),
  };
}
