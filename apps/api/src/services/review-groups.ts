import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  inArray,
  isNull,
  lte,
  max,
  min,
  sql,
} from "drizzle-orm";
import {
  decisionSummary,
  MESSAGES,
  NEW_ACCOUNT_REPORTS_BATCH,
  WAITING_IMPORTS_SHOWN,
  type ImportDecisionInput,
  type ImportDecisionResult,
  type NewAccountReports,
  type SessionUser,
  type WaitingImport,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import {
  artifactRevisions,
  artifacts,
  importedArtifacts,
  imports,
  notifications,
  reviewQueue,
  users,
} from "../db/schema";
import { appendAudit } from "./audit";
import type { RequestContext } from "./artifacts";
import { ServiceError } from "./errors";
import { importRow, newAccountReport } from "./review";
import { listedReason } from "./review-reasons";
import { recordDecisionRevisions } from "./revisions";

/*
 * The queue's two groups, each decided at once (issue 28): an import's rows (5,000 clicks for one
 * file before), bound to what the curator was shown, and the reports from new accounts, which a
 * burst from throwaway accounts fills.
 */

type Curator = Pick<SessionUser, "id">;
type Tx = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Rows per statement of a batch: far below SQLite's variable limit. */
const BATCH = 500;

const openEntry = and(isNull(reviewQueue.decidedAt), isNull(artifacts.deletedAt));

/** The newest revision of the entry's artifact. */
const newestRevisionId = sql<number>`(select max(${artifactRevisions.id}) from ${artifactRevisions}
  where ${artifactRevisions.artifactId} = ${reviewQueue.artifactId})`;

/** The queue's two groups as its head shows them: the imports waiting, the new accounts' reports. */
export function reviewGroups(
  db: AppDatabase,
  reader: Curator,
): { imports: WaitingImport[]; newAccountReports: NewAccountReports | null } {
  return { imports: waitingImports(db, reader), newAccountReports: newAccountReports(db) };
}

/**
 * Imports with rows waiting, oldest first: how many entries wait, and the newest revision among
 * their artifacts, which a decision sends back (any edit, decision or removal moves one of them).
 */
function waitingImports(db: AppDatabase, reader: Curator): WaitingImport[] {
  const rows = db
    .select({
      importId: importedArtifacts.importId,
      waiting: count(),
      lastRevisionId: sql<number | null>`max(${newestRevisionId})`,
      first: min(reviewQueue.id),
    })
    .from(reviewQueue)
    .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
    .innerJoin(importedArtifacts, eq(importedArtifacts.artifactId, reviewQueue.artifactId))
    .where(and(openEntry, importRow))
    .groupBy(importedArtifacts.importId)
    .orderBy(asc(min(reviewQueue.id)))
    .limit(WAITING_IMPORTS_SHOWN)
    .all();
  return rows.flatMap((row) => {
    const found = db
      .select({
        fileName: imports.fileName,
        ownerId: imports.ownerId,
        importedAt: imports.importedAt,
        importerName: users.name,
      })
      .from(imports)
      .leftJoin(users, eq(users.id, imports.ownerId))
      .where(eq(imports.id, row.importId))
      .get();
    if (!found) return [];
    return [
      {
        importId: row.importId,
        fileName: found.fileName,
        importerName: found.importerName,
        importedAt: found.importedAt.getTime(),
        waiting: row.waiting,
        lastRevisionId: row.lastRevisionId ?? 0,
        ownImport: found.ownerId === reader.id,
      },
    ];
  });
}

/**
 * One decision on every row of an import still waiting: approve publishes them, reject rejects
 * them with a reason from the list. Refused when the rows are not those the curator was shown
 * (their number or newest revision moved: CONFLICT), for the importer or for anyone who sent one
 * of the entries (FORBIDDEN). One notification to the importer and one audit line, whatever the
 * number of rows; each artifact gains its "Approved" or "Rejected" revision.
 */
export function decideImport(
  db: AppDatabase,
  curator: Curator,
  input: ImportDecisionInput,
  context: RequestContext,
): ImportDecisionResult {
  return db.transaction(
    (tx) => {
      const found = tx
        .select({ ownerId: imports.ownerId })
        .from(imports)
        .where(eq(imports.id, input.importId))
        .get();
      if (!found) throw new ServiceError("NOT_FOUND", MESSAGES.importNotWaiting);
      if (found.ownerId === curator.id) {
        throw new ServiceError("FORBIDDEN", MESSAGES.ownArtifactDecision);
      }
      const rows = tx
        .select({
          id: reviewQueue.id,
          artifactId: reviewQueue.artifactId,
          submittedBy: reviewQueue.submittedBy,
          ownerId: artifacts.ownerId,
          revisionId: newestRevisionId,
        })
        .from(reviewQueue)
        .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
        .innerJoin(importedArtifacts, eq(importedArtifacts.artifactId, reviewQueue.artifactId))
        .where(and(openEntry, importRow, eq(importedArtifacts.importId, input.importId)))
        .all();
      if (rows.length === 0) throw new ServiceError("NOT_FOUND", MESSAGES.importNotWaiting);
      const lastRevisionId = Math.max(...rows.map((row) => row.revisionId));
      if (rows.length !== input.waiting || lastRevisionId !== input.lastRevisionId) {
        throw new ServiceError("CONFLICT", MESSAGES.importChanged);
      }
      if (rows.some((row) => row.submittedBy === curator.id || row.ownerId === curator.id)) {
        throw new ServiceError("FORBIDDEN", MESSAGES.ownEntryDecision);
      }
      const reason = input.decision === "reject" ? listedReason(tx, input.reason) : null;
      const note = input.note ?? null;
      const status = input.decision === "approve" ? "published" : "rejected";
      const artifactIds = [...new Set(rows.map((row) => row.artifactId))];
      closeEntries(tx, rows, {
        decidedAt: new Date(context.now),
        decidedBy: curator.id,
        decision: input.decision,
        decisionReason: reason,
        decisionNote: note,
      });
      forEachBatch(artifactIds, (batch) =>
        tx
          .update(artifacts)
          .set({ status, statusReason: reason, statusNote: note, hiddenAutomatically: false })
          .where(inArray(artifacts.id, batch))
          .run(),
      );
      recordDecisionRevisions(tx, artifactIds, {
        actorId: curator.id,
        summary: decisionSummary(input.decision, reason),
      });
      tx.insert(notifications)
        .values({
          userId: found.ownerId,
          kind: input.decision === "approve" ? "import_approved" : "import_rejected",
          importId: input.importId,
          reason,
        })
        .run();
      appendAudit(tx, {
        actorId: curator.id,
        action: input.decision === "approve" ? "import.approve" : "import.reject",
        subjectUserId: found.ownerId,
        requestId: context.requestId,
        details: {
          import: String(input.importId),
          entries: String(rows.length),
          artifacts: String(artifactIds.length),
          ...(reason ? { reason } : {}),
        },
      });
      return { importId: input.importId, decision: input.decision, decided: rows.length };
    },
    { behavior: "immediate" },
  );
}

/** The open reports from new accounts as one group; null when there are none. */
function newAccountReports(db: AppDatabase): NewAccountReports | null {
  const row = db
    .select({
      reports: count(),
      accounts: countDistinct(reviewQueue.submittedBy),
      artifacts: countDistinct(reviewQueue.artifactId),
      firstAt: min(reviewQueue.createdAt),
      lastAt: max(reviewQueue.createdAt),
      upTo: max(reviewQueue.id),
    })
    .from(reviewQueue)
    .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
    .where(and(openEntry, newAccountReport))
    .get();
  if (!row || row.reports === 0 || !row.firstAt || !row.lastAt || !row.upTo) return null;
  return {
    reports: row.reports,
    accounts: row.accounts,
    artifacts: row.artifacts,
    firstAt: row.firstAt.getTime(),
    lastAt: row.lastAt.getTime(),
    upTo: row.upTo,
  };
}

/**
 * Dismisses the open reports from new accounts up to `upTo` (the newest the curator was shown),
 * at most NEW_ACCOUNT_REPORTS_BATCH at a time, leaving any about the curator's own artifacts or
 * sent by them for another curator. Their reporters are told; one audit line records it. None of
 * them counted towards an automatic hide, so no hide is undone.
 */
export function dismissNewAccountReports(
  db: AppDatabase,
  curator: Curator,
  input: { upTo: number },
  context: RequestContext,
): { dismissed: number; remaining: number } {
  return db.transaction(
    (tx) => {
      const mayDecide = and(
        openEntry,
        newAccountReport,
        lte(reviewQueue.id, input.upTo),
        sql`${artifacts.ownerId} != ${curator.id}`,
        sql`coalesce(${reviewQueue.submittedBy}, 0) != ${curator.id}`,
      );
      const rows = tx
        .select({
          id: reviewQueue.id,
          artifactId: reviewQueue.artifactId,
          reporterId: reviewQueue.submittedBy,
        })
        .from(reviewQueue)
        .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
        .where(mayDecide)
        .orderBy(asc(reviewQueue.id))
        .limit(NEW_ACCOUNT_REPORTS_BATCH)
        .all();
      closeEntries(tx, rows, {
        decidedAt: new Date(context.now),
        decidedBy: curator.id,
        decision: "dismiss",
        decisionReason: null,
        decisionNote: null,
      });
      const notices = rows.flatMap((row) =>
        row.reporterId === null
          ? []
          : [
              {
                userId: row.reporterId,
                kind: "report_dismissed" as const,
                artifactId: row.artifactId,
              },
            ],
      );
      forEachBatch(notices, (batch) => tx.insert(notifications).values(batch).run());
      if (rows.length > 0) {
        appendAudit(tx, {
          actorId: curator.id,
          action: "report.dismiss_new_accounts",
          requestId: context.requestId,
          details: {
            reports: String(rows.length),
            accounts: String(new Set(rows.map((row) => row.reporterId)).size),
            upTo: String(input.upTo),
          },
        });
      }
      const remaining =
        tx
          .select({ total: count() })
          .from(reviewQueue)
          .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
          .where(mayDecide)
          .get()?.total ?? 0;
      return { dismissed: rows.length, remaining };
    },
    { behavior: "immediate" },
  );
}

/** Decides the given open entries, a batch per statement. */
function closeEntries(
  tx: Tx,
  rows: readonly { id: number }[],
  decided: {
    decidedAt: Date;
    decidedBy: number;
    decision: "approve" | "reject" | "dismiss";
    decisionReason: string | null;
    decisionNote: string | null;
  },
): void {
  forEachBatch(
    rows.map((row) => row.id),
    (batch) =>
      tx
        .update(reviewQueue)
        .set(decided)
        .where(and(inArray(reviewQueue.id, batch), isNull(reviewQueue.decidedAt)))
        .run(),
  );
}

function forEachBatch<Item>(items: readonly Item[], write: (batch: Item[]) => void): void {
  for (let start = 0; start < items.length; start += BATCH) {
    write(items.slice(start, start + BATCH));
  }
}
