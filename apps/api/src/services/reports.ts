import { and, count, eq, isNull, sql } from "drizzle-orm";
import {
  decisionSummary,
  MESSAGES,
  SPAM_REPORTS_TO_HIDE,
  type ReportInput,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, reviewQueue } from "../db/schema";
import { PUBLIC_ARTIFACT } from "../store/artifact-visibility";
import { appendAudit } from "./audit";
import type { RequestContext } from "./artifacts";
import { ServiceError } from "./errors";
import { notify } from "./notifications";
import { recordRevision } from "./revisions";

/*
 * Reports (issue 17, docs/decisions/052): anyone signed in reports a public artifact, once while
 * the report is open (a unique index stands behind the check); the report waits in the review
 * queue. Open spam reports from three accounts hide the artifact at once, until a curator decides.
 */

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export function reportArtifact(
  db: AppDatabase,
  reporter: Pick<SessionUser, "id">,
  input: ReportInput,
  context: RequestContext,
): { entryId: number; message: string } {
  return db.transaction(
    (tx) => {
      const artifact = tx
        .select({ ownerId: artifacts.ownerId })
        .from(artifacts)
        .where(and(eq(artifacts.id, input.id), sql.raw(PUBLIC_ARTIFACT)))
        .get();
      if (!artifact) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
      const openReport = and(
        eq(reviewQueue.artifactId, input.id),
        eq(reviewQueue.kind, "report"),
        isNull(reviewQueue.decidedAt),
      );
      const already = tx
        .select({ id: reviewQueue.id })
        .from(reviewQueue)
        .where(and(openReport, eq(reviewQueue.submittedBy, reporter.id)))
        .get();
      if (already) throw new ServiceError("CONFLICT", MESSAGES.alreadyReported);
      const entryId = tx
        .insert(reviewQueue)
        .values({
          kind: "report",
          artifactId: input.id,
          submittedBy: reporter.id,
          reportReason: input.reason,
          reportNote: input.note ?? null,
        })
        .returning({ id: reviewQueue.id })
        .get().id;
      if (input.reason === "spam") {
        // One open report per account, so the open spam reports are as many accounts.
        const spamReports =
          tx
            .select({ total: count() })
            .from(reviewQueue)
            .where(and(openReport, eq(reviewQueue.reportReason, "spam")))
            .get()?.total ?? 0;
        if (spamReports >= SPAM_REPORTS_TO_HIDE) {
          hideForSpam(tx, { artifactId: input.id, ownerId: artifact.ownerId }, context);
        }
      }
      return { entryId, message: MESSAGES.reportReceived };
    },
    { behavior: "immediate" },
  );
}

/** Hidden by the server itself (no actor), pending a curator's decision on the reports. */
function hideForSpam(
  tx: Tx,
  target: { artifactId: number; ownerId: number },
  context: RequestContext,
): void {
  const reason = "Spam";
  tx.update(artifacts)
    .set({ status: "hidden", statusReason: reason, statusNote: MESSAGES.spamAutoHideNote })
    .where(eq(artifacts.id, target.artifactId))
    .run();
  recordRevision(tx, {
    artifactId: target.artifactId,
    actorId: null,
    summary: decisionSummary("hide", reason),
  });
  appendAudit(tx, {
    actorId: null,
    action: "artifact.hide",
    artifactId: target.artifactId,
    subjectUserId: target.ownerId,
    requestId: context.requestId,
    details: { reason, automatic: `${SPAM_REPORTS_TO_HIDE} spam reports` },
  });
  notify(tx, {
    userId: target.ownerId,
    kind: "artifact_hidden",
    artifactId: target.artifactId,
    reason,
  });
}
