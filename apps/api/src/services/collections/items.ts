import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  FIND_MAX_LIMIT,
  type CollectionItemsPage,
} from "@artifact-atlas/shared";
import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { tellFollowersOfCollectionAdditions } from "../conversation/notices";
import { ServiceError } from "../errors";
import { find } from "../find";
import { assertMaySeeArtifact } from "../visibility";
import { loadCollection, loadForEditing } from "./access";
import { recordChange } from "./history";

/*
 * A curated collection's items (issue 32): read through the one find, whose conditions decide
 * which artifacts show (services/find.ts, store/find.ts collectionOrderPage), with their notes;
 * added, removed, moved and annotated by the owner and collaborators.
 */

/** A page of the collection's artifacts in its order, with their notes; a saved search's newest first. */
export function collectionItems(
  store: ArtifactStore,
  viewer: Viewer,
  input: { id: number; page: number; pageSize: number },
): CollectionItemsPage {
  const { row } = loadCollection(store, viewer, input.id);
  const answer = find(store, viewer, {
    list: "collection",
    collection: row.id,
    ...(row.kind === "search" ? { sort: "default" as const } : {}),
    window: { offset: (input.page - 1) * input.pageSize, limit: input.pageSize },
    total: true,
  });
  const notes = notesOf(
    store,
    row.id,
    answer.items.map((artifact) => artifact.id),
  );
  const total = answer.total ?? 0;
  return {
    items: answer.items.map((artifact) => ({ artifact, note: notes.get(artifact.id) ?? "" })),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / input.pageSize)),
  };
}

function notesOf(store: ArtifactStore, collectionId: number, ids: number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = store
    .collectionStatement(
      `select artifact_id as id, note from collection_items
     where collection_id = ? and artifact_id in (select value from json_each(?))`,
    )
    .all(collectionId, JSON.stringify(ids)) as { id: number; note: string }[];
  return new Map(rows.map((row) => [row.id, row.note]));
}

function loadCurated(store: ArtifactStore, viewer: NonNullable<Viewer>, id: number) {
  const loaded = loadForEditing(store, viewer, id);
  if (loaded.row.kind !== "curated") {
    throw new ServiceError("BAD_REQUEST", COLLECTION_MESSAGES.notCurated);
  }
  return loaded;
}

/**
 * Adds artifacts at the end, in the order given, each with `note`. Only artifacts the actor may
 * see elsewhere (NOT_FOUND otherwise, as the detail page answers); one already in stays where it
 * is. Refused whole when the collection would hold more than COLLECTION_LIMITS.items.
 */
export function addItems(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  input: { id: number; artifactIds: number[]; note?: string | undefined },
  now: number,
): { added: number; itemCount: number } {
  const { db } = store;
  return db.$client.transaction(() => {
    const { row } = loadCurated(store, viewer, input.id);
    const wanted = [...new Set(input.artifactIds)];
    for (const artifactId of wanted) assertMaySeeArtifact(store, viewer, artifactId);
    const present = new Set(
      store
        .collectionStatement(
          `select artifact_id from collection_items
         where collection_id = ? and artifact_id in (select value from json_each(?))`,
        )
        .pluck()
        .all(row.id, JSON.stringify(wanted)) as number[],
    );
    const fresh = wanted.filter((artifactId) => !present.has(artifactId));
    if (row.itemCount + fresh.length > COLLECTION_LIMITS.items) {
      throw new ServiceError("CONFLICT", COLLECTION_MESSAGES.full);
    }
    let position = store
      .collectionStatement(
        "select coalesce(max(position), 0) from collection_items where collection_id = ?",
      )
      .pluck()
      .get(row.id) as number;
    const insert =
      store.collectionStatement(`insert into collection_items (collection_id, artifact_id, position, note, added_by, added_at)
       values (?, ?, ?, ?, ?, ?)`);
    for (const artifactId of fresh) {
      position += 1;
      insert.run(row.id, artifactId, position, input.note ?? "", viewer.id, now);
      recordChange(store, {
        collectionId: row.id,
        actorId: viewer.id,
        action: "add",
        artifactId,
        at: now,
      });
    }
    touch(store, row.id, now);
    tellFollowersOfCollectionAdditions(db, {
      collectionId: row.id,
      artifactIds: fresh,
      actorId: viewer.id,
      now,
    });
    return { added: fresh.length, itemCount: row.itemCount + fresh.length };
  })();
}

/** Removes artifacts (any of its items, shown or not); one not in the collection is skipped. */
export function removeItems(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  input: { id: number; artifactIds: number[] },
  now: number,
): { removed: number } {
  const { db } = store;
  return db.$client.transaction(() => {
    const { row } = loadCurated(store, viewer, input.id);
    const remove = store.collectionStatement(
      "delete from collection_items where collection_id = ? and artifact_id = ?",
    );
    let removed = 0;
    for (const artifactId of new Set(input.artifactIds)) {
      if (remove.run(row.id, artifactId).changes === 0) continue;
      removed += 1;
      recordChange(store, {
        collectionId: row.id,
        actorId: viewer.id,
        action: "remove",
        artifactId,
        at: now,
      });
    }
    if (row.coverArtifactId !== null && input.artifactIds.includes(row.coverArtifactId)) {
      store
        .collectionStatement("update collections set cover_artifact_id = null where id = ?")
        .run(row.id);
    }
    if (removed > 0) touch(store, row.id, now);
    return { removed };
  })();
}

/**
 * Changes one item's note and/or its place. `position` counts among the items the actor is
 * shown (what their page numbers): the item goes before the shown item now at that place, or
 * last; items hidden from them keep their places relative to the others.
 */
export function changeItem(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  input: {
    id: number;
    artifactId: number;
    change: { note?: string | undefined; position?: number | undefined };
  },
  now: number,
): { artifactId: number; note: string; position: number | null } {
  const { db } = store;
  return db.$client.transaction(() => {
    const { row } = loadCurated(store, viewer, input.id);
    const item = store
      .collectionStatement(
        "select note from collection_items where collection_id = ? and artifact_id = ?",
      )
      .get(row.id, input.artifactId) as { note: string } | undefined;
    if (!item) throw new ServiceError("NOT_FOUND", COLLECTION_MESSAGES.notInCollection);
    const { note, position } = input.change;
    if (note !== undefined && note !== item.note) {
      store
        .collectionStatement(
          "update collection_items set note = ? where collection_id = ? and artifact_id = ?",
        )
        .run(note, row.id, input.artifactId);
      recordChange(store, {
        collectionId: row.id,
        actorId: viewer.id,
        action: "note",
        artifactId: input.artifactId,
        at: now,
      });
    }
    let placed: number | null = null;
    if (position !== undefined) {
      placed = moveItem(store, viewer, row.id, input.artifactId, position);
      recordChange(store, {
        collectionId: row.id,
        actorId: viewer.id,
        action: "move",
        artifactId: input.artifactId,
        detail: String(placed),
        at: now,
      });
    }
    touch(store, row.id, now);
    return { artifactId: input.artifactId, note: note ?? item.note, position: placed };
  })();
}

/** Renumbers the items with `artifactId` placed before the `to`th shown other item; its shown place. */
function moveItem(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  collectionId: number,
  artifactId: number,
  to: number,
): number {
  const order = (
    store
      .collectionStatement(
        "select artifact_id from collection_items where collection_id = ? order by position",
      )
      .pluck()
      .all(collectionId) as number[]
  ).filter((id) => id !== artifactId);
  const others = shownIds(store, viewer, collectionId).filter((id) => id !== artifactId);
  const before = others[to];
  const at = before === undefined ? order.length : order.indexOf(before);
  order.splice(at, 0, artifactId);
  const renumber = store.collectionStatement(
    "update collection_items set position = ? where collection_id = ? and artifact_id = ?",
  );
  order.forEach((id, index) => renumber.run(index + 1, collectionId, id));
  return Math.min(to, others.length);
}

/** The ids of the items the viewer is shown, in order (at most COLLECTION_LIMITS.items). */
function shownIds(store: ArtifactStore, viewer: Viewer, collectionId: number): number[] {
  const ids: number[] = [];
  for (let offset = 0; offset < COLLECTION_LIMITS.items; offset += FIND_MAX_LIMIT) {
    const window = { offset, limit: FIND_MAX_LIMIT };
    const page = find(store, viewer, { list: "collection", collection: collectionId, window });
    ids.push(...page.items.map((artifact) => artifact.id));
    if (page.items.length < FIND_MAX_LIMIT) break;
  }
  return ids;
}

function touch(store: ArtifactStore, id: number, now: number): void {
  store.collectionStatement("update collections set updated_at = ? where id = ?").run(now, id);
}
