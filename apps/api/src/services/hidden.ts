import { and, eq, isNull, sql } from "drizzle-orm";
import {
  MESSAGES,
  type HiddenPage,
  type SessionUser,
  type UnhideInput,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, reviewQueue } from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import { setArtifactStatus } from "./artifact-status";
import { appendAudit } from "./audit";
import type { RequestContext } from "./artifacts";
import { newestFirstPage } from "./cursor-pages";
import { ServiceError } from "./errors";
import { notify } from "./notifications";
import { listedReason } from "./review-reasons";

/*
 * Hidden artifacts (issue 29): the curators' list of them, and Unhide, from the artifact's page or
 * the review screen, whether or not anything waits in the queue about it.
 */

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

const HIDDEN = sql`${artifacts.status} = 'hidden' and ${artifacts.deletedAt} is null`;

/** Hidden artifacts outside the trash, newest first (artifacts_hidden_idx), with why. */
export function hiddenArtifactsPage(
  db: AppDatabase,
  input: { cursor?: number | undefined; limit: number },
): HiddenPage {
  const query = db
    .select({
      id: artifacts.id,
      artifact: reviewedArtifactColumns,
      automatic: artifacts.hiddenAutomatically,
    })
    .from(artifacts)
    .$dynamic();
  return newestFirstPage(query, artifacts.id, HIDDEN, input, ({ artifact, automatic }) => ({
    artifact,
    automatic,
  }));
}

/**
 * A curator publishes a hidden artifact again, with a reason from the list. Refuses: an unknown or
 * trashed artifact (NOT_FOUND), the curator's own (FORBIDDEN), one that is not hidden (CONFLICT).
 */
export function unhideArtifact(
  db: AppDatabase,
  curator: Pick<SessionUser, "id">,
  input: UnhideInput,
  context: RequestContext,
): { id: number } {
  return db.transaction(
    (tx) => {
      const artifact = tx
        .select({ ownerId: artifacts.ownerId, status: artifacts.status })
        .from(artifacts)
        .where(and(eq(artifacts.id, input.id), isNull(artifacts.deletedAt)))
        .get();
      if (!artifact) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
      if (artifact.ownerId === curator.id) {
        throw new ServiceError("FORBIDDEN", MESSAGES.ownArtifactDecision);
      }
      if (artifact.status !== "hidden") throw new ServiceError("CONFLICT", MESSAGES.notHidden);
      const reason = listedReason(tx, input.reason);
      unhideWithin(tx, {
        artifactId: input.id,
        ownerId: artifact.ownerId,
        curatorId: curator.id,
        reason,
        note: input.note ?? null,
        at: context.now,
      });
      appendAudit(tx, {
        actorId: curator.id,
        action: "artifact.unhide",
        artifactId: input.id,
        subjectUserId: artifact.ownerId,
        requestId: context.requestId,
        details: { reason },
      });
      return { id: input.id };
    },
    { behavior: "immediate" },
  );
}

/**
 * Publishes a hidden artifact inside a curator's decision, and settles the open spam reports its
 * hide stood on: they are decided with it ("unhide"), so that they cannot hide it again at once.
 * Other reports stay open. The owner and those reporters are told.
 */
export function unhideWithin(
  tx: Tx,
  unhide: {
    artifactId: number;
    ownerId: number;
    curatorId: number;
    reason: string | null;
    note: string | null;
    /** The decision's moment by the app's clock (deps.now). */
    at: number;
  },
): void {
  setArtifactStatus(tx, {
    artifactId: unhide.artifactId,
    from: "hidden",
    to: "published",
    decision: "unhide",
    reason: unhide.reason,
    note: unhide.note,
    actorId: unhide.curatorId,
  });
  const settled = tx
    .update(reviewQueue)
    .set({
      decidedAt: new Date(unhide.at),
      decidedBy: unhide.curatorId,
      decision: "unhide",
      decisionReason: unhide.reason,
      decisionNote: unhide.note,
    })
    .where(
      and(
        eq(reviewQueue.artifactId, unhide.artifactId),
        eq(reviewQueue.kind, "report"),
        eq(reviewQueue.reportReason, "spam"),
        isNull(reviewQueue.decidedAt),
      ),
    )
    .returning({ reporterId: reviewQueue.submittedBy })
    .all();
  for (const { reporterId } of settled) {
    if (reporterId === null) continue;
    notify(tx, { userId: reporterId, kind: "report_dismissed", artifactId: unhide.artifactId });
  }
  notify(tx, { userId: unhide.ownerId, kind: "artifact_unhidden", artifactId: unhide.artifactId });
}
