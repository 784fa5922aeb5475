import {
  COMMENT_TRUST_DAYS,
  type ArtifactFields,
  type DiscussionComment,
  type DiscussionPage,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { trpc, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import type { SignedInUser } from "../support/users";
import { establish } from "../review/support";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A comment through comments.create: the whole answer, for refusals too. */
export function comment(
  t: TestApp,
  author: SignedInUser,
  artifactId: number,
  body: string,
  parentId?: number,
) {
  return trpc(
    t.app,
    "mutation",
    "comments.create",
    { artifactId, body, ...(parentId === undefined ? {} : { parentId }) },
    author.cookie,
  );
}

/** A comment that must be accepted. */
export async function posted(
  t: TestApp,
  author: SignedInUser,
  artifactId: number,
  body: string,
  parentId?: number,
): Promise<DiscussionComment> {
  const result = await comment(t, author, artifactId, body, parentId);
  if (result.status !== 200) throw new Error(`comments.create: ${result.response.body}`);
  return (result.data as { comment: DiscussionComment }).comment;
}

/** The first page of a discussion as `reader` reads it (nobody signed in without a cookie). */
export async function discussion(
  t: TestApp,
  artifactId: number,
  reader?: SignedInUser,
  input: { cursor?: number; limit?: number } = {},
): Promise<DiscussionPage> {
  const result = await trpc(
    t.app,
    "query",
    "comments.list",
    { id: artifactId, ...input },
    reader?.cookie,
  );
  if (result.status !== 200) throw new Error(`comments.list: ${result.response.body}`);
  return result.data as DiscussionPage;
}

/**
 * An account that is no longer new for its comments: older than COMMENT_TRUST_DAYS, with
 * something a curator approved.
 */
export async function establishForComments(t: TestApp, user: SignedInUser): Promise<void> {
  await establish(t, user);
  t.db.$client
    .prepare("update users set joined_at = ? where id = ?")
    .run(Date.now() - (COMMENT_TRUST_DAYS + 1) * DAY_MS, user.id);
}

/** A member's notifications of the conversation's kinds, oldest first. */
export function conversationNotices(t: TestApp, userId: number) {
  return t.db.$client
    .prepare(
      `select kind, artifact_id as artifactId, comment_id as commentId, reason, read_at as readAt
       from notifications where user_id = ? order by id`,
    )
    .all(userId) as {
    kind: string;
    artifactId: number;
    commentId: number | null;
    reason: string | null;
    readAt: number | null;
  }[];
}

/** Marks every notification of a member read. */
export function readAll(t: TestApp, userId: number): void {
  t.db.$client
    .prepare("update notifications set read_at = ? where user_id = ?")
    .run(Date.now(), userId);
}

/**
 * `count` published comments (replies of `parentId` when given) written straight into the
 * database, faster than the rate limits let one member post them; answers their ids in order.
 */
export function seedComments(
  t: TestApp,
  artifactId: number,
  authorId: number,
  count: number,
  parentId: number | null = null,
): number[] {
  const insert = t.db.$client.prepare(
    `insert into comments (artifact_id, parent_id, author_id, body, html, status, created_at)
     values (?, ?, ?, ?, ?, 'published', ?) returning id`,
  );
  return Array.from({ length: count }, (_, index) => {
    const body = `Comment ${index + 1}`;
    const row = insert.get(
      artifactId,
      parentId,
      authorId,
      body,
      `<p>${body}</p>\n`,
      Date.now(),
    ) as {
      id: number;
    };
    return row.id;
  });
}

/** An artifact that is public whatever REVIEW_MODE says (a curator approved it). */
export async function addPublicArtifact(
  t: TestApp,
  owner: SignedInUser,
  overrides: Partial<ArtifactFields> = {},
): Promise<ReviewedArtifact> {
  const artifact = await addArtifact(t, owner, overrides);
  t.db.$client.prepare("update artifacts set status = 'published' where id = ?").run(artifact.id);
  return { ...artifact, status: "published" };
}
