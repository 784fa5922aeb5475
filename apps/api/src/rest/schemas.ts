import { z } from "zod";
import {
  ARTIFACT_TYPES,
  type Artifact,
  type LikedArtifact,
  type SessionUser,
} from "@artifact-atlas/shared";

/*
 * The answers of the REST paths, in the shapes of spec section 7: Mongo-style `_id` strings and
 * `likeCount` always a number. The OpenAPI document is generated from these, and every answer is
 * built by the functions below, so the two cannot drift apart.
 */

const id = z.string().describe("The artifact's id (digits, as a string).");

export const restArtifact = z.object({
  _id: id,
  artifactName: z.string(),
  artifactImage: z.string(),
  artifactType: z.enum(ARTIFACT_TYPES),
  historicalContext: z.string(),
  createdAt: z.string().describe("Free text such as 100 BC or 15th Century."),
  discoveredAt: z.string(),
  discoveredBy: z.string(),
  presentLocation: z.string(),
  likeCount: z.number().int().min(0),
  username: z.string().describe("The contributor's name when the artifact was added."),
});
export type RestArtifact = z.output<typeof restArtifact>;

/** GET /artifacts?email=: the caller's own artifacts also carry the caller's email (spec entity). */
export const restOwnArtifact = restArtifact.extend({
  userEmail: z.string().describe("The contributor's email: always the caller's own."),
});

export const restLikedArtifact = z.object({
  _id: id,
  artifactName: z.string(),
  artifactType: z.enum(ARTIFACT_TYPES),
  createdAt: z.string(),
});

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

export const restFailure = z.object({ success: z.literal(false), error: z.string() });

/** Field by field, so that nothing a service might add later reaches a client unnoticed. */
export function toRestArtifact(artifact: Artifact): RestArtifact {
  return {
    _id: String(artifact.id),
    artifactName: artifact.artifactName,
    artifactImage: artifact.artifactImage,
    artifactType: artifact.artifactType,
    historicalContext: artifact.historicalContext,
    createdAt: artifact.createdAt,
    discoveredAt: artifact.discoveredAt,
    discoveredBy: artifact.discoveredBy,
    presentLocation: artifact.presentLocation,
    likeCount: artifact.likeCount,
    username: artifact.username,
  };
}

export function toRestOwnArtifact(
  artifact: Artifact,
  owner: SessionUser,
): z.output<typeof restOwnArtifact> {
  return { ...toRestArtifact(artifact), userEmail: owner.email };
}

export function toRestLikedArtifact(liked: LikedArtifact): z.output<typeof restLikedArtifact> {
  return {
    _id: String(liked.id),
    artifactName: liked.artifactName,
    artifactType: liked.artifactType,
    createdAt: liked.createdAt,
  };
}
