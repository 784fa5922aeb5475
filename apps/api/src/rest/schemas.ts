import { z } from "zod";
import {
  artifact,
  artifactImageItem,
  artifactImageView,
  artifactReview,
  ARTIFACT_FIELD_NAMES,
  likedArtifact,
  RIGHTS_STATEMENTS,
  type Artifact,
  type ArtifactDetail,
  type LikedArtifact,
  type Revision,
  type RevisionComparison,
  type RevisionSummary,
  type SessionUser,
} from "@artifact-atlas/shared";

/*
 * The answers of the REST paths, in the shapes of spec section 7: the shared artifact schema with
 * a Mongo-style `_id` string for its `id`. The routes declare them (typing their handlers, and
 * named by their ids in /openapi.json), and every answer is built by the functions below.
 */

const id = z.string().describe("The artifact's id (digits, as a string).");

const artifactFields = artifact.omit({ id: true }).shape;

export const restArtifact = z
  .object({
    _id: id,
    ...artifactFields,
    createdAt: artifactFields.createdAt.describe("Free text such as 100 BC or 15th Century."),
    username: artifactFields.username.describe(
      "The contributor's name when the artifact was added.",
    ),
  })
  .meta({ id: "Artifact" });
type RestArtifact = z.output<typeof restArtifact>;

const rightsList = RIGHTS_STATEMENTS.map((statement) => `${statement.uri} (${statement.name})`);

/** One image of an artifact in REST (issue 30), as it is stored and sent. */
export const restImage = artifactImageItem
  .extend({
    url: artifactImageItem.shape.url.describe(
      "An http(s) URL, or an upload's path (/images/<sha-256>) as POST /images answered it.",
    ),
    alt: artifactImageItem.shape.alt.describe(
      "What the image shows, for people who cannot see it.",
    ),
    caption: artifactImageItem.shape.caption.describe("An optional caption."),
    rights: artifactImageItem.shape.rights.describe(
      `The image's licence or rights statement: one of ${rightsList.join(", ")}.`,
    ),
    credit: artifactImageItem.shape.credit.describe("Who made the photo or holds it (optional)."),
  })
  .meta({ id: "Image" });

/** An image in an artifact's answer: with an upload's size, placeholder and IIIF service. */
export const restImageView = artifactImageView
  .extend(restImage.shape)
  .extend({
    service: artifactImageView.shape.service.describe(
      "The IIIF Image API 3 service of an upload with tiles (/iiif/images/<sha-256>; its info.json below it), else null.",
    ),
  })
  .meta({ id: "ImageView" });

/** GET, POST and PUT of one artifact: its fields and every image, first the primary one. */
export const restArtifactDetail = restArtifact
  .extend({
    images: z
      .array(restImageView)
      .describe("The artifact's images in order; the first is artifactImage."),
  })
  .meta({ id: "ArtifactWithImages" });

/** GET /artifacts?email=: the caller's own artifacts also carry the caller's email (spec entity). */
export const restOwnArtifact = restArtifact
  .extend({ userEmail: z.string().describe("The contributor's email: always the caller's own.") })
  .meta({ id: "OwnArtifact" });

export const restLikedArtifact = z
  .object({ _id: id, ...likedArtifact.omit({ id: true }).shape })
  .meta({ id: "LikedArtifact" });

export const restLikeStatus = z
  .object({ liked: z.boolean(), likeCount: z.number().int().min(0) })
  .meta({ id: "LikeStatus" });

export const restInserted = z
  .object({ insertedId: id, artifact: restArtifactDetail })
  .meta({ id: "Inserted" });

export const restUpdated = z
  .object({ success: z.literal(true), message: z.string(), artifact: restArtifactDetail })
  .meta({ id: "Updated" });

export const restDeleted = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: "Deleted" });

export const restConfirmed = z.object({ success: z.literal(true) }).meta({ id: "Confirmed" });

export const restError = z.object({ error: z.string() }).meta({ id: "Error" });

/** POST /images: where the upload is, to put in artifactImage, and its largest derivative's size. */
export const restUploadedImage = z
  .object({
    url: z.string().describe("The image's path (/images/<sha-256>): put it in artifactImage."),
    width: z.number().int().positive().describe("Width in pixels of the largest derivative."),
    height: z.number().int().positive().describe("Height in pixels of the largest derivative."),
  })
  .meta({ id: "UploadedImage" });

export const restFailure = z
  .object({ success: z.literal(false), error: z.string() })
  .meta({ id: "Failure" });

const REVIEW_KEYS = new Set(Object.keys(artifactReview.shape));

/**
 * The artifact with its id as `_id`, and its fields in the services' order: the review state that
 * its owner and curators read on the detail page stays out of the spec's REST shape.
 */
export function toRestArtifact(from: Artifact): RestArtifact {
  const { id, ...fields } = Object.fromEntries(
    Object.entries(from).filter(([key]) => !REVIEW_KEYS.has(key)),
  ) as Artifact;
  return { _id: String(id), ...fields };
}

/** One artifact with its images (GET, POST and PUT /artifacts/{id}). */
export function toRestArtifactDetail(from: ArtifactDetail): z.output<typeof restArtifactDetail> {
  const { images, ...artifact } = from;
  return { ...toRestArtifact(artifact), images };
}

export function toRestOwnArtifact(
  own: Artifact,
  owner: SessionUser,
): z.output<typeof restOwnArtifact> {
  return { ...toRestArtifact(own), userEmail: owner.email };
}

export function toRestLikedArtifact({
  id,
  ...fields
}: LikedArtifact): z.output<typeof restLikedArtifact> {
  return { _id: String(id), ...fields };
}

/** GET /artifacts/{id}/revisions: one line of an artifact's history (issue 17). */
export const restRevisionSummary = z
  .object({
    number: z.number().int().min(1).describe("1 for the artifact as it was created, then 2, 3, …"),
    at: z.string().describe("When it was saved (ISO 8601, UTC)."),
    summary: z
      .string()
      .describe('What was done: "Created", "Edited: name, …", "Restored version 3".'),
    authorName: z
      .string()
      .nullable()
      .describe("The author's current name; null once their account is gone."),
  })
  .meta({ id: "RevisionSummary" });

/** GET /artifacts/{id}/revisions/{number}: the artifact's editable fields as they then were. */
export const restRevision = restRevisionSummary
  .extend({
    fields: artifact
      .pick(
        Object.fromEntries(ARTIFACT_FIELD_NAMES.map((name) => [name, true])) as Record<
          (typeof ARTIFACT_FIELD_NAMES)[number],
          true
        >,
      )
      .extend({ images: z.array(restImage).describe("The images as they then were, in order.") }),
  })
  .meta({ id: "Revision" });

export const restRevisionComparison = z
  .object({
    from: restRevision,
    to: restRevision,
    changes: z
      .array(
        z.object({
          field: z.enum([...ARTIFACT_FIELD_NAMES, "images"]),
          before: z.string(),
          after: z.string(),
          parts: z
            .array(z.object({ kind: z.enum(["same", "removed", "added"]), text: z.string() }))
            .describe("Runs of words: kept, only in from (removed), only in to (added)."),
        }),
      )
      .describe("Only the fields that differ, in the form's order."),
  })
  .meta({ id: "RevisionComparison" });

export const restRestored = z
  .object({
    success: z.literal(true),
    message: z.string(),
    revision: z
      .number()
      .int()
      .min(1)
      .describe("The number of the new revision (the newest one when the restore waits)."),
    waiting: z
      .boolean()
      .describe(
        "A member's restore of a published artifact in REVIEW_MODE=pre waits for a curator: nothing changed yet.",
      ),
    artifact: restArtifactDetail,
  })
  .meta({ id: "Restored" });

export function toRestRevisionSummary(summary: RevisionSummary) {
  return { ...summary, at: new Date(summary.at).toISOString() } satisfies z.output<
    typeof restRevisionSummary
  >;
}

export function toRestRevision(revision: Revision): z.output<typeof restRevision> {
  return { ...toRestRevisionSummary(revision), fields: revision.fields };
}

export function toRestRevisionComparison(
  comparison: RevisionComparison,
): z.output<typeof restRevisionComparison> {
  return {
    from: toRestRevision(comparison.from),
    to: toRestRevision(comparison.to),
    changes: comparison.changes,
  };
}
