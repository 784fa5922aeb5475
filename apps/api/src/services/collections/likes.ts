import type { ArtifactStore } from "../../store/artifact-store";
import type { Viewer } from "../artifacts";
import { loadCollection } from "./access";

/*
 * Likes on collections (issue 32): any member who may see a collection likes it once; the count
 * is kept by triggers (migration 0043) and sorts /collections by most liked.
 */

export interface CollectionLikeStatus {
  liked: boolean;
  likeCount: number;
}

function statusOf(store: ArtifactStore, id: number, userId: number): CollectionLikeStatus {
  const liked =
    store
      .collectionStatement("select 1 from collection_likes where collection_id = ? and user_id = ?")
      .get(id, userId) !== undefined;
  const likeCount = store
    .collectionStatement("select like_count from collections where id = ?")
    .pluck()
    .get(id) as number;
  return { liked, likeCount };
}

export function collectionLikeStatus(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  id: number,
): CollectionLikeStatus {
  loadCollection(store, viewer, id);
  return statusOf(store, id, viewer.id);
}

/** Likes or unlikes (idempotent: a second like answers the same state). */
export function setCollectionLike(
  store: ArtifactStore,
  viewer: NonNullable<Viewer>,
  id: number,
  liked: boolean,
  now: number,
): CollectionLikeStatus {
  return store.db.$client.transaction(() => {
    const { row } = loadCollection(store, viewer, id);
    if (row.deletedAt !== null) return statusOf(store, id, viewer.id);
    if (liked) {
      store
        .collectionStatement(
          `insert into collection_likes (collection_id, user_id, created_at) values (?, ?, ?)
         on conflict do nothing`,
        )
        .run(id, viewer.id, now);
    } else {
      store
        .collectionStatement("delete from collection_likes where collection_id = ? and user_id = ?")
        .run(id, viewer.id);
    }
    return statusOf(store, id, viewer.id);
  })();
}
