import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client";
import { artifacts, likes } from "../db/schema";
import { likedArtifactColumns } from "./artifact-columns";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/*
 * artifacts.like_count is kept equal to the number of likes rows by the triggers of migration
 * 0001, inside the same transaction as the insert or delete: nothing here writes it.
 */

function prepareLikeStatements(db: AppDatabase) {
  const artifactId = sql.placeholder("artifactId");
  const userId = sql.placeholder("userId");
  const isPublic = sql.raw(PUBLIC_ARTIFACT);
  /** A member's likes of public artifacts: a hidden or trashed one leaves every liked list. */
  const ofUser = and(eq(likes.userId, userId), isPublic);
  const publicArtifact = and(eq(artifacts.id, likes.artifactId), isPublic);
  const likeId = sql<number>`${likes}.rowid`;
  const likedByUser = sql<boolean>`exists (
    select 1 from ${likes} where ${likes.artifactId} = ${artifacts.id} and ${likes.userId} = ${userId}
  )`.mapWith(Boolean);
  return {
    /** No row means no such public artifact: only those can be liked. */
    status: db
      .select({
        likeCount: artifacts.likeCount,
        liked: likedByUser,
      })
      .from(artifacts)
      .where(and(eq(artifacts.id, artifactId), isPublic))
      .prepare(),
    insert: db.insert(likes).values({ artifactId, userId }).onConflictDoNothing().prepare(),
    delete: db
      .delete(likes)
      .where(and(eq(likes.artifactId, artifactId), eq(likes.userId, userId)))
      .prepare(),
    /**
     * A member's liked artifacts, most recently liked first. A like's rowid is its id: SQLite gives
     * each new row a rowid above every other, so the newest like has the highest, and
     * likes_user_idx (user_id, then the rowid) holds a member's likes in that order.
     */
    list: {
      /** Keyset: up to :limit likes older than the like :before, however deep. */
      page: db
        .select({ likeId, ...likedArtifactColumns })
        .from(likes)
        .innerJoin(artifacts, publicArtifact)
        .where(and(ofUser, lt(likeId, sql.placeholder("before"))))
        .orderBy(desc(likeId))
        .limit(sql.placeholder("limit"))
        .prepare(),
      /** :limit after skipping :offset (the REST pages): the likes from the index first, then rows. */
      slice: db
        .select(likedArtifactColumns)
        .from(likes)
        .innerJoin(artifacts, eq(artifacts.id, likes.artifactId))
        .where(
          inArray(
            likeId,
            db
              .select({ likeId })
              .from(likes)
              .innerJoin(artifacts, publicArtifact)
              .where(ofUser)
              .orderBy(desc(likeId))
              .limit(sql.placeholder("limit"))
              .offset(sql.placeholder("offset")),
          ),
        )
        .orderBy(desc(likeId))
        .prepare(),
      total: db
        .select({ total: count() })
        .from(likes)
        .innerJoin(artifacts, publicArtifact)
        .where(ofUser)
        .prepare(),
    },
  };
}

/** What the like services go through, made once with the database and passed in deps. */
export function createLikeStore(db: AppDatabase) {
  return { db, statements: prepareLikeStatements(db) };
}

export type LikeStore = ReturnType<typeof createLikeStore>;
