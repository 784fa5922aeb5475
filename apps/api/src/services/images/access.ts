import { hasRole, type SessionUser } from "@artifact-atlas/shared";
import type { ImageStore } from "../../store/image-store";
import { imagePathOf } from "./uploads";

/** Who asks for an image: the session's user, or null for the public. */
export type ImageViewer = Pick<SessionUser, "id" | "role"> | null;

/**
 * Who may see an uploaded image's files (its derivatives, master-made tiles and info.json), and
 * how they may be kept (issue 30, decision 035):
 * - "public": a public artifact shows it, as any of its images: anyone, and any cache, for a year;
 * - "private": curators and admins, the account that uploaded it (its form's preview), and the
 *   owner of an artifact outside the trash that shows it or showed it in a revision; no cache;
 * - null: nobody else, answered as an image that does not exist (404), so that the image of a
 *   hidden, pending, rejected or deleted artifact leaks through no door.
 */
export function imageAccess(
  images: ImageStore,
  hash: string,
  viewer: ImageViewer,
): "public" | "private" | null {
  const path = imagePathOf(hash);
  if (images.statements.shownPublicly.get(path) !== undefined) return "public";
  if (!viewer) return null;
  if (hasRole(viewer.role, "curator")) return "private";
  const owns = images.statements.shownToOwner.get({ hash, path, viewer: viewer.id });
  return owns === undefined ? null : "private";
}
