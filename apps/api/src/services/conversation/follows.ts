import { and, count, eq, sql } from "drizzle-orm";
import {
  CONVERSATION_MESSAGES,
  FOLLOWS_MAX,
  MESSAGES,
  type ArtifactOwner,
  type CursorPage,
  type FollowInput,
  type FollowItem,
  type FollowState,
  type FollowTarget,
  type FollowingFeedItem,
} from "@artifact-atlas/shared";
import { artifacts, follows, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { artifactColumns } from "../../store/artifact-columns";
import { PUBLIC_ARTIFACT } from "../../store/artifact-visibility";
import { newestFirstPage } from "../cursor-pages";
import { ServiceError } from "../errors";
import { FORMER_MEMBER_EMAIL } from "../former-member";
import { loadCollection } from "../collections/access";
import { publicArtifactOwner, type Tx, type Writer } from "./comments";
import { FOLLOWABLE_COLLECTION } from "./followable-collection";
import { signToken, verifyToken } from "./signing";

/*
 * Following (issue 33): a member follows a public artifact (its discussion), a member who has
 * public artifacts (their new ones) or a public or unlisted curated collection (what is added to
 * it), and chooses per follow the bell, a daily email, or both. The Following feed lists the
 * followed members' public artifacts, newest first.
 */

type FollowDeps = Pick<Deps, "db" | "artifactStore" | "outbox">;

const isPublic = sql.raw(PUBLIC_ARTIFACT);

const isFollowableCollection = sql.raw(FOLLOWABLE_COLLECTION);

/**
 * Refuses a target the member may not follow: NOT_FOUND for an artifact that is not public, for
 * an account that has no public artifact (which following would otherwise name) and for a
 * collection they may not see; BAD_REQUEST for their own account and for a collection they see
 * that tells no one (private, hidden to its members, a saved search).
 */
function assertFollowable(
  tx: Tx,
  store: Deps["artifactStore"],
  follower: Writer,
  target: FollowTarget,
): void {
  if (target.kind === "artifact") {
    publicArtifactOwner(tx, target.id);
    return;
  }
  if (target.kind === "collection") {
    // The same connection, so inside the transaction: the one door that says who sees it.
    const { row } = loadCollection(store, follower, target.id);
    const followable = tx.get<{ found: number } | undefined>(sql`select 1 as found
      from collections where id = ${row.id} and ${isFollowableCollection}`);
    if (!followable) {
      throw new ServiceError("BAD_REQUEST", CONVERSATION_MESSAGES.collectionNotFollowable);
    }
    return;
  }
  if (target.id === follower.id) {
    throw new ServiceError("BAD_REQUEST", CONVERSATION_MESSAGES.followSelf);
  }
  const member = tx.get<{ found: number } | undefined>(sql`select 1 as found from users
    where id = ${target.id} and email != ${FORMER_MEMBER_EMAIL}
      and exists (select 1 from artifacts where owner_id = users.id and ${isPublic})`);
  if (!member) throw new ServiceError("NOT_FOUND", CONVERSATION_MESSAGES.memberNotFound);
}

function followOf(tx: Pick<Tx, "select">, followerId: number, target: FollowTarget) {
  return tx
    .select({ id: follows.id, bell: follows.bell, email: follows.email })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, followerId),
        eq(follows.targetKind, target.kind),
        eq(follows.targetId, target.id),
      ),
    )
    .get();
}

/**
 * Who added a public artifact, to follow them by (the web's Follow beside "Added by"). The id is
 * no secret: a comment's authorId names its author the same way, and the id says only how early
 * the account was made. Not found for an artifact that is not public, and for one of a former
 * member's, who cannot be followed.
 */
export function artifactOwner(deps: Pick<Deps, "db">, input: { id: number }): ArtifactOwner {
  const owner = deps.db.get<ArtifactOwner | undefined>(sql`select id, name from users
    where id = (select owner_id from artifacts where id = ${input.id} and ${isPublic})
      and email != ${FORMER_MEMBER_EMAIL}`);
  if (!owner) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  return owner;
}

/** Whether the member follows the target, how, and whether this site sends mail at all. */
export function followState(deps: FollowDeps, member: Writer, target: FollowTarget): FollowState {
  const found = followOf(deps.db, member.id, target);
  return {
    following: found !== undefined,
    bell: found?.bell ?? false,
    email: found?.email ?? false,
    mailEnabled: deps.outbox !== null,
  };
}

/** Follows a target, or changes how an existing follow tells; at most FOLLOWS_MAX follows. */
export function follow(
  deps: FollowDeps & Pick<Deps, "now">,
  member: Writer,
  input: FollowInput,
): FollowState {
  if (input.channels.email && deps.outbox === null) {
    throw new ServiceError("BAD_REQUEST", CONVERSATION_MESSAGES.mailOff, undefined, "email");
  }
  deps.db.transaction(
    (tx) => {
      assertFollowable(tx, deps.artifactStore, member, input.target);
      const found = followOf(tx, member.id, input.target);
      if (found) {
        tx.update(follows).set(input.channels).where(eq(follows.id, found.id)).run();
        return;
      }
      const held =
        tx.select({ total: count() }).from(follows).where(eq(follows.followerId, member.id)).get()
          ?.total ?? 0;
      if (held >= FOLLOWS_MAX) {
        throw new ServiceError("CONFLICT", CONVERSATION_MESSAGES.followsFull(FOLLOWS_MAX));
      }
      tx.insert(follows)
        .values({
          followerId: member.id,
          targetKind: input.target.kind,
          targetId: input.target.id,
          ...input.channels,
          createdAt: new Date(deps.now()),
        })
        .run();
    },
    { behavior: "immediate" },
  );
  return followState(deps, member, input.target);
}

export function unfollow(deps: FollowDeps, member: Writer, target: FollowTarget): FollowState {
  const removed = deps.db
    .delete(follows)
    .where(
      and(
        eq(follows.followerId, member.id),
        eq(follows.targetKind, target.kind),
        eq(follows.targetId, target.id),
      ),
    )
    .run();
  if (removed.changes === 0)
    throw new ServiceError("NOT_FOUND", CONVERSATION_MESSAGES.followNotFound);
  return followState(deps, member, target);
}

/** The member's follows, newest first, each named when its name may be shown now. */
export function listFollows(
  deps: Pick<Deps, "db">,
  member: Writer,
  input: { cursor?: number | null | undefined; limit: number },
): CursorPage<FollowItem> {
  const name = sql<string | null>`case ${follows.targetKind}
    when 'artifact' then (select artifact_name from artifacts
      where artifacts.id = ${follows.targetId} and ${isPublic})
    when 'member' then (select name from users where users.id = ${follows.targetId})
    when 'collection' then (select title from collections
      where collections.id = ${follows.targetId} and ${isFollowableCollection}) end`;
  const query = deps.db
    .select({
      id: follows.id,
      kind: follows.targetKind,
      targetId: follows.targetId,
      name,
      bell: follows.bell,
      email: follows.email,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .$dynamic();
  return newestFirstPage(query, follows.id, eq(follows.followerId, member.id), input, (row) => ({
    ...row,
    createdAt: row.createdAt.getTime(),
  }));
}

/**
 * The Following feed: the public artifacts of the members one follows, newest first (a small query
 * of its own until the one find() of issue 27 can filter by owners).
 */
export function followingFeed(
  deps: Pick<Deps, "db">,
  member: Writer,
  input: { cursor?: number | null | undefined; limit: number },
): CursorPage<FollowingFeedItem> {
  const query = deps.db
    .select({ ...artifactColumns, ownerName: users.name })
    .from(artifacts)
    .innerJoin(users, eq(users.id, artifacts.ownerId))
    .$dynamic();
  const followed = sql`${artifacts.ownerId} in (select ${follows.targetId} from ${follows}
    where ${follows.followerId} = ${member.id} and ${follows.targetKind} = 'member')
    and ${artifacts.status} = 'published' and ${artifacts.deletedAt} is null`;
  return newestFirstPage(query, artifacts.id, followed, input, (row) => row);
}

/** The key the digest's unsubscribe links are signed with. */
const UNSUBSCRIBE_KEY = "unsubscribe";

/**
 * The token of an unsubscribe link: it turns off the daily email of one follow, or of every
 * follow of the member when `followId` is null.
 */
export function unsubscribeToken(
  deps: Pick<Deps, "db">,
  userId: number,
  followId: number | null,
): string {
  return signToken(deps.db, UNSUBSCRIBE_KEY, `${userId}-${followId ?? 0}`);
}

/**
 * An unsubscribe link, opened without signing in: the daily email stops for what it names. A
 * follow left with neither the bell nor the email is removed. Using a link twice is fine.
 */
export function unsubscribe(deps: Pick<Deps, "db">, input: { token: string }): { message: string } {
  const payload = verifyToken(deps.db, UNSUBSCRIBE_KEY, input.token);
  const match = payload === null ? null : /^(\d+)-(\d+)$/.exec(payload);
  if (!match) throw new ServiceError("BAD_REQUEST", CONVERSATION_MESSAGES.unsubscribeInvalid);
  const userId = Number(match[1]);
  const followId = Number(match[2]);
  deps.db.transaction((tx) => {
    const mine = eq(follows.followerId, userId);
    const which = followId === 0 ? mine : and(mine, eq(follows.id, followId));
    tx.update(follows).set({ email: false }).where(which).run();
    tx.delete(follows)
      .where(and(mine, eq(follows.bell, false), eq(follows.email, false)))
      .run();
  });
  return { message: CONVERSATION_MESSAGES.unsubscribed };
}
