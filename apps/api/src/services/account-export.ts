import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { SessionUser } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifactRevisions, artifacts, likes, reviewQueue, users } from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import { CONVERSATION_SECTIONS } from "./conversation/export";
import { collectionsExportSection } from "./collections/collections";
import { collectionReportsExportSection } from "./collections/reports";
import { keysetSection, nameIfReadable, type ExportSection } from "./export-sections";

export { EXPORT_PAGE_ROWS } from "./export-sections";

/*
 * Download my data (issue 20): one JSON file of everything the account holds, written a page at a
 * time so that a member with thousands of artifacts costs the server one page of memory, not the
 * whole file.
 *
 * The file is { exportedAt, account, <section>: [...] for each of EXPORT_SECTIONS }. A new kind of
 * data a member owns is one more entry in EXPORT_SECTIONS. Nothing of anyone else goes in: no other
 * account's id, name or email, and no one else's report (decisions 034 and 071).
 */

/**
 * The member's artifacts, whole, with their review state and when they were added and last edited:
 * what My Artifacts shows (everything outside the trash), along artifacts_owner_idx.
 */
const artifactsSection = keysetSection("artifacts", 0, (db, userId, after, limit) =>
  db
    .select({
      key: artifacts.id,
      ...reviewedArtifactColumns,
      addedAt: artifacts.addedAt,
      editedAt: artifacts.editedAt,
    })
    .from(artifacts)
    .where(and(eq(artifacts.ownerId, userId), gt(artifacts.id, after), isNull(artifacts.deletedAt)))
    .orderBy(asc(artifacts.id))
    .limit(limit)
    .all(),
);

interface RevisionKey {
  artifactId: number;
  number: number;
}

/**
 * The history of those artifacts: every revision, oldest first per artifact, with the fields as
 * they then were. `byYou` says whether the member saved it; whoever else did (a curator's
 * decision, an edit) is not named, by id or name (decision 071). The artifacts are walked along
 * artifacts_owner_idx and each one's revisions along artifact_revisions_number_idx.
 */
const historySection = keysetSection<RevisionKey>(
  "history",
  { artifactId: 0, number: 0 },
  (db, userId, after, limit) =>
    db
      .select({
        artifactId: artifactRevisions.artifactId,
        number: artifactRevisions.number,
        at: artifactRevisions.at,
        summary: artifactRevisions.summary,
        byYou: sql<boolean>`coalesce(${artifactRevisions.actorId} = ${userId}, 0)`.mapWith(Boolean),
        fields: artifactRevisions.fields,
      })
      .from(artifacts)
      .innerJoin(artifactRevisions, eq(artifactRevisions.artifactId, artifacts.id))
      .where(
        and(
          eq(artifacts.ownerId, userId),
          isNull(artifacts.deletedAt),
          // Redundant with the next condition, but lets the owner index start at the last artifact.
          gte(artifacts.id, after.artifactId),
          or(gt(artifacts.id, after.artifactId), gt(artifactRevisions.number, after.number)),
        ),
      )
      .orderBy(asc(artifacts.id), asc(artifactRevisions.number))
      .limit(limit)
      .all()
      .map((row) => ({ ...row, key: { artifactId: row.artifactId, number: row.number } })),
);

/** The artifacts the member likes, oldest like first. */
const likesSection = keysetSection("likes", 0, (db, userId, after, limit) => {
  const likeId = sql<number>`${likes}.rowid`;
  return db
    .select({
      key: likeId,
      artifactId: likes.artifactId,
      artifactName: nameIfReadable(userId),
      likedAt: likes.likedAt,
    })
    .from(likes)
    .innerJoin(artifacts, eq(artifacts.id, likes.artifactId))
    .where(and(eq(likes.userId, userId), gt(likeId, after)))
    .orderBy(asc(likeId))
    .limit(limit)
    .all();
});

/**
 * The reports the member made, oldest first, and what became of each: open, or upheld or
 * dismissed and when. The curator who decided, and their note, are not in it (decision 071).
 * Along review_queue_submitter_idx.
 */
const reportsSection = keysetSection("reports", 0, (db, userId, after, limit) =>
  db
    .select({
      key: reviewQueue.id,
      artifactId: reviewQueue.artifactId,
      artifactName: nameIfReadable(userId),
      /** A report of a comment (issue 33): the comment's id. */
      commentId: reviewQueue.commentId,
      reason: reviewQueue.reportReason,
      note: reviewQueue.reportNote,
      reportedAt: reviewQueue.createdAt,
      outcome: sql<string>`coalesce(${reviewQueue.decision}, 'open')`,
      decidedAt: reviewQueue.decidedAt,
    })
    .from(reviewQueue)
    .innerJoin(artifacts, eq(artifacts.id, reviewQueue.artifactId))
    .where(
      and(
        eq(reviewQueue.submittedBy, userId),
        gt(reviewQueue.id, after),
        inArray(reviewQueue.kind, ["report", "comment_report"]),
      ),
    )
    .orderBy(asc(reviewQueue.id))
    .limit(limit)
    .all(),
);

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  artifactsSection,
  historySection,
  likesSection,
  reportsSection,
  // Issue 33: comments (with their earlier texts), suggestions, agreements and follows.
  ...CONVERSATION_SECTIONS,
  // Issue 32: the member's own collections with their items and notes.
  collectionsExportSection,
  collectionReportsExportSection,
];

/** The account itself: what the member gave and when they joined; never a hash or a token. */
function accountPart(db: AppDatabase, userId: number) {
  const row = db
    .select({
      email: users.email,
      name: users.name,
      photoUrl: users.photoUrl,
      joinedAt: users.joinedAt,
      role: users.role,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`.mapWith(Boolean),
      signsInWithGoogle: sql<boolean>`${users.googleSubject} is not null`.mapWith(Boolean),
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ?? null;
}

/** The rows of one section as JSON array items, a page per query, yielding between pages. */
async function* sectionItems(
  db: AppDatabase,
  userId: number,
  section: ExportSection,
): AsyncGenerator<string> {
  let first = true;
  for (const rows of section.pages(db, userId)) {
    const items = rows.map((row) => JSON.stringify(row));
    yield `${first ? "" : ","}\n    ${items.join(",\n    ")}`;
    first = false;
    // Other requests are served between pages.
    await nextTurn();
  }
}

/** The whole file as text chunks, for a streamed answer. */
export async function* exportAccountData(
  db: AppDatabase,
  actor: Pick<SessionUser, "id">,
  now: number,
): AsyncGenerator<string> {
  const account = accountPart(db, actor.id);
  yield `{\n  "exportedAt": ${JSON.stringify(new Date(now))},\n  "account": ${JSON.stringify(account)}`;
  for (const section of EXPORT_SECTIONS) {
    yield `,\n  ${JSON.stringify(section.name)}: [`;
    yield* sectionItems(db, actor.id, section);
    yield "\n  ]";
  }
  yield "\n}\n";
}
