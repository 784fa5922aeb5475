import type { SessionUser } from "@artifact-atlas/shared";
import type { ArtifactStore } from "../store/artifact-store";
import { getArtifact } from "./artifacts";

/** Who is looking: the session's user. */
export type Viewer = Pick<SessionUser, "id" | "role">;

/**
 * May this person see this artifact? Every read of an artifact's history asks here, and the answer
 * is the detail page's own (getArtifact): a published artifact for everyone, any other outside the
 * trash for its owner, curators and admins; NOT_FOUND for everyone else, never FORBIDDEN, which
 * would say that it exists.
 */
export function assertMaySeeArtifact(
  store: ArtifactStore,
  viewer: Viewer,
  artifactId: number,
): void {
  getArtifact(store, viewer, { id: artifactId });
}
