import { and, eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client";
import { artifacts, likes } from "../db/schema";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/*
 * artifacts.like_count is kept equal to the number of likes rows by the triggers of migration
 * 0001, inside the same transaction as the insert or delete: nothing here writes it.
 */

function prepareLikeStatements(db: AppDatabase) {
  const artifactId = sql.placeholder("artifactId");
  const userId = sql.placeholder("userId");
  const isPublic = sql.raw(PUBLIC_ARTIFACT);
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
  };
}

/** What the like services go through, made once with the database and passed in deps. */
export function createLikeStore(db: AppDatabase) {
  return { db, statements: prepareLikeStatements(db) };
}

export type LikeStore = ReturnType<typeof createLikeStore>;
