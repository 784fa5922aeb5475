import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { sql, type SQL } from "drizzle-orm";
import { BRAND, DIGEST_LINES_MAX, type NotificationKind } from "@artifact-atlas/shared";
import type { Deps } from "../../deps";
import type { MailMessage } from "../../mail/outbox";
import type { Tx } from "./comments";
import { FOLLOWABLE_COLLECTION } from "./followable-collection";
import { unsubscribeToken } from "./follows";

/*
 * The daily digest (issue 33): what a member's follows with a daily email gathered since their
 * last digest (digest_items, filled where the bell's notices are, and digest_collections, one row
 * a followed collection that gained artifacts), sent at most once a day. It runs
 * off the request path and within the outbox's bound: it hands the outbox mails only while half
 * of the outbox is free (reset links keep the other half), and yields to requests between groups.
 * A group's mails are composed, their lines emptied and their sending recorded in one transaction
 * just before the outbox takes them: every commit waits for the disk (synchronous = FULL) and
 * blocks the event loop meanwhile, so one commit a group instead of two a member is what keeps
 * requests answered during the round (decision 113, 2026-11-28). A mail shows what is public
 * when it is composed, at most half an outbox before it is sent.
 */

const HOUR_MS = 60 * 60 * 1000;
/** A member gets a digest at most this often: daily, checked every hour. */
export const DIGEST_MIN_GAP_MS = 23 * HOUR_MS;
export const DIGEST_CHECK_EVERY_MS = HOUR_MS;
/** Members read per query. */
const MEMBERS_PER_BATCH = 100;
/** Mails composed in one transaction: a commit each, and a few milliseconds of work. */
const MAILS_PER_GROUP = 10;
/** The share of the outbox the digest may fill. */
const OUTBOX_SHARE = 0.5;
/** How long to wait for the outbox to drain below its share. */
const OUTBOX_POLL_MS = 50;

type DigestDeps = Pick<Deps, "db" | "outbox" | "env">;

/**
 * One round: every member with something to tell whose last digest is at least a day old gets one
 * mail. Answers how many were handed to the outbox. Stops early when the outbox refuses (closed).
 */
export async function sendDailyDigests(
  deps: DigestDeps,
  now: number,
  stopped: () => boolean = () => false,
): Promise<{ queued: number }> {
  const { outbox } = deps;
  if (!outbox) return { queued: 0 };
  const room = Math.max(1, Math.floor(outbox.capacity * OUTBOX_SHARE));
  const groupSize = Math.min(MAILS_PER_GROUP, room);
  let after = 0;
  let queued = 0;
  for (;;) {
    // The next members of each table along its key, then of both: the union of two whole
    // tables, sorted again for every batch, cost more than the mails (bench:digest).
    const next = (table: SQL) => sql`select * from (select distinct d.user_id from ${table} d
      where d.user_id > ${after} and not exists (select 1 from digests_sent s
        where s.user_id = d.user_id and s.sent_at > ${now - DIGEST_MIN_GAP_MS})
      order by d.user_id limit ${MEMBERS_PER_BATCH})`;
    const due = deps.db.all<{ userId: number }>(sql`
      select user_id as userId from (${next(sql.raw("digest_items"))}
        union ${next(sql.raw("digest_collections"))})
      order by user_id limit ${MEMBERS_PER_BATCH}`);
    if (due.length === 0) return { queued };
    for (let start = 0; start < due.length; start += groupSize) {
      const group = due.slice(start, start + groupSize).map((member) => member.userId);
      while (outbox.pending + group.length > room && !stopped()) await sleep(OUTBOX_POLL_MS);
      if (stopped()) return { queued };
      for (const mail of composeDigests(deps, group, now)) {
        // Composed and added in the same turn: the outbox has room, and closes only between turns.
        if (!outbox.add(() => mail)) return { queued };
        queued += 1;
      }
      await nextTurn();
    }
    after = due.at(-1)?.userId ?? after;
  }
}

/**
 * The members' digest mails, their digests emptied and recorded as sent, in one transaction.
 * A member with nothing left to tell (or who cannot receive mail) is recorded and gets none.
 */
function composeDigests(deps: DigestDeps, userIds: number[], now: number): MailMessage[] {
  return deps.db.transaction((tx) => {
    const mails: MailMessage[] = [];
    // Followers told by the same addition share a moment: their count is walked once a group.
    const additions: AdditionCounts = new Map();
    for (const userId of userIds) {
      const mail = composeDigest(tx, deps, userId, additions);
      if (mail) mails.push(mail);
      tx.run(sql`insert into digests_sent (user_id, sent_at) values (${userId}, ${now})
        on conflict (user_id) do update set sent_at = excluded.sent_at`);
    }
    return mails;
  });
}

interface DigestLine {
  kind: NotificationKind;
  artifactId: number;
  count: number;
  artifactName: string;
  ownerName: string;
  followId: number;
  followKind: "artifact" | "member";
}

/** A followed collection's additions: how many are public now, of those added since first_at. */
interface CollectionLine {
  collectionId: number;
  title: string;
  count: number;
  followId: number;
}

/** Additions counted within one transaction, by collection and moment ("id:firstAt"). */
type AdditionCounts = Map<string, number>;

/**
 * How many of the collection's items added since `firstAt` are public now: at most 500 rows
 * walked, once per collection and moment in a group of mails.
 */
function additionsSince(
  tx: Tx,
  counts: AdditionCounts,
  collectionId: number,
  firstAt: number,
): number {
  const key = `${collectionId}:${firstAt}`;
  let found = counts.get(key);
  if (found === undefined) {
    found =
      tx.get<{ n: number }>(sql`select count(*) as n from collection_items i
        join artifacts a on a.id = i.artifact_id
        where i.collection_id = ${collectionId} and i.added_at >= ${firstAt}
          and a.status = 'published' and a.deleted_at is null`)?.n ?? 0;
    counts.set(key, found);
  }
  return found;
}

/**
 * A member's digest mail, and their digest emptied: the lines whose artifact is public and whose
 * follow still asks for email. Null when none is left (or the account cannot receive mail).
 */
function composeDigest(
  tx: Tx,
  deps: DigestDeps,
  userId: number,
  additions: AdditionCounts,
): MailMessage | null {
  const member = tx.get<{ email: string; name: string } | undefined>(sql`
      select email, name from users where id = ${userId} and suspended_at is null`);
  const lines = tx.all<DigestLine>(sql`
      select d.kind, d.artifact_id as artifactId, d.count, a.artifact_name as artifactName,
        owner.name as ownerName, f.id as followId, f.target_kind as followKind
      from digest_items d
      join artifacts a on a.id = d.artifact_id and a.status = 'published' and a.deleted_at is null
      join users owner on owner.id = a.owner_id
      join follows f on f.follower_id = d.user_id and f.email = 1 and (
        (d.kind = 'discussion_new' and f.target_kind = 'artifact' and f.target_id = d.artifact_id)
        or (d.kind = 'followed_member_artifact' and f.target_kind = 'member'
          and f.target_id = a.owner_id))
      where d.user_id = ${userId}
      order by d.first_at, d.artifact_id
      limit ${DIGEST_LINES_MAX + 1}`);
  // A collection named only while it can be followed: made private, hidden or trashed, it is
  // not in the mail at all, and additions since removed or no longer public are not counted.
  // At most a mail's lines are counted; one whose additions all went since is left out.
  const collectionLines: CollectionLine[] = tx
    .all<Omit<CollectionLine, "count"> & { firstAt: number }>(
      sql`select collections.id as collectionId, collections.title, f.id as followId,
          d.first_at as firstAt
        from digest_collections d
        join collections on collections.id = d.collection_id and ${sql.raw(FOLLOWABLE_COLLECTION)}
        join follows f on f.follower_id = d.user_id and f.email = 1
          and f.target_kind = 'collection' and f.target_id = collections.id
        where d.user_id = ${userId}
        order by d.first_at, collections.id
        limit ${DIGEST_LINES_MAX + 1}`,
    )
    .map(({ firstAt, ...line }) => ({
      ...line,
      count: additionsSince(tx, additions, line.collectionId, firstAt),
    }))
    .filter((line) => line.count > 0);
  tx.run(sql`delete from digest_items where user_id = ${userId}`);
  tx.run(sql`delete from digest_collections where user_id = ${userId}`);
  if (!member || lines.length + collectionLines.length === 0) return null;
  return digestMail(deps, userId, member, lines, collectionLines);
}

function digestMail(
  deps: DigestDeps,
  userId: number,
  member: { email: string; name: string },
  found: DigestLine[],
  foundCollections: CollectionLine[],
): MailMessage {
  const origin = deps.env.publicOrigin;
  const lines = found.slice(0, DIGEST_LINES_MAX);
  const collectionLines = foundCollections.slice(0, DIGEST_LINES_MAX - lines.length);
  const told = lines.map((line) =>
    line.kind === "discussion_new"
      ? `- ${line.count} new comment${line.count === 1 ? "" : "s"} in the discussion of “${line.artifactName}”:\n  ${origin}/a/${line.artifactId}#discussion`
      : `- ${line.ownerName} added “${line.artifactName}”:\n  ${origin}/a/${line.artifactId}`,
  );
  for (const line of collectionLines) {
    told.push(
      `- ${line.count} artifact${line.count === 1 ? " was" : "s were"} added to the collection “${line.title}”:\n  ${origin}/c/${line.collectionId}`,
    );
  }
  if (found.length + foundCollections.length > lines.length + collectionLines.length) {
    told.push(`- And more: ${origin}/following`);
  }
  const followed = new Map<number, string>();
  for (const line of lines) {
    followed.set(
      line.followId,
      line.followKind === "artifact" ? `“${line.artifactName}”` : line.ownerName,
    );
  }
  for (const line of collectionLines) followed.set(line.followId, `the collection “${line.title}”`);
  const names = [...followed.values()];
  const stops = [...followed].map(
    ([followId, name]) =>
      `Stop these emails about ${name}: ${origin}/unsubscribe#${unsubscribeToken(deps, userId, followId)}`,
  );
  const text = [
    `Hello ${member.name},`,
    "",
    `Here is what happened on ${BRAND} since your last digest:`,
    "",
    ...told,
    "",
    `Why you get this email: you follow ${inWords(names)} on ${BRAND} and chose a daily email for ${names.length === 1 ? "it" : "them"}.`,
    "",
    ...stops,
    `Stop all digest emails: ${origin}/unsubscribe#${unsubscribeToken(deps, userId, null)}`,
    `Choose what you follow (signed in): ${origin}/following`,
    "",
  ].join("\n");
  return { to: member.email, subject: `Your daily digest from ${BRAND}`, text };
}

/** "a", "a and b", "a, b and c". */
function inWords(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1) ?? ""}`;
}
