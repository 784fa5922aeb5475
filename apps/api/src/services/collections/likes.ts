import type { AppDatabase } from "../../db/client";
import type { Viewer } from "../artifacts";
import { loadCollection, statement } from "./access";

/*
 * Likes on collections (issue 32): any member who may see a collection likes it once; the count
 * is kept by triggers (migration 0043) and sorts /collections by most liked.
 */

export interface CollectionLikeStatus {
  liked: boolean;
  likeCount: number;
}

function statusOf(db: AppDatabase, id: number, userId: number): CollectionLikeStatus {
  const liked =
    statement(db, "select 1 from collection_likes where collection_id = ? and user_id = ?").get(
      id,
      userId,
    ) !== undefined;
  const likeCount = statement(db, "select like_count from collections where id = ?")
    .pluck()
    .get(id) as number;
  return { liked, likeCount };
}

export function collectionLikeStatus(
  db: AppDatabase,
  viewer: NonNullable<Viewer>,
  id: number,
): CollectionLikeStatus {
  loadCollection(db, viewer, id);
  return statusOf(db, id, viewer.id);
}

/** Likes or unlikes (idempotent: a second like answers the same state). */
export function setCollectionLike(
  db: AppDatabase,
  viewer: NonNullable<Viewer>,
  id: number,
  liked: boolean,
  now: number,
): CollectionLikeStatus {
  return db.$client.transaction(() => {
    const { row } = loadCollection(db, viewer, id);
    if (row.deletedAt !== null) return statusOf(db, id, viewer.id);
    if (liked) {
      statement(
        db,
        `insert into collection_likes (collection_id, user_id, created_at) values (?, ?, ?)
         on conflict do nothing`,
      ).run(id, viewer.id, now);
    } else {
      statement(db, "delete from collection_likes where collection_id = ? and user_id = ?").run(
        id,
        viewer.id,
      );
    }
    return statusOf(db, id, viewer.id);
  })();
}
