import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  hasRole,
  MESSAGES,
  REPORT_TRUST_DAYS,
  SPAM_REPORTS_TO_HIDE,
  type ReportInput,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import type { Deps } from "../deps";
import { artifacts, reviewQueue, users } from "../db/schema";
import { assertAccountAndClientAllowed } from "../rate-limit";
import { PUBLIC_ARTIFACT } from "../store/artifact-visibility";
import { setArtifactStatus } from "./artifact-status";
import { appendAudit } from "./audit";
import type { RequestContext } from "./artifacts";
import { ServiceError } from "./errors";
import { notify } from "./notifications";

/*
 * Reports (issue 17, docs/decisions/052; issue 28): anyone signed in reports a public artifact,
 * once while the report is open (a unique index stands behind the check); the report waits in the
 * review queue. Open spam reports from three established accounts hide the artifact at once, until
 * a curator decides; when those reports no longer stand (dismissed, withdrawn, their accounts
 * gone), the hide is undone. Reports from new accounts never hide anything: they wait as one group.
 */

type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a report comes from: the request, and the client's address for its rate limit. */
export interface ReportContext extends RequestContext {
  ip: string;
}

/**
 * A member files a report (of an artifact, a comment or a collection): within the reports' budget
 * per account and per client, in one transaction.
 */
export function fileReport<T>(
  deps: Pick<Deps, "db" | "reportRateLimiters">,
  reporter: Pick<SessionUser, "id">,
  context: ReportContext,
  write: (tx: Tx) => T,
): T {
  assertAccountAndClientAllowed(deps.reportRateLimiters, context.ip, reporter.id);
  return deps.db.transaction(write, { behavior: "immediate" });
}

export function reportArtifact(
  deps: Pick<Deps, "db" | "reportRateLimiters" | "now">,
  reporter: Pick<SessionUser, "id" | "role">,
  input: ReportInput,
  context: ReportContext,
): { entryId: number; message: string } {
  return fileReport(deps, reporter, context, (tx) => {
    const artifact = tx
      .select({ ownerId: artifacts.ownerId })
      .from(artifacts)
      .where(and(eq(artifacts.id, input.id), sql.raw(PUBLIC_ARTIFACT)))
      .get();
    if (!artifact) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
    const already = tx
      .select({ id: reviewQueue.id })
      .from(reviewQueue)
      .where(and(openReports(input.id), eq(reviewQueue.submittedBy, reporter.id)))
      .get();
    if (already) throw new ServiceError("CONFLICT", MESSAGES.alreadyReported);
    const fromNewAccount = !isEstablished(tx, reporter, deps.now());
    const entryId = tx
      .insert(reviewQueue)
      .values({
        kind: "report",
        artifactId: input.id,
        submittedBy: reporter.id,
        reportReason: input.reason,
        reportNote: input.note ?? null,
        fromNewAccount,
      })
      .returning({ id: reviewQueue.id })
      .get().id;
    if (
      input.reason === "spam" &&
      !fromNewAccount &&
      countingSpamReports(tx, input.id) >= SPAM_REPORTS_TO_HIDE
    ) {
      hideAutomatically(tx, { artifactId: input.id, ownerId: artifact.ownerId }, context);
    }
    return { entryId, message: MESSAGES.reportReceived };
  });
}

/** Takes back the reporter's open report about an artifact; an automatic hide may go with it. */
export function withdrawReport(
  db: AppDatabase,
  reporter: Pick<SessionUser, "id">,
  input: { id: number },
  context: RequestContext,
): { message: string } {
  return db.transaction(
    (tx) => {
      const withdrawn = tx
        .delete(reviewQueue)
        .where(and(openReports(input.id), eq(reviewQueue.submittedBy, reporter.id)))
        .returning({ id: reviewQueue.id })
        .get();
      if (!withdrawn) throw new ServiceError("NOT_FOUND", MESSAGES.noOpenReport);
      undoUnfoundedHide(tx, input.id, context, "a spam report was withdrawn");
      return { message: MESSAGES.reportWithdrawn };
    },
    { behavior: "immediate" },
  );
}

/**
 * Deletes every report an account made (it is leaving, decision 072), inside the caller's
 * transaction, and undoes the automatic hides that stood on them.
 */
export function deleteReportsOf(tx: Tx, userId: number, now: number): void {
  const deleted = tx
    .delete(reviewQueue)
    .where(
      and(
        eq(reviewQueue.submittedBy, userId),
        inArray(reviewQueue.kind, ["report", "comment_report"]),
      ),
    )
    .returning({
      artifactId: reviewQueue.artifactId,
      decidedAt: reviewQueue.decidedAt,
      kind: reviewQueue.kind,
    })
    .all();
  // Reports of comments hide nothing by themselves: only the artifacts' reports can undo a hide.
  const reported = new Set(
    deleted.filter((row) => !row.decidedAt && row.kind === "report").map((row) => row.artifactId),
  );
  for (const artifactId of reported) {
    undoUnfoundedHide(tx, artifactId, { requestId: null, now }, "a reporter's account was deleted");
  }
}

/**
 * Undoes the server's hide of an artifact once fewer than SPAM_REPORTS_TO_HIDE of the spam reports
 * that count stay open. A hide by a curator, or a later decision, is left as it is.
 */
export function undoUnfoundedHide(
  tx: Tx,
  artifactId: number,
  context: RequestContext,
  cause: string,
): void {
  const artifact = tx
    .select({
      status: artifacts.status,
      automatic: artifacts.hiddenAutomatically,
      ownerId: artifacts.ownerId,
    })
    .from(artifacts)
    .where(eq(artifacts.id, artifactId))
    .get();
  if (!artifact || artifact.status !== "hidden" || !artifact.automatic) return;
  if (countingSpamReports(tx, artifactId) >= SPAM_REPORTS_TO_HIDE) return;
  setArtifactStatus(tx, {
    artifactId,
    from: "hidden",
    to: "published",
    decision: "unhide",
    reason: null,
    note: null,
    actorId: null,
  });
  appendAudit(tx, {
    actorId: null,
    action: "artifact.unhide",
    artifactId,
    subjectUserId: artifact.ownerId,
    requestId: context.requestId,
    details: { automatic: cause },
  });
  notify(tx, { userId: artifact.ownerId, kind: "artifact_unhidden", artifactId });
}

function openReports(artifactId: number) {
  return and(
    eq(reviewQueue.artifactId, artifactId),
    eq(reviewQueue.kind, "report"),
    isNull(reviewQueue.decidedAt),
  );
}

/** One open report per account, so these are as many established accounts. */
function countingSpamReports(tx: Tx, artifactId: number): number {
  return (
    tx
      .select({ total: count() })
      .from(reviewQueue)
      .where(
        and(
          openReports(artifactId),
          eq(reviewQueue.reportReason, "spam"),
          eq(reviewQueue.fromNewAccount, false),
        ),
      )
      .get()?.total ?? 0
  );
}

/**
 * An established account: a curator or admin, or a member for `days` (REPORT_TRUST_DAYS for
 * reports, COMMENT_TRUST_DAYS for comments) with something a curator approved (a new artifact, an
 * edit, a held comment). Three free accounts made a minute ago are not.
 */
export function isEstablished(
  tx: Pick<AppDatabase, "select">,
  user: Pick<SessionUser, "id" | "role">,
  now: number,
  days = REPORT_TRUST_DAYS,
): boolean {
  if (hasRole(user.role, "curator")) return true;
  const joinedAt = tx
    .select({ joinedAt: users.joinedAt })
    .from(users)
    .where(eq(users.id, user.id))
    .get()?.joinedAt;
  if (!joinedAt || now - joinedAt.getTime() < days * DAY_MS) return false;
  const approved = tx
    .select({ id: reviewQueue.id })
    .from(reviewQueue)
    .where(and(eq(reviewQueue.submittedBy, user.id), eq(reviewQueue.decision, "approve")))
    .limit(1)
    .get();
  return approved !== undefined;
}

/** Hidden by the server itself (no actor), until a curator decides or the reports fall away. */
function hideAutomatically(
  tx: Tx,
  target: { artifactId: number; ownerId: number },
  context: RequestContext,
): void {
  const reason = "Spam";
  setArtifactStatus(tx, {
    artifactId: target.artifactId,
    from: "published",
    to: "hidden",
    decision: "hide",
    reason,
    note: MESSAGES.spamAutoHideNote,
    actorId: null,
    automatic: true,
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
