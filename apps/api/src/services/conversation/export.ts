import { and, asc, eq, gt, sql } from "drizzle-orm";
import { artifacts, comments, follows, suggestionAgreements, suggestions } from "../../db/schema";
import { keysetSection, nameIfReadable, type ExportSection } from "../export-sections";

/*
 * What Download my data holds of a member's conversation (issue 33): their comments with the texts
 * each had before an edit, their suggestions and what became of them, their agreements and their
 * follows. Others' comments, even replies to theirs, and who decided are not in it.
 */

const commentsSection = keysetSection("comments", 0, (db, userId, after, limit) =>
  db
    .select({
      key: comments.id,
      id: comments.id,
      artifactId: comments.artifactId,
      artifactName: nameIfReadable(userId),
      replyTo: comments.parentId,
      status: comments.status,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      hiddenReason: comments.hiddenReason,
      earlierTexts: sql<string>`(select json_group_array(json_object('body', r.body,
        'writtenAt', r.written_at, 'replacedAt', r.replaced_at))
        from comment_revisions r where r.comment_id = ${comments.id})`.mapWith((value: string) =>
        JSON.parse(value),
      ),
    })
    .from(comments)
    .innerJoin(artifacts, eq(artifacts.id, comments.artifactId))
    .where(and(eq(comments.authorId, userId), gt(comments.id, after)))
    .orderBy(asc(comments.id))
    .limit(limit)
    .all(),
);

const suggestionsSection = keysetSection("suggestions", 0, (db, userId, after, limit) =>
  db
    .select({
      key: suggestions.commentId,
      commentId: suggestions.commentId,
      artifactId: suggestions.artifactId,
      artifactName: nameIfReadable(userId),
      field: suggestions.field,
      before: suggestions.before,
      value: suggestions.value,
      source: suggestions.source,
      status: suggestions.status,
      declineReason: suggestions.declineReason,
      decidedAt: suggestions.decidedAt,
      agreements: sql<number>`(select count(*) from suggestion_agreements a
        where a.suggestion_id = ${suggestions.commentId})`,
    })
    .from(suggestions)
    .innerJoin(comments, eq(comments.id, suggestions.commentId))
    .innerJoin(artifacts, eq(artifacts.id, suggestions.artifactId))
    .where(and(eq(comments.authorId, userId), gt(suggestions.commentId, after)))
    .orderBy(asc(suggestions.commentId))
    .limit(limit)
    .all(),
);

const agreementsSection = keysetSection("agreements", 0, (db, userId, after, limit) =>
  db
    .select({
      key: suggestionAgreements.suggestionId,
      suggestionId: suggestionAgreements.suggestionId,
      artifactId: suggestions.artifactId,
      artifactName: nameIfReadable(userId),
      agreedAt: suggestionAgreements.agreedAt,
    })
    .from(suggestionAgreements)
    .innerJoin(suggestions, eq(suggestions.commentId, suggestionAgreements.suggestionId))
    .innerJoin(artifacts, eq(artifacts.id, suggestions.artifactId))
    .where(
      and(eq(suggestionAgreements.userId, userId), gt(suggestionAgreements.suggestionId, after)),
    )
    .orderBy(asc(suggestionAgreements.suggestionId))
    .limit(limit)
    .all(),
);

const followsSection = keysetSection("follows", 0, (db, userId, after, limit) =>
  db
    .select({
      key: follows.id,
      kind: follows.targetKind,
      targetId: follows.targetId,
      bell: follows.bell,
      email: follows.email,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .where(and(eq(follows.followerId, userId), gt(follows.id, after)))
    .orderBy(asc(follows.id))
    .limit(limit)
    .all(),
);

export const CONVERSATION_SECTIONS: readonly ExportSection[] = [
  commentsSection,
  suggestionsSection,
  agreementsSection,
  followsSection,
];
