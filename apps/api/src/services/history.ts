import { and, desc, eq, lte } from "drizzle-orm";
import {
  hasRole,
  editSummary,
  MESSAGES,
  pickArtifactFields,
  restoredSummary,
  type ArtifactDetail,
  type Revision,
  type RevisionComparison,
  type RevisionSummary,
  type SessionUser,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifactRevisions, artifacts, users } from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import type { ArtifactStore } from "../store/artifact-store";
import {
  getArtifact,
  isReviewedChange,
  mayEdit,
  writtenColumns,
  type ReviewContext,
} from "./artifacts";
import { appendAudit } from "./audit";
import { imagesOf, imageViewsOf, writeImages } from "./artifact-images";
import { assertImagesAvailable } from "./images/uploads";
import { ServiceError } from "./errors";
import { enqueueEdit } from "./review-entries";
import { diffFields } from "./revision-diff";
import { fieldsAsKept, latestRevisionNumber, recordRevision } from "./revisions";
import { assertMaySeeArtifact, type Viewer } from "./visibility";

/*
 * Reading an artifact's history and restoring a version of it (issue 17). Every read asks
 * assertMaySeeArtifact first: whoever may not see the artifact may not see its past either.
 */

type Reader = Pick<AppDatabase, "select">;

const summaryColumns = {
  number: artifactRevisions.number,
  at: artifactRevisions.at,
  summary: artifactRevisions.summary,
  authorName: users.name,
};

function toSummary(row: { number: number; at: Date; summary: string; authorName: string | null }) {
  return { ...row, at: row.at.getTime() } satisfies RevisionSummary;
}

/**
 * A slice of the history, newest first, and how many revisions there are. Numbers run 1…total
 * without gaps (revisions are never removed on their own), so a slice is a range of numbers read
 * along the (artifact, number) index, however deep.
 */
export function listRevisions(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number; limit: number; offset: number },
): { items: RevisionSummary[]; total: number } {
  assertMaySeeArtifact(store, viewer, input.id);
  const total = latestRevisionNumber(store.db, input.id);
  const newest = total - input.offset;
  if (newest < 1) return { items: [], total };
  const rows = store.db
    .select(summaryColumns)
    .from(artifactRevisions)
    .leftJoin(users, eq(users.id, artifactRevisions.actorId))
    .where(and(eq(artifactRevisions.artifactId, input.id), lte(artifactRevisions.number, newest)))
    .orderBy(desc(artifactRevisions.number))
    .limit(input.limit)
    .all();
  return { items: rows.map(toSummary), total };
}

/** One revision with the whole artifact as it then was. */
export function getRevision(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number; number: number },
): Revision {
  assertMaySeeArtifact(store, viewer, input.id);
  return readRevision(store.db, input.id, input.number);
}

/** Two revisions (either may be the older) and what changed from `from` to `to`, field by field. */
export function compareRevisions(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number; from: number; to: number },
): RevisionComparison {
  assertMaySeeArtifact(store, viewer, input.id);
  const from = readRevision(store.db, input.id, input.from);
  const to = readRevision(store.db, input.id, input.to);
  return { from, to, changes: diffFields(from.fields, to.fields) };
}

/**
 * The artifact and the number of its newest revision, read together: what the edit form starts
 * from, and sends back as its base revision; and whether the viewer may save it (issue 29: the
 * form says so before they type).
 */
export function artifactForEditing(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number },
): { artifact: ArtifactDetail; revision: number; mayEdit: boolean } {
  return store.db.transaction((tx) => ({
    artifact: getArtifact(store, viewer, input),
    revision: latestRevisionNumber(tx, input.id),
    mayEdit: mayEdit(store, viewer, input.id),
  }));
}

/** The artifact's owner, curators and admins may restore a version of it. */
export function mayRestore(
  store: ArtifactStore,
  actor: Pick<SessionUser, "id" | "role">,
  artifactId: number,
): boolean {
  if (hasRole(actor.role, "curator")) return true;
  return store.statements.ownerOf.get({ id: artifactId })?.ownerId === actor.id;
}

/**
 * Puts the fields of revision `number` back as a NEW revision, "Restored version N": the past is
 * never rewritten. The owner, curators and admins only; audit-logged in the same transaction. A
 * member's restore is a member's edit and goes through review as one (decision 079): queued, and
 * in REVIEW_MODE=pre, for a published artifact, it waits (`waiting`) and nothing is written.
 */
export function restoreRevision(
  store: ArtifactStore,
  actor: Pick<SessionUser, "id" | "role">,
  input: { id: number; number: number },
  context: ReviewContext,
): { artifact: ArtifactDetail; revision: number; waiting: boolean } {
  const done = store.db.transaction(
    (tx) => {
      assertMaySeeArtifact(store, actor, input.id);
      if (!mayRestore(store, actor, input.id)) {
        throw new ServiceError("FORBIDDEN", MESSAGES.restoreNotAllowed);
      }
      const restored = readRevision(tx, input.id, input.number);
      // An uploaded image the version shows may have been pruned since (pnpm images:prune).
      assertImagesAvailable(tx, restored.fields.images);
      const current = store.statements.reviewedById.get({ id: input.id });
      if (!current) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
      const { ownerId: _ownerId, ...row } = current;
      const shown = { ...row, images: imagesOf(tx, input.id) };
      // A member's restore that changes something is a member's edit (restoring the version the
      // artifact shows changes nothing, and is not queued).
      const reviewed =
        isReviewedChange(actor, current.status) &&
        editSummary(pickArtifactFields(shown), restored.fields) !== null;
      const edit = {
        artifactId: input.id,
        submittedBy: actor.id,
        before: pickArtifactFields(shown),
        proposed: restored.fields,
      };
      if (reviewed && current.status === "published" && context.reviewMode === "pre") {
        enqueueEdit(tx, { ...edit, waiting: true });
        return { artifact: row, revision: latestRevisionNumber(tx, input.id), waiting: true };
      }
      // A member's restore of an artifact that is not published resubmits it, as an edit does.
      const resubmitted = reviewed && current.status !== "published";
      const artifact = tx
        .update(artifacts)
        .set({
          ...writtenColumns(restored.fields),
          ...(resubmitted ? { status: "pending", statusReason: null, statusNote: null } : {}),
          editedAt: new Date(context.now),
        })
        .where(eq(artifacts.id, input.id))
        .returning(reviewedArtifactColumns)
        .get();
      if (!artifact) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
      writeImages(tx, input.id, restored.fields.images);
      if (reviewed) enqueueEdit(tx, { ...edit, waiting: false });
      const revision = recordRevision(tx, {
        artifactId: input.id,
        actorId: actor.id,
        summary: restoredSummary(input.number),
      });
      appendAudit(tx, {
        actorId: actor.id,
        action: "revision.restore",
        artifactId: input.id,
        requestId: context.requestId,
        details: { restored: String(input.number), revision: String(revision) },
      });
      return { artifact, revision, waiting: false };
    },
    { behavior: "immediate" },
  );
  return { ...done, artifact: { ...done.artifact, images: imageViewsOf(store.db, input.id) } };
}

function readRevision(db: Reader, artifactId: number, number: number): Revision {
  const row = db
    .select({ ...summaryColumns, fields: artifactRevisions.fields })
    .from(artifactRevisions)
    .leftJoin(users, eq(users.id, artifactRevisions.actorId))
    .where(and(eq(artifactRevisions.artifactId, artifactId), eq(artifactRevisions.number, number)))
    .get();
  if (!row) throw new ServiceError("NOT_FOUND", MESSAGES.revisionNotFound);
  return { ...toSummary(row), fields: fieldsAsKept(row.fields) };
}
