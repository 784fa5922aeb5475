import { eq } from "drizzle-orm";
import {
  CREATED_SUMMARY,
  editSummary,
  hasRole,
  MESSAGES,
  SIMILAR_COUNT,
  type Artifact,
  type ArtifactDetail,
  type ArtifactFields,
  type ArtifactSubmission,
  type ArtifactTextFields,
  type ArtifactReview,
  type ReviewedArtifact,
  type ReviewMode,
  type SessionUser,
  ARTIFACT_FIELD_NAMES,
  pickArtifactFields,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { reviewedArtifactColumns } from "../store/artifact-columns";
import { parsedDateColumns } from "../store/artifact-dates";
import type { ArtifactStore } from "../store/artifact-store";
import { appendAudit } from "./audit";
import { tellFollowersOfNewArtifact } from "./conversation/notices";
import { ServiceError } from "./errors";
import { fieldsToSave, imagesOf, imageViewsOf, writeImages } from "./artifact-images";
import { find } from "./find";
import { assertImagesAvailable } from "./images/uploads";
import { siteRights } from "./site-rights";
import { enqueueEdit, enqueueNewArtifact } from "./review-entries";
import { artifactFieldsIn, assertBaseIsCurrent, recordRevision } from "./revisions";

/** Who is acting: always the session's user, never an email taken from the input. */
export type Actor = Pick<SessionUser, "id" | "name" | "role">;

/** Who is reading: the session's user, or null for the public. */
export type Viewer = Pick<SessionUser, "id" | "role"> | null;

/** The request a change came from, for the audit log (its X-Request-Id). */
export interface RequestContext {
  requestId: string | null;
  /** The request's moment by the app's clock (deps.now): what its writes are stamped with. */
  now: number;
}

/** What a member's new artifact or edit goes through: REVIEW_MODE, and the request. */
export interface ReviewContext extends RequestContext {
  reviewMode: ReviewMode;
}

function notFound(): ServiceError {
  return new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
}

/** Throws NOT_FOUND for unknown ids and FORBIDDEN when the actor did not add the artifact. */
function assertOwnedBy(store: ArtifactStore, actor: Actor, id: number): void {
  const row = store.statements.ownerOf.get({ id });
  if (!row) throw notFound();
  if (row.ownerId !== actor.id) throw new ServiceError("FORBIDDEN", MESSAGES.notYourArtifact);
}

/**
 * Who may edit an artifact: its owner, and curators and admins, whoever added it (issue 29; the
 * edit is theirs in its history). Others are refused with the spec's message.
 */
export function mayEdit(
  store: ArtifactStore,
  actor: Pick<SessionUser, "id" | "role">,
  id: number,
): boolean {
  if (hasRole(actor.role, "curator")) return true;
  return store.statements.ownerOf.get({ id })?.ownerId === actor.id;
}

function assertMayEdit(store: ArtifactStore, actor: Actor, id: number): void {
  if (!store.statements.ownerOf.get({ id })) throw notFound();
  if (!mayEdit(store, actor, id)) throw new ServiceError("FORBIDDEN", MESSAGES.notYourArtifact);
}

/** A public artifact's review state: published, with nothing to explain. */
const PUBLISHED = { status: "published", statusReason: null, statusNote: null } as const;

/**
 * An artifact as `viewer` may see it: a public one for everyone (from the read cache, which keeps
 * public answers only), any other outside the trash for its owner and for curators and admins,
 * with its review state; NOT_FOUND for everyone else, as for an id that does not exist.
 */
export function getArtifact(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number },
): ArtifactDetail {
  const published = store.readCache.read(`artifact:${input.id}`, () => {
    const artifact = store.statements.byId.get({ id: input.id });
    return artifact ? { ...artifact, images: imageViewsOf(store.db, input.id) } : null;
  });
  if (published) return { ...published, ...PUBLISHED };
  if (!viewer) throw notFound();
  const row = store.statements.reviewedById.get({ id: input.id });
  if (!row) throw notFound();
  const { ownerId, ...artifact } = row;
  if (ownerId !== viewer.id && !hasRole(viewer.role, "curator")) throw notFound();
  return withImages(store, artifact);
}

/** An artifact with all its images, as the detail answers show them (issue 30). */
function withImages<T extends Artifact>(
  store: ArtifactStore,
  artifact: T,
): T & ArtifactDetailImages {
  return { ...artifact, images: imageViewsOf(store.db, artifact.id) };
}
type ArtifactDetailImages = Pick<ArtifactDetail, "images">;

/** Up to SIMILAR_COUNT other public artifacts of the same type, most liked first. */
export function similarArtifacts(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number },
): Artifact[] {
  const artifact = getArtifact(store, viewer, input);
  const { items } = find(store, viewer, {
    list: "collection",
    types: [artifact.artifactType],
    sort: "desc",
    // One more, in case the artifact itself is among them.
    window: { offset: 0, limit: SIMILAR_COUNT + 1 },
  });
  return items.filter((item) => item.id !== artifact.id).slice(0, SIMILAR_COUNT);
}

/**
 * Whether a change goes through review: a member's always; a curator's or admin's only to an
 * artifact under review (pending), such as an import's row, so that no one changes what another
 * curator is about to approve without it being seen (issue 28).
 */
export function isReviewedChange(
  actor: Pick<SessionUser, "role">,
  status: ReviewedArtifact["status"],
): boolean {
  return !hasRole(actor.role, "curator") || status === "pending";
}

/**
 * Owner and contributor name come from the session; a new artifact has no likes, and its history
 * starts with revision 1, "Created". A member's new artifact enters the review queue: published at
 * once in REVIEW_MODE=post, pending (seen only by its owner and curators) in pre
 * (docs/decisions/051).
 */
export function createArtifact(
  store: ArtifactStore,
  actor: Actor,
  sent: ArtifactSubmission,
  context: ReviewContext,
): ArtifactDetail {
  const fields = fieldsToSave(sent, [], siteRights(store.db).uploadRights);
  assertImagesAvailable(store.db, fields.images);
  const created = store.db.transaction(
    (tx) => {
      const reviewed = !hasRole(actor.role, "curator");
      const created = tx
        .insert(artifacts)
        .values({
          ...writtenColumns(fields),
          ownerId: actor.id,
          username: actor.name,
          likeCount: 0,
          status: reviewed && context.reviewMode === "pre" ? "pending" : "published",
        })
        .returning(reviewedArtifactColumns)
        .get();
      writeImages(tx, created.id, fields.images);
      recordRevision(tx, { artifactId: created.id, actorId: actor.id, summary: CREATED_SUMMARY });
      if (reviewed) enqueueNewArtifact(tx, { artifactId: created.id, submittedBy: actor.id });
      if (created.status === "published") {
        tellFollowersOfNewArtifact(tx, {
          artifactId: created.id,
          ownerId: actor.id,
          now: context.now,
        });
      }
      return created;
    },
    { behavior: "immediate" },
  );
  return withImages(store, created);
}

/**
 * Writes an artifact's editable fields (and its parsed years), and its review state when given,
 * and records the change as a revision by `actorId` when the fields changed: the one update path of
 * an owner's save and of a curator's approval of a waiting edit.
 */
export function writeArtifact(
  tx: Pick<AppDatabase, "update" | "select" | "insert" | "delete">,
  input: {
    id: number;
    fields: ArtifactFields;
    actorId: number | null;
    review?: ArtifactReview | undefined;
    now: number;
    /** The revision's summary; "Edited: name, ..." by default. */
    summarize?: (before: ArtifactFields, after: ArtifactFields) => string | null;
  },
): ReviewedArtifact {
  const before = artifactFieldsIn(tx, input.id);
  if (!before) throw notFound();
  const after = pickArtifactFields(input.fields);
  const updated = tx
    .update(artifacts)
    .set({ ...writtenColumns(after), ...input.review, editedAt: new Date(input.now) })
    .where(eq(artifacts.id, input.id))
    .returning(reviewedArtifactColumns)
    .get();
  if (!updated) throw notFound();
  writeImages(tx, input.id, after.images);
  const summary = (input.summarize ?? editSummary)(before, after);
  if (summary) recordRevision(tx, { artifactId: input.id, actorId: input.actorId, summary });
  return updated;
}

/**
 * The owner, curators and admins. Saving an unchanged form succeeds, returns the artifact as it is
 * and adds no revision. With `baseRevision`, a save over someone else's newer change is refused (CONFLICT)
 * and writes nothing; the check and the write share one transaction. A reviewed edit (a member's,
 * or anyone's of a pending artifact: isReviewedChange; docs/decisions/051):
 * - of a published artifact: saved at once and queued (REVIEW_MODE=post), or queued as a waiting
 *   change while the published text stays (pre), recorded as a revision only once approved;
 * - of a pending, rejected or hidden one: saved and resubmitted, pending until a curator decides.
 */
export function updateArtifact(
  store: ArtifactStore,
  actor: Actor,
  input: { id: number; fields: ArtifactSubmission; baseRevision?: number | undefined },
  context: ReviewContext,
): ArtifactDetail {
  const updated = store.db.transaction(
    (tx) => {
      assertMayEdit(store, actor, input.id);
      const current = store.statements.reviewedById.get({ id: input.id });
      if (!current) throw notFound();
      const { ownerId: _ownerId, ...artifact } = current;
      const before = pickArtifactFields({ ...artifact, images: imagesOf(tx, input.id) });
      const fields = fieldsToSave(input.fields, before.images, siteRights(tx).uploadRights);
      assertImagesAvailable(tx, fields.images);
      if (input.baseRevision !== undefined) {
        assertBaseIsCurrent(tx, {
          artifactId: input.id,
          baseRevision: input.baseRevision,
          current: before,
        });
      }
      const write = (review?: ArtifactReview) =>
        writeArtifact(tx, { id: input.id, fields, actorId: actor.id, review, now: context.now });
      if (!isReviewedChange(actor, current.status)) return write();
      if (editSummary(before, fields) === null) return artifact;
      const edit = { artifactId: input.id, submittedBy: actor.id, before };
      if (current.status === "published") {
        if (context.reviewMode === "pre") {
          // Waits for a curator: no revision until its approval writes it (services/review.ts).
          enqueueEdit(tx, { ...edit, proposed: fields, waiting: true });
          return artifact;
        }
        enqueueEdit(tx, { ...edit, proposed: fields, waiting: false });
        return write();
      }
      enqueueEdit(tx, { ...edit, proposed: fields, waiting: false });
      return write({ status: "pending", statusReason: null, statusNote: null });
    },
    { behavior: "immediate" },
  );
  return withImages(store, updated);
}

/**
 * Owner only. The artifact goes to the trash: gone at once for everyone, kept with its id, likes
 * and history until it is restored or purged (services/trash.ts).
 */
export function deleteArtifact(
  store: ArtifactStore,
  actor: Actor,
  input: { id: number },
  context: RequestContext,
): { id: number; message: string } {
  return store.db.transaction(
    (tx) => {
      assertOwnedBy(store, actor, input.id);
      tx.update(artifacts)
        .set({ deletedAt: new Date(context.now) })
        .where(eq(artifacts.id, input.id))
        .run();
      appendAudit(tx, {
        actorId: actor.id,
        action: "artifact.delete",
        artifactId: input.id,
        requestId: context.requestId,
      });
      return { id: input.id, message: MESSAGES.artifactDeleted };
    },
    { behavior: "immediate" },
  );
}

/**
 * The columns a save writes: exactly the editable text fields, whatever else a caller's object
 * carries, the first image's rights, and the years parsed from the dates. Creating, editing and
 * restoring a version all write these, and writeImages the images.
 */
export function writtenColumns(fields: ArtifactFields) {
  const text = Object.fromEntries(ARTIFACT_FIELD_NAMES.map((name) => [name, fields[name]]));
  return {
    ...(text as ArtifactTextFields),
    imageRights: fields.images[0]!.rights,
    ...parsedDateColumns(fields),
  };
}
