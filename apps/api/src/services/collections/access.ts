import type Database from "better-sqlite3";
import {
  COLLECTION_MESSAGES,
  hasRole,
  savedSearch,
  type CollectionKind,
  type CollectionStatus,
  type CollectionVisibility,
  type SavedSearch,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../../db/client";
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

/** Statements prepared once per connection, by their text. */
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();
export function statement(db: AppDatabase, sql: string): Database.Statement {
  let statements = prepared.get(db.$client);
  if (!statements) {
    statements = new Map();
    prepared.set(db.$client, statements);
  }
  let found = statements.get(sql);
  if (!found) {
    found = db.$client.prepare(sql);
    statements.set(sql, found);
  }
  return found;
}

export function isCollaborator(db: AppDatabase, collectionId: number, userId: number): boolean {
  return (
    statement(
      db,
      "select 1 from collection_collaborators where collection_id = ? and user_id = ?",
    ).get(collectionId, userId) !== undefined
  );
}

export function standingOf(db: AppDatabase, row: CollectionRow, viewer: Viewer): Standing {
  if (!viewer) return "visitor";
  if (row.ownerId === viewer.id) return "owner";
  if (isCollaborator(db, row.id, viewer.id)) return "collaborator";
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

export function findCollectionRow(db: AppDatabase, id: number): CollectionRow | undefined {
  return statement(db, `select ${COLLECTION_COLUMNS} from collections where id = ?`).get(id) as
    CollectionRow | undefined;
}

export function notFound(): ServiceError {
  return new ServiceError("NOT_FOUND", COLLECTION_MESSAGES.notFound);
}

/** The collection, if the viewer may see it; NOT_FOUND otherwise. */
export function loadCollection(
  db: AppDatabase,
  viewer: Viewer,
  id: number,
): { row: CollectionRow; standing: Standing } {
  const row = findCollectionRow(db, id);
  if (!row) throw notFound();
  const standing = standingOf(db, row, viewer);
  if (!maySee(row, standing)) throw notFound();
  return { row, standing };
}

/** The collection, if the viewer may change its items, notes and text (owner, collaborators). */
export function loadForEditing(
  db: AppDatabase,
  viewer: Viewer,
  id: number,
): { row: CollectionRow; standing: "owner" | "collaborator" } {
  const { row, standing } = loadCollection(db, viewer, id);
  if (row.deletedAt !== null) throw notFound();
  if (standing !== "owner" && standing !== "collaborator") {
    throw new ServiceError("FORBIDDEN", COLLECTION_MESSAGES.ownerOnly);
  }
  return { row, standing };
}

/** The collection, if the viewer owns it (the trash included). */
export function loadOwned(db: AppDatabase, viewer: Viewer, id: number): CollectionRow {
  const { row, standing } = loadCollection(db, viewer, id);
  if (standing !== "owner") throw new ServiceError("FORBIDDEN", COLLECTION_MESSAGES.ownerOnly);
  return row;
}

/** A saved search's find, as stored. */
export function savedSearchOf(row: CollectionRow): SavedSearch | null {
  if (row.kind !== "search" || row.query === null) return null;
  return savedSearch.parse(JSON.parse(row.query));
}
