import { sql, type SQL } from "drizzle-orm";
import { MENTIONS_NOTIFIED_MAX, type NotificationKind } from "@artifact-atlas/shared";
import type { AppDatabase } from "../../db/client";
import { notifications } from "../../db/schema";
import { PUBLIC_ARTIFACT } from "../../store/artifact-visibility";
import { FOLLOWABLE_COLLECTION } from "./followable-collection";

/*
 * Who hears of what happens in a discussion and among the members one follows (issue 33), inside
 * the transaction of the change itself. The discussion's notices wait unread once per person,
 * kind and artifact: forty comments in an evening are one line in the bell, not forty. A follow
 * with a daily email adds to the person's next digest instead (digest_items, counted).
 */

type Writer = Pick<AppDatabase, "run" | "insert">;

/**
 * Notifies each of `people` (a subquery of user ids) of `kind` about the artifact, unless one of
 * that kind about it is still unread.
 */
function notifyOnce(tx: Writer, people: SQL, kind: NotificationKind, artifactId: number): void {
  tx.run(sql`insert into notifications (user_id, kind, artifact_id)
    select distinct person.id, ${kind}, ${artifactId} from (${people}) as person
    where not exists (select 1 from notifications n
      where n.user_id = person.id and n.read_at is null
        and n.kind = ${kind} and n.artifact_id = ${artifactId})`);
}

/** Adds one to the next digest of each of `people` (a subquery of user ids). */
function addToDigests(
  tx: Writer,
  people: SQL,
  kind: NotificationKind,
  artifact: { artifactId: number; now: number },
): void {
  tx.run(sql`insert into digest_items (user_id, kind, artifact_id, count, first_at)
    select distinct person.id, ${kind}, ${artifact.artifactId}, 1, ${artifact.now} from (${people}) as person
    where true
    on conflict (user_id, kind, artifact_id) do update set count = count + 1`);
}

export interface NewComment {
  commentId: number;
  artifactId: number;
  ownerId: number;
  authorId: number;
  /** A suggested change: its owner hears of it as one, not as a comment. */
  isSuggestion: boolean;
  /** The members it mentions by @name, in order. */
  mentionIds: readonly number[];
  /** The moment it was published, by the app's clock. */
  now: number;
}

/**
 * A comment just published (at once, or when a curator approved it): the owner, everyone who took
 * part in the discussion and the artifact's followers hear of it; the members it mentions too.
 */
export function tellOfNewComment(tx: Writer, comment: NewComment): void {
  const { artifactId, ownerId, authorId } = comment;
  if (ownerId !== authorId) {
    if (comment.isSuggestion) {
      // Once while unread, as comments are: it names the first suggestion, the discussion shows
      // the rest, and a crowd of free accounts cannot fill the owner's bell.
      tx.run(sql`insert into notifications (user_id, kind, artifact_id, comment_id)
        select ${ownerId}, 'suggestion_new', ${artifactId}, ${comment.commentId}
        where not exists (select 1 from notifications
          where user_id = ${ownerId} and read_at is null
            and kind = 'suggestion_new' and artifact_id = ${artifactId})`);
    } else {
      notifyOnce(tx, sql`select ${ownerId} as id`, "comment_new", artifactId);
    }
  }
  const others = sql`and id != ${authorId} and id != ${ownerId}`;
  notifyOnce(
    tx,
    sql`select id from (
      select author_id as id from comments
        where artifact_id = ${artifactId} and status = 'published' and author_id is not null
      union select follower_id as id from follows
        where target_kind = 'artifact' and target_id = ${artifactId} and bell = 1
    ) where true ${others}`,
    "discussion_new",
    artifactId,
  );
  addToDigests(
    tx,
    sql`select follower_id as id from follows
      where target_kind = 'artifact' and target_id = ${artifactId} and email = 1
        and follower_id != ${authorId} and follower_id != ${ownerId}`,
    "discussion_new",
    comment,
  );
  const mentioned = comment.mentionIds
    .filter((id) => id !== authorId)
    .slice(0, MENTIONS_NOTIFIED_MAX);
  if (mentioned.length > 0) {
    notifyOnce(
      tx,
      sql`select id from users where id in (${sql.join(
        mentioned.map((id) => sql`${id}`),
        sql`, `,
      )})`,
      "comment_mention",
      artifactId,
    );
  }
}

/** A followed member's artifact just became public: their followers hear of it. */
export function tellFollowersOfNewArtifact(
  tx: Writer,
  artifact: { artifactId: number; ownerId: number; now: number },
): void {
  tx.run(sql`insert into notifications (user_id, kind, artifact_id)
    select follower_id, 'followed_member_artifact', ${artifact.artifactId} from follows
    where target_kind = 'member' and target_id = ${artifact.ownerId} and bell = 1`);
  addToDigests(
    tx,
    sql`select follower_id as id from follows
      where target_kind = 'member' and target_id = ${artifact.ownerId} and email = 1`,
    "followed_member_artifact",
    artifact,
  );
}

/**
 * Public artifacts were just added to a followed collection (one the follows allow: curated,
 * public or unlisted, shown): its followers but the one who added them hear of it once while
 * unread in the bell, and once in their next digest, however many are added meanwhile. The digest
 * counts the additions when it is composed, so 500 additions are one line of one mail.
 */
export function tellFollowersOfCollectionAdditions(
  tx: Writer & Pick<AppDatabase, "get">,
  addition: { collectionId: number; artifactIds: readonly number[]; actorId: number; now: number },
): void {
  const { collectionId, actorId, now } = addition;
  const told = tx.get<{ told: number } | undefined>(sql`select 1 as told from collections
    where id = ${collectionId} and ${sql.raw(FOLLOWABLE_COLLECTION)}
      and exists (select 1 from artifacts
        where id in (select value from json_each(${JSON.stringify(addition.artifactIds)}))
          and ${sql.raw(PUBLIC_ARTIFACT)})`);
  if (!told) return;
  tx.run(sql`insert into notifications (user_id, kind, collection_id)
    select follower_id, 'followed_collection_artifact', ${collectionId} from follows
    where target_kind = 'collection' and target_id = ${collectionId} and bell = 1
      and follower_id != ${actorId}
      and not exists (select 1 from notifications n
        where n.user_id = follows.follower_id and n.read_at is null
          and n.kind = 'followed_collection_artifact' and n.collection_id = ${collectionId})`);
  tx.run(sql`insert into digest_collections (user_id, collection_id, first_at)
    select follower_id, ${collectionId}, ${now} from follows
    where target_kind = 'collection' and target_id = ${collectionId} and email = 1
      and follower_id != ${actorId}
    on conflict (user_id, collection_id) do nothing`);
}

/** Tells one member about their own comment or suggestion (a decision on it). */
export function tellAuthor(
  tx: Writer,
  notice: {
    userId: number | null;
    kind: NotificationKind;
    artifactId: number;
    commentId: number;
    reason?: string | null;
  },
): void {
  if (notice.userId === null) return;
  tx.insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      artifactId: notice.artifactId,
      commentId: notice.commentId,
      reason: notice.reason ?? null,
    })
    .run();
}
