import { and, eq, isNull, sql } from "drizzle-orm";
import type { ArtifactFields } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { reviewQueue } from "../db/schema";

/*
 * How a member's work enters the review queue, inside the transaction of the write itself
 * (services/artifacts.ts), so that no published or pending change can miss its review.
 */

type Tx = Pick<AppDatabase, "insert" | "update" | "select">;

export function enqueueNewArtifact(
  tx: Tx,
  entry: { artifactId: number; submittedBy: number },
): void {
  tx.insert(reviewQueue)
    .values({ kind: "new", ...entry })
    .run();
}

/** Many new artifacts at once (an import's batch), each with its own "new" entry. */
export function enqueueNewArtifacts(
  tx: Pick<AppDatabase, "insert">,
  artifactIds: number[],
  entry: { submittedBy: number; createdAt: Date },
): void {
  if (artifactIds.length === 0) return;
  tx.insert(reviewQueue)
    .values(artifactIds.map((artifactId) => ({ kind: "new" as const, artifactId, ...entry })))
    .run();
}

/**
 * An edit, with the fields before and after it. A waiting edit (REVIEW_MODE=pre) replaces the
 * artifact's earlier waiting edit, if one is still open, as its next version: a curator decides on
 * the latest text, and only having been shown it.
 */
export function enqueueEdit(
  tx: Tx,
  entry: {
    artifactId: number;
    submittedBy: number;
    before: ArtifactFields;
    proposed: ArtifactFields;
    waiting: boolean;
  },
): void {
  if (entry.waiting) {
    const replaced = tx
      .update(reviewQueue)
      // A new version: a decision made on the proposal it replaces is refused (issue 28).
      .set({ proposed: entry.proposed, version: sql`${reviewQueue.version} + 1` })
      .where(
        and(
          eq(reviewQueue.artifactId, entry.artifactId),
          eq(reviewQueue.kind, "edit"),
          eq(reviewQueue.waiting, true),
          isNull(reviewQueue.decidedAt),
        ),
      )
      .run();
    if (replaced.changes > 0) return;
  }
  tx.insert(reviewQueue)
    .values({ kind: "edit", ...entry })
    .run();
}
