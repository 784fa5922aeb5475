import type Database from "better-sqlite3";
import type { CommentStatus, SuggestableField, SuggestionStatus } from "@artifact-atlas/shared";

/*
 * A discussion's reads, prepared once with the database (issue 33): a page of threads along
 * comments_threads_idx, and each thread's replies along comments_replies_idx. A held comment is
 * read only by its author and curators; what each viewer sees of a row is comments.ts's to say.
 */

export interface CommentRow {
  id: number;
  artifactId: number;
  parentId: number | null;
  authorId: number | null;
  authorName: string | null;
  status: CommentStatus;
  html: string;
  body: string;
  createdAt: number;
  editedAt: number | null;
  hiddenReason: string | null;
  field: SuggestableField | null;
  before: string | null;
  value: string | null;
  source: string | null;
  baseRevision: number | null;
  suggestionStatus: SuggestionStatus | null;
  ownerAcceptedAt: number | null;
  decidedAt: number | null;
  declineReason: string | null;
  agreements: number;
  agreed: number;
}

const COLUMNS = `c.id, c.artifact_id as artifactId, c.parent_id as parentId,
  c.author_id as authorId, u.name as authorName, c.status, c.html, c.body,
  c.created_at as createdAt, c.edited_at as editedAt, c.hidden_reason as hiddenReason,
  s.field, s.before, s.value, s.source, s.base_revision as baseRevision,
  s.status as suggestionStatus, s.owner_accepted_at as ownerAcceptedAt,
  s.decided_at as decidedAt, s.decline_reason as declineReason,
  case when s.comment_id is null then 0
    else (select count(*) from suggestion_agreements a where a.suggestion_id = c.id) end as agreements,
  case when s.comment_id is null then 0
    else exists (select 1 from suggestion_agreements a
      where a.suggestion_id = c.id and a.user_id = :viewer) end as agreed`;

const FROM = `from comments c
  left join users u on u.id = c.author_id
  left join suggestions s on s.comment_id = c.id`;

/** What a viewer sees: everything but others' held comments (curators see those too). */
const SHOWN = `(c.status != 'held' or c.author_id = :viewer or :curator = 1)`;

/** The parameters every read takes: who reads (0 for nobody signed in), and a page. */
export interface ReadParams {
  viewer: number;
  curator: 0 | 1;
  after: number;
  limit: number;
}

export function prepareDiscussionStatements(sqlite: Database.Database) {
  const threads = sqlite.prepare<ReadParams & { artifactId: number }, CommentRow>(
    `select ${COLUMNS} ${FROM}
     where c.artifact_id = :artifactId and c.parent_id is null and c.id > :after and ${SHOWN}
     order by c.id limit :limit`,
  );
  const replies = sqlite.prepare<ReadParams & { parentId: number }, CommentRow>(
    `select ${COLUMNS} ${FROM}
     where c.parent_id = :parentId and c.id > :after and ${SHOWN}
     order by c.id limit :limit`,
  );
  const one = sqlite.prepare<{ id: number; viewer: number }, CommentRow>(
    `select ${COLUMNS} ${FROM} where c.id = :id`,
  );
  return { threads, replies, one };
}

export type DiscussionStatements = ReturnType<typeof prepareDiscussionStatements>;
