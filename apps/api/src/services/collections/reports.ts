import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  COLLECTION_MESSAGES,
  MESSAGES,
  REPORTS_SHOWN_PER_COLLECTION,
  reportedCollectionsQuery,
  type CollectionDetail,
  type CollectionModerationInput,
  type CollectionReportInput,
  type ReportedCollectionPage,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { z } from "zod";
import type { ArtifactStore } from "../../store/artifact-store";
import { collectionReports, collections } from "../../db/schema";
import type { Deps } from "../../deps";
import type { RequestContext } from "../artifacts";
import { appendAudit } from "../audit";
import { ServiceError } from "../errors";
import { keysetSection } from "../export-sections";
import { fileReport, isEstablished, type ReportContext } from "../reports";
import { listedReason } from "../review-reasons";
import { findCollectionRow, loadCollection, notFound, type CollectionRow } from "./access";
import { getCollection, summaryOf } from "./collections";
import { recordChange } from "./history";

/*
 * Reports and hiding of collections (issue 32, docs/decisions/123-collections.md). A member
 * reports a public or unlisted collection once while the report is open, within the same report
 * budget as artifacts and comments; a report never hides anything by itself (many throwaway
 * accounts can only fill the curators' list, one line per collection). A curator hides a
 * collection with a reason from the list, or dismisses its reports; hiding or unhiding is in the
 * audit log and the collection's history.
 */

type Curator = Pick<SessionUser, "id" | "role">;

export function reportCollection(
  deps: Pick<Deps, "db" | "artifactStore" | "reportRateLimiters">,
  reporter: Pick<SessionUser, "id" | "role">,
  input: CollectionReportInput,
  context: ReportContext,
): { message: string } {
  const store = deps.artifactStore;
  return fileReport(deps, reporter, context, (tx) => {
    const { row } = loadCollection(store, reporter, input.id);
    if (row.deletedAt !== null || row.status !== "published") throw notFound();
    if (row.visibility === "private" || row.ownerId === reporter.id) {
      throw new ServiceError("BAD_REQUEST", COLLECTION_MESSAGES.notReportable);
    }
    const already = tx
      .select({ id: collectionReports.id })
      .from(collectionReports)
      .where(and(openReportsOf(input.id), eq(collectionReports.reporterId, reporter.id)))
      .get();
    if (already) throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.alreadyReported);
    tx.insert(collectionReports)
      .values({
        collectionId: input.id,
        reporterId: reporter.id,
        reason: input.reason,
        note: input.note ?? null,
        fromNewAccount: !isEstablished(tx, reporter, context.now),
        createdAt: new Date(context.now),
      })
      .run();
    return { message: MESSAGES.reportReceived };
  });
}

function openReportsOf(collectionId: number) {
  return and(eq(collectionReports.collectionId, collectionId), isNull(collectionReports.decidedAt));
}

/**
 * The collections with open reports, the longest waiting first, each with its newest reports:
 * what curators see on the review screen. A collection in the trash waits until it is back.
 */
export function reportedCollections(
  deps: Pick<Deps, "artifactStore">,
  curator: Curator,
  raw: z.input<typeof reportedCollectionsQuery>,
): ReportedCollectionPage {
  const query = reportedCollectionsQuery.parse(raw);
  const store = deps.artifactStore;
  const { db } = store;
  const waiting = db
    .select({
      id: collectionReports.collectionId,
      first: sql<number>`min(${collectionReports.id})`.as("first"),
    })
    .from(collectionReports)
    .innerJoin(collections, eq(collections.id, collectionReports.collectionId))
    .where(and(isNull(collectionReports.decidedAt), isNull(collections.deletedAt)))
    .groupBy(collectionReports.collectionId)
    .as("waiting");
  const total = db.select({ total: count() }).from(waiting).get()?.total ?? 0;
  const page = db
    .select({ id: waiting.id })
    .from(waiting)
    .orderBy(sql`first`)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all();
  const items = page.flatMap(({ id }) => {
    const row = findCollectionRow(store, id);
    if (!row) return [];
    const reports = db
      .select({
        id: collectionReports.id,
        reason: collectionReports.reason,
        note: collectionReports.note,
        fromNewAccount: collectionReports.fromNewAccount,
        createdAt: collectionReports.createdAt,
      })
      .from(collectionReports)
      .where(openReportsOf(id))
      .orderBy(desc(collectionReports.id))
      .limit(REPORTS_SHOWN_PER_COLLECTION)
      .all();
    const reportCount =
      db.select({ total: count() }).from(collectionReports).where(openReportsOf(id)).get()?.total ??
      0;
    return [
      {
        collection: summaryOf(deps.artifactStore, curator, row),
        hiddenReason: row.hiddenReason,
        reportCount,
        reports: reports.map((report) => ({ ...report, createdAt: report.createdAt.getTime() })),
      },
    ];
  });
  return {
    items,
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** A collection a curator may decide about: outside the trash, not their own. */
function decidable(store: ArtifactStore, curator: Curator, id: number): CollectionRow {
  const row = findCollectionRow(store, id);
  if (!row || row.deletedAt !== null) throw notFound();
  if (row.ownerId === curator.id) throw new ServiceError("FORBIDDEN", MESSAGES.ownEntryDecision);
  return row;
}

/** Closes the collection's open reports with the curator's decision. */
function decideReports(
  store: ArtifactStore,
  curator: Curator,
  id: number,
  decision: "hide" | "dismiss",
  now: number,
): number {
  return store.db
    .update(collectionReports)
    .set({ decidedAt: new Date(now), decidedBy: curator.id, decision })
    .where(openReportsOf(id))
    .run().changes;
}

/**
 * A curator hides a collection (only its owner and curators see it, its open reports close) or
 * shows a hidden one again, with a reason from the list; both go to its history and the audit log.
 */
export function moderateCollection(
  deps: Pick<Deps, "artifactStore">,
  curator: Curator,
  input: CollectionModerationInput,
  context: RequestContext,
  action: "hide" | "unhide",
): CollectionDetail {
  const hide = action === "hide";
  const store = deps.artifactStore;
  const { db } = store;
  db.$client.transaction(() => {
    const row = decidable(store, curator, input.id);
    if (hide && row.status === "hidden")
      throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.alreadyHidden);
    if (!hide && row.status !== "hidden")
      throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.notHidden);
    const reason = listedReason(db, input.reason);
    db.update(collections)
      .set(
        hide
          ? { status: "hidden", hiddenReason: reason }
          : { status: "published", hiddenReason: null },
      )
      .where(eq(collections.id, input.id))
      .run();
    const reports: Record<string, string> = hide
      ? { reports: String(decideReports(store, curator, input.id, "hide", context.now)) }
      : {};
    recordChange(store, {
      collectionId: input.id,
      actorId: curator.id,
      action,
      detail: reason,
      at: context.now,
    });
    appendAudit(db, {
      actorId: curator.id,
      action: hide ? "collection.hide" : "collection.unhide",
      subjectUserId: row.ownerId,
      requestId: context.requestId,
      details: {
        collectionId: String(input.id),
        title: row.title,
        reason,
        ...reports,
        ...(input.note ? { note: input.note } : {}),
      },
    });
  })();
  return getCollection(deps.artifactStore, curator, { id: input.id });
}

/** A curator finds nothing to act on: the collection's open reports close, it stays as it is. */
export function dismissCollectionReports(
  store: ArtifactStore,
  curator: Curator,
  input: { id: number },
  context: RequestContext,
): { dismissed: number } {
  const { db } = store;
  return db.$client.transaction(() => {
    const row = decidable(store, curator, input.id);
    const dismissed = decideReports(store, curator, input.id, "dismiss", context.now);
    if (dismissed === 0) throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.noOpenReports);
    appendAudit(db, {
      actorId: curator.id,
      action: "collection.reports_dismiss",
      subjectUserId: row.ownerId,
      requestId: context.requestId,
      details: { collectionId: String(input.id), title: row.title, reports: String(dismissed) },
    });
    return { dismissed };
  })();
}

/**
 * Download my data: the reports the member made of collections, oldest first, and what became of
 * each (open, hide or dismiss, and when). The curator who decided is not in it (decision 071), and
 * the collection is named by its id: it may have become private or hidden since. Along
 * collection_reports_reporter_idx.
 */
export const collectionReportsExportSection = keysetSection(
  "collectionReports",
  0,
  (db, userId, after, limit) =>
    db
      .select({
        key: collectionReports.id,
        collectionId: collectionReports.collectionId,
        reason: collectionReports.reason,
        note: collectionReports.note,
        reportedAt: collectionReports.createdAt,
        outcome: sql<string>`coalesce(${collectionReports.decision}, 'open')`,
        decidedAt: collectionReports.decidedAt,
      })
      .from(collectionReports)
      .where(and(eq(collectionReports.reporterId, userId), gt(collectionReports.id, after)))
      .orderBy(asc(collectionReports.id))
      .limit(limit)
      .all(),
);
