import type { CollectionAction, CollectionHistoryEntry } from "@artifact-atlas/shared";
import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { loadCollection } from "./access";

/** One line of a collection's history: who did what (to which artifact), when. */
export function recordChange(
  store: ArtifactStore,
  change: {
    collectionId: number;
    actorId: number | null;
    action: CollectionAction;
    artifactId?: number | null;
    detail?: string | null;
    at: number;
  },
): void {
  store
    .collectionStatement(
      `insert into collection_history (collection_id, actor_id, action, artifact_id, detail, at)
     values (?, ?, ?, ?, ?, ?)`,
    )
    .run(
      change.collectionId,
      change.actorId,
      change.action,
      change.artifactId ?? null,
      change.detail ?? null,
      change.at,
    );
}

/**
 * A page of a collection's history, newest first (keyset on the entry id), for whoever may see
 * the collection. An entry names an artifact only by its id: its name is the artifact's to show.
 */
export function collectionHistory(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number; cursor?: number | null | undefined; limit: number },
): { items: CollectionHistoryEntry[]; nextCursor: number | null } {
  loadCollection(store, viewer, input.id);
  const rows = store
    .collectionStatement(
      `select h.id, h.action, h.artifact_id as artifactId, h.detail, h.at,
       u.id as actorId, u.name as actorName
     from collection_history h left join users u on u.id = h.actor_id
     where h.collection_id = ? and h.id < ? order by h.id desc limit ?`,
    )
    .all(input.id, input.cursor ?? Number.MAX_SAFE_INTEGER, input.limit + 1) as {
    id: number;
    action: CollectionAction;
    artifactId: number | null;
    detail: string | null;
    at: number;
    actorId: number | null;
    actorName: string | null;
  }[];
  const more = rows.length > input.limit;
  const items = rows.slice(0, input.limit).map((row) => ({
    id: row.id,
    action: row.action,
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? "" },
    artifactId: row.artifactId,
    detail: row.detail,
    at: row.at,
  }));
  return { items, nextCursor: more ? items[items.length - 1]!.id : null };
}
