import { MESSAGES, type SessionUser } from "@artifact-atlas/shared";
import type { ArtifactStore } from "../store/artifact-store";
import { ServiceError } from "./errors";

/** Who is looking: the session's user. */
export type Viewer = Pick<SessionUser, "id" | "role">;

/**
 * May this person see this artifact? Every read of an artifact's history asks here, so one rule
 * decides it for the detail page and the history alike. Today every signed-in person may see every
 * artifact; a hidden or unpublished one answers NOT_FOUND (never FORBIDDEN, which would say that it
 * exists) once review statuses exist.
 */
export function assertMaySeeArtifact(
  store: ArtifactStore,
  _viewer: Viewer,
  artifactId: number,
): void {
  if (!store.statements.ownerOf.get({ id: artifactId })) {
    throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  }
}
