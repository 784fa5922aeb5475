import { and, count, desc, eq, isNotNull, lte, type SQL } from "drizzle-orm";
import {
  MESSAGES,
  RESTORED_FROM_TRASH_SUMMARY,
  TRASH_DAYS,
  type SessionUser,
  type TrashPage,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import { appendAudit } from "./audit";
import type { RequestContext } from "./artifacts";
import { ServiceError } from "./errors";
import { recordRevision } from "./revisions";

/*
 * The trash (issue 17, docs/decisions/050): a deleted artifact keeps its row, id, likes, queue
 * entries and history for TRASH_DAYS; curators and admins restore it, its owner restores their own
 * (issue 29), and the server purges it after (a periodic job, jobs.ts). Every restore and purge is
 * audit-logged.
 */

export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;
/** How often the server purges the trash (issue 17: "at start and every hour"). */
export const TRASH_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** The purge deletes at most this many artifacts per transaction, so no write waits long on it. */
const PURGE_BATCH = 200;

const inTrash = isNotNull(artifacts.deletedAt);

/** A page of the trash, most recently deleted first (artifacts_trash_idx). */
export function trashPage(db: AppDatabase, input: { page: number; limit: number }): TrashPage {
  return trashPageWhere(db, inTrash, input);
}

/**
 * A page of one owner's own trash, most recently deleted first (artifacts_owner_trash_idx): what
 * they deleted in the last TRASH_DAYS, to restore (issue 29).
 */
export function ownTrashPage(
  db: AppDatabase,
  owner: Pick<SessionUser, "id">,
  input: { page: number; limit: number },
): TrashPage {
  return trashPageWhere(db, and(inTrash, eq(artifacts.ownerId, owner.id))!, input);
}

function trashPageWhere(
  db: AppDatabase,
  where: SQL,
  input: { page: number; limit: number },
): TrashPage {
  const total = db.select({ total: count() }).from(artifacts).where(where).get()?.total ?? 0;
  const rows = db
    .select({ artifact: reviewedArtifactColumns, deletedAt: artifacts.deletedAt })
    .from(artifacts)
    .where(where)
    .orderBy(desc(artifacts.deletedAt), desc(artifacts.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit)
    .all();
  return {
    items: rows.map(({ artifact, deletedAt }) => {
      const deleted = deletedAt?.getTime() ?? 0;
      return { artifact, deletedAt: deleted, purgeAt: deleted + TRASH_MS };
    }),
    total,
    page: input.page,
    pageCount: Math.ceil(total / input.limit),
  };
}

/** Back where it was, with its id, likes, status and history; the restore is a revision of it. */
export function restoreArtifact(
  db: AppDatabase,
  curator: Pick<SessionUser, "id">,
  input: { id: number },
  context: RequestContext,
): { id: number } {
  return restoreWhere(db, curator, input, context, inTrash);
}

/**
 * The owner's door beside the curators' (issue 29): their own artifact only, restored exactly as
 * a curator's restore does it. Nothing of the review state changes, so a pending, rejected or
 * hidden artifact comes back as it was: the trash is no way around review. Another's artifact is
 * "not in the trash", as an unknown id is.
 */
export function restoreOwnArtifact(
  db: AppDatabase,
  owner: Pick<SessionUser, "id">,
  input: { id: number },
  context: RequestContext,
): { id: number } {
  return restoreWhere(db, owner, input, context, and(inTrash, eq(artifacts.ownerId, owner.id))!);
}

function restoreWhere(
  db: AppDatabase,
  actor: Pick<SessionUser, "id">,
  input: { id: number },
  context: RequestContext,
  where: SQL,
): { id: number } {
  return db.transaction(
    (tx) => {
      const restored = tx
        .update(artifacts)
        .set({ deletedAt: null })
        .where(and(eq(artifacts.id, input.id), where))
        .returning({ ownerId: artifacts.ownerId })
        .get();
      if (!restored) throw new ServiceError("NOT_FOUND", MESSAGES.notInTrash);
      recordRevision(tx, {
        artifactId: input.id,
        actorId: actor.id,
        summary: RESTORED_FROM_TRASH_SUMMARY,
      });
      appendAudit(tx, {
        actorId: actor.id,
        action: "artifact.restore",
        artifactId: input.id,
        subjectUserId: restored.ownerId,
        requestId: context.requestId,
      });
      return { id: input.id };
    },
    { behavior: "immediate" },
  );
}

/**
 * Deletes for good what has been in the trash for TRASH_DAYS at `now`, with its likes, queue
 * entries and notifications (ON DELETE CASCADE); the audit log keeps a line for each.
 */
export function purgeExpiredTrash(db: AppDatabase, now: number): { purged: number } {
  const cutoff = new Date(now - TRASH_MS);
  let purged = 0;
  for (;;) {
    const batch = db.transaction(
      (tx) => {
        const expired = tx
          .select({ id: artifacts.id, ownerId: artifacts.ownerId })
          .from(artifacts)
          .where(and(inTrash, lte(artifacts.deletedAt, cutoff)))
          .limit(PURGE_BATCH)
          .all();
        for (const artifact of expired) {
          tx.delete(artifacts).where(eq(artifacts.id, artifact.id)).run();
          appendAudit(tx, {
            actorId: null,
            action: "artifact.purge",
            artifactId: artifact.id,
            subjectUserId: artifact.ownerId,
          });
        }
        return expired.length;
      },
      { behavior: "immediate" },
    );
    purged += batch;
    if (batch < PURGE_BATCH) return { purged };
  }
}
