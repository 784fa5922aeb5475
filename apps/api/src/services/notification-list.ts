import { and, count, eq, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  CONVERSATION_NOTIFICATION_KINDS,
  notificationText,
  type CursorPage,
  type markNotificationsReadInput,
  type NotificationItem,
  type notificationsQuery,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, collections, imports, notifications } from "../db/schema";
import { FOLLOWABLE_COLLECTION } from "./conversation/followable-collection";
import { newestFirstPage } from "./cursor-pages";

/*
 * The bell: a person's own notifications, counted, listed and marked read. Every function takes
 * the reader's id from the session; no one reads or marks another's notifications.
 */

export type NotificationsInput = z.output<typeof notificationsQuery>;
export type MarkReadInput = z.output<typeof markNotificationsReadInput>;

/** Read notifications are kept this long, then removed by the clean-up (decision 062). */
export const READ_NOTIFICATION_DAYS = 90;
/** The most notifications kept per person, read or not: the oldest past it are removed. */
export const NOTIFICATIONS_KEPT_PER_PERSON = 200;
/** How often the server runs the clean-up. */
export const NOTIFICATION_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** How many of the reader's notifications are unread: counted in notifications_unread_idx alone. */
export function unreadCount(db: AppDatabase, readerId: number): number {
  const row = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, readerId), isNull(notifications.readAt)))
    .get();
  return row?.n ?? 0;
}

/** The reader's notifications, newest first, a page at a time, each in words. */
export function listNotifications(
  db: AppDatabase,
  readerId: number,
  input: NotificationsInput,
): CursorPage<NotificationItem> {
  const query = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      artifactId: notifications.artifactId,
      // Someone else's artifact is named only while the reader may see it (issue 33).
      artifactName: sql<string | null>`case
        when ${notifications.kind} in (${sql.join(
          CONVERSATION_NOTIFICATION_KINDS.map((kind) => sql`${kind}`),
          sql`, `,
        )}) and ${artifacts.ownerId} != ${readerId}
          and not (${artifacts.status} = 'published' and ${artifacts.deletedAt} is null)
        then null else ${artifacts.artifactName} end`,
      importId: notifications.importId,
      commentId: notifications.commentId,
      // A followed collection is named, and pointed at, only while it can be followed (issue 33).
      collectionId: sql<number | null>`case when ${collections.id} is not null
        and ${sql.raw(FOLLOWABLE_COLLECTION)} then ${collections.id} end`,
      collectionTitle: sql<string | null>`case when ${collections.id} is not null
        and ${sql.raw(FOLLOWABLE_COLLECTION)} then ${collections.title} end`,
      importName: imports.fileName,
      reason: notifications.reason,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(artifacts, eq(artifacts.id, notifications.artifactId))
    .leftJoin(imports, eq(imports.id, notifications.importId))
    .leftJoin(collections, eq(collections.id, notifications.collectionId))
    .$dynamic();
  return newestFirstPage(
    query,
    notifications.id,
    eq(notifications.userId, readerId),
    input,
    ({ readAt, createdAt, importName, collectionTitle, ...row }) => ({
      ...row,
      // An artifact the reader may not see now is not pointed at either.
      ...(row.artifactName === null && row.importId === null
        ? { artifactId: null, commentId: null }
        : {}),
      createdAt: createdAt.toISOString(),
      read: readAt !== null,
      // A decision on an import names its file (issue 28), a followed collection its title.
      text: notificationText(
        row.kind,
        row.artifactName ?? importName ?? collectionTitle,
        row.reason,
      ),
    }),
  );
}

/**
 * Marks the reader's unread notifications read, up to and including `upTo` when given; answers
 * how many changed. Walks only the unread ones (notifications_unread_idx).
 */
export function markNotificationsRead(
  db: AppDatabase,
  readerId: number,
  input: MarkReadInput,
  now: number,
): { marked: number } {
  const result = db
    .update(notifications)
    .set({ readAt: new Date(now) })
    .where(
      and(
        eq(notifications.userId, readerId),
        isNull(notifications.readAt),
        input.upTo === undefined ? undefined : lte(notifications.id, input.upTo),
      ),
    )
    .run();
  return { marked: result.changes };
}

/**
 * Keeps the notifications bounded (decision 062): removes those read more than
 * READ_NOTIFICATION_DAYS before `now`, and each person's beyond their newest
 * NOTIFICATIONS_KEPT_PER_PERSON. Answers how many went.
 */
export function removeOldNotifications(db: AppDatabase, now: Date): { removed: number } {
  const readBefore = new Date(now.getTime() - READ_NOTIFICATION_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction((tx) => {
    let removed = tx
      .delete(notifications)
      .where(and(isNotNull(notifications.readAt), lt(notifications.readAt, readBefore)))
      .run().changes;
    // Only the few people over the cap are trimmed, each along notifications_user_idx.
    const overCap = tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .groupBy(notifications.userId)
      .having(sql`count(*) > ${NOTIFICATIONS_KEPT_PER_PERSON}`)
      .all();
    for (const { userId } of overCap) {
      removed += tx.run(sql`
        delete from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.id} <= (
          select ${notifications.id} from ${notifications} where ${notifications.userId} = ${userId}
          order by ${notifications.id} desc limit 1 offset ${NOTIFICATIONS_KEPT_PER_PERSON}
        )`).changes;
    }
    return { removed };
  });
}
