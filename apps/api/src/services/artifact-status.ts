import { eq } from "drizzle-orm";
import { decisionSummary, type ArtifactStatus } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { recordRevision } from "./revisions";

/*
 * The one writer of an artifact's review status (issue 17, decision 051) outside an owner's save:
 * curators' decisions, the automatic hide after spam reports and its undo (issue 28).
 */

type Writer = Pick<AppDatabase, "update" | "select" | "insert">;

export interface StatusChange {
  artifactId: number;
  /** The status it had: a change that keeps it records no revision. */
  from: ArtifactStatus;
  to: "published" | "rejected" | "hidden";
  /** The decision in the revision's summary ("Hidden: Spam", "Unhidden", ...). */
  decision: "approve" | "reject" | "hide" | "unhide";
  /** Why (a review reason's label), for a rejected or hidden artifact. */
  reason: string | null;
  note: string | null;
  /** Who decided: the curator; null for the server itself. */
  actorId: number | null;
  /** A hide by the server after spam reports, which their dismissal undoes. */
  automatic?: boolean;
}

/**
 * Sets the status; when that changes what the artifact shows, the change is a revision of its
 * history (the fields as they are, by the one who decided).
 */
export function setArtifactStatus(tx: Writer, change: StatusChange): void {
  tx.update(artifacts)
    .set(
      change.to === "published"
        ? { status: change.to, statusReason: null, statusNote: null, hiddenAutomatically: false }
        : {
            status: change.to,
            statusReason: change.reason,
            statusNote: change.note,
            hiddenAutomatically: change.automatic ?? false,
          },
    )
    .where(eq(artifacts.id, change.artifactId))
    .run();
  if (change.to === change.from) return;
  recordRevision(tx, {
    artifactId: change.artifactId,
    actorId: change.actorId,
    summary: decisionSummary(change.decision, change.reason),
  });
}
