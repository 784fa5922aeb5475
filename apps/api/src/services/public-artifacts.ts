import { MESSAGES, type Artifact, type WithImages } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { imageViewsOf } from "./artifact-images";
import type { PublicArtifactStore } from "../store/public-artifacts";
import { ServiceError } from "./errors";

/**
 * One artifact as anyone may see it without signing in (its public page). An artifact that is not
 * public is answered exactly as one that does not exist.
 */
export function getPublicArtifact(store: PublicArtifactStore, input: { id: number }): Artifact {
  const artifact = store.byId(input.id);
  if (!artifact) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  return artifact;
}

/** The same, with every image (issue 30): the public page's gallery. */
export function getPublicArtifactDetail(
  store: PublicArtifactStore,
  db: Pick<AppDatabase, "select">,
  input: { id: number },
): WithImages<Artifact> {
  return { ...getPublicArtifact(store, input), images: imageViewsOf(db, input.id) };
}
