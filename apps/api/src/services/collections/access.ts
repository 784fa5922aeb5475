import {
  COLLECTION_MESSAGES,
  hasRole,
  savedSearch,
  type CollectionKind,
  type CollectionStatus,
  type CollectionVisibility,
  type SavedSearch,
} from "@artifact-atlas/shared";
import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { ServiceError } from "../errors";

/*
 * Who may see and change a collection (issue 32, docs/decisions/123-collections.md). Every door
 * reads a collection through loadCollection; anyone who may not see it is answered NOT_FOUND,
 * never FORBIDDEN, which would say that it exists.
 */

export interface CollectionRow {
  id: number;
  ownerId: number;
  title: string;
  description: string;
  descriptionHtml: string;
  kind: CollectionKind;
  query: string | null;
  visibility: CollectionVisibility;
  coverArtifactId: number | null;
  itemCount: number;
  likeCount: number;
  status: CollectionStatus;
  hiddenReason: string | null;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

export const COLLECTION_COLUMNS = `collections.id, owner_id as ownerId, title, description,
  description_html as descriptionHtml, kind, query, visibility,
  cover_artifact_id as coverArtifactId, item_count as itemCount, like_count as likeCount,
  collections.status, hidden_reason as hiddenReason, collections.created_at as createdAt,
  updated_at as updatedAt, collections.deleted_at as deletedAt`;

/** What the viewer is to a collection. */
export type Standing = "owner" | "collaborator" | "curator" | "visitor";

export function isCollaborator(
  store: ArtifactStore,
  collectionId: number,
  userId: number,
): boolean {
  return (
    store
      .collectionStatement(
        "select 1 from collection_collaborators where collection_id = ? and user_id = ?",
      )
      .get(collectionId, userId) !== undefined
  );
}

export function standingOf(store: ArtifactStore, row: CollectionRow, viewer: Viewer): Standing {
  if (!viewer) return "visitor";
  if (row.ownerId === viewer.id) return "owner";
  if (isCollaborator(store, row.id, viewer.id)) return "collaborator";
  return hasRole(viewer.role, "curator") ? "curator" : "visitor";
}

/**
 * Whether this standing may see the collection: its owner always (the trash included, and told
 * when it is hidden); nobody else a trashed one; a hidden one curators alone (collaborators too
 * are kept out: they could show it anywhere); a private one its collaborators; a public or
 * unlisted one anyone.
 */
export function maySee(row: CollectionRow, standing: Standing): boolean {
  if (standing === "owner") return true;
  if (row.deletedAt !== null) return false;
  if (row.status === "hidden") return standing === "curator";
  if (row.visibility === "private") return standing === "collaborator";
  return true;
}

export function findCollectionRow(store: ArtifactStore, id: number): CollectionRow | undefined {
  return store
    .collectionStatement(`select ${COLLECTION_COLUMNS} from collections where id = ?`)
    .get(id) as CollectionRow | undefined;
}

export function notFound(): ServiceError {
  return new ServiceError("NOT_FOUND", COLLECTION_MESSAGES.notFound);
}

/** The collection, if the viewer may see it; NOT_FOUND otherwise. */
export function loadCollection(
  store: ArtifactStore,
  viewer: Viewer,
  id: number,
): { row: CollectionRow; standing: Standing } {
  const row = findCollectionRow(store, id);
  if (!row) throw notFound();
  const standing = standingOf(store, row, viewer);
  if (!maySee(row, standing)) throw notFound();
  return { row, standing };
}

/** The collection, if the viewer may change its items, notes and text (owner, collaborators). */
export function loadForEditing(
  store: ArtifactStore,
  viewer: Viewer,
  id: number,
): { row: CollectionRow; standing: "owner" | "collaborator" } {
  const { row, standing } = loadCollection(store, viewer, id);
  if (row.deletedAt !== null) throw notFound();
  if (standing !== "owner" && standing !== "collaborator") {
    throw new ServiceError("FORBIDDEN", COLLECTION_MESSAGES.ownerOnly);
  }
  return { row, standing };
}

/** The collection, if the viewer owns it (the trash included). */
export function loadOwned(store: ArtifactStore, viewer: Viewer, id: number): CollectionRow {
  const { row, standing } = loadCollection(store, viewer, id);
  if (standing !== "owner") throw new ServiceError("FORBIDDEN", COLLECTION_MESSAGES.ownerOnly);
  return row;
}

/** A saved search's find, as stored. */
export function savedSearchOf(row: CollectionRow): SavedSearch | null {
  if (row.kind !== "search" || row.query === null) return null;
  return savedSearch.parse(JSON.parse(row.query));
}
