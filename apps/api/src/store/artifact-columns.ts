import type { Artifact } from "@artifact-atlas/shared";
import { artifacts } from "../db/schema";

/**
 * The columns every client may see, selected explicitly: the owner's id and email, and the row
 * timestamps, stay on the server.
 */
export const artifactColumns = {
  id: artifacts.id,
  artifactName: artifacts.artifactName,
  artifactImage: artifacts.artifactImage,
  artifactType: artifacts.artifactType,
  historicalContext: artifacts.historicalContext,
  createdAt: artifacts.createdAt,
  discoveredAt: artifacts.discoveredAt,
  discoveredBy: artifacts.discoveredBy,
  presentLocation: artifacts.presentLocation,
  likeCount: artifacts.likeCount,
  username: artifacts.username,
} satisfies Record<keyof Artifact, unknown>;

/** The same columns for hand-written SQL, under their API names, so that the two cannot drift. */
export const ARTIFACT_SELECT = Object.entries(artifactColumns)
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(", ");
