import { z } from "zod";
import {
  artifact,
  likedArtifact,
  type Artifact,
  type LikedArtifact,
  type SessionUser,
} from "@artifact-atlas/shared";

/*
 * The answers of the REST paths, in the shapes of spec section 7: the shared artifact schema with
 * a Mongo-style `_id` string for its `id`. The OpenAPI document is generated from these, and every
 * answer is built by the functions below, so the two cannot drift apart.
 */

const id = z.string().describe("The artifact's id (digits, as a string).");

const artifactFields = artifact.omit({ id: true }).shape;

export const restArtifact = z.object({
  _id: id,
  ...artifactFields,
  createdAt: artifactFields.createdAt.describe("Free text such as 100 BC or 15th Century."),
  username: artifactFields.username.describe("The contributor's name when the artifact was added."),
});
type RestArtifact = z.output<typeof restArtifact>;

/** GET /artifacts?email=: the caller's own artifacts also carry the caller's email (spec entity). */
export const restOwnArtifact = restArtifact.extend({
  userEmail: z.string().describe("The contributor's email: always the caller's own."),
});

export const restLikedArtifact = z.object({ _id: id, ...likedArtifact.omit({ id: true }).shape });

export const restLikeStatus = z.object({ liked: z.boolean(), likeCount: z.number().int().min(0) });

export const restInserted = z.object({ insertedId: id, artifact: restArtifact });

export const restUpdated = z.object({
  success: z.literal(true),
  message: z.string(),
  artifact: restArtifact,
});

export const restDeleted = z.object({ success: z.literal(true), message: z.string() });

export const restConfirmed = z.object({ success: z.literal(true) });

export const restError = z.object({ error: z.string() });

/** POST /images: where the upload is, to put in artifactImage, and its largest derivative's size. */
export const restUploadedImage = z.object({
  url: z.string().describe("The image's path (/images/<sha-256>): put it in artifactImage."),
  width: z.number().int().positive().describe("Width in pixels of the largest derivative."),
  height: z.number().int().positive().describe("Height in pixels of the largest derivative."),
});

export const restFailure = z.object({ success: z.literal(false), error: z.string() });

/**
 * The artifact with its id as `_id`. Services answer exactly the shared schema's fields (their
 * statements select those columns only), so nothing else can reach a client.
 */
export function toRestArtifact({ id, ...fields }: Artifact): RestArtifact {
  return { _id: String(id), ...fields };
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
