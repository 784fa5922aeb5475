import { and, desc, eq, sql } from "drizzle-orm";
import { MESSAGES, type LikedArtifact, type LikeStatus } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts, likes } from "../db/schema";
import type { Actor } from "./artifacts";
import { ServiceError } from "./errors";
import { preparedPerDatabase } from "../db/prepared";

/*
 * artifacts.like_count is kept equal to the number of likes rows by the triggers of migration
 * 0001, inside the same transaction as the insert or delete: nothing here writes it.
 */

function prepareStatements(db: AppDatabase) {
  const artifactId = sql.placeholder("artifactId");
  const userId = sql.placeholder("userId");
  const likedByUser = sql<boolean>`exists (
    select 1 from ${likes} where ${likes.artifactId} = ${artifacts.id} and ${likes.userId} = ${userId}
  )`.mapWith(Boolean);
  return {
    /** No row means no such artifact. */
    status: db
      .select({
        likeCount: artifacts.likeCount,
        liked: likedByUser,
      })
      .from(artifacts)
      .where(eq(artifacts.id, artifactId))
      .prepare(),
    insert: db.insert(likes).values({ artifactId, userId }).onConflictDoNothing().prepare(),
    delete: db
      .delete(likes)
      .where(and(eq(likes.artifactId, artifactId), eq(likes.userId, userId)))
      .prepare(),
    list: db
      .select({
        id: artifacts.id,
        artifactName: artifacts.artifactName,
        artifactType: artifacts.artifactType,
        createdAt: artifacts.createdAt,
      })
      .from(likes)
      .innerJoin(artifacts, eq(artifacts.id, likes.artifactId))
      .where(eq(likes.userId, userId))
      // liked_at has millisecond resolution; the rowid keeps likes of the same millisecond in order.
      .orderBy(desc(likes.likedAt), desc(sql`${likes}.rowid`))
      .prepare(),
  };
}

const statements = preparedPerDatabase(prepareStatements);

function currentStatus(db: AppDatabase, actor: Actor, artifactId: number): LikeStatus {
  const status = statements(db).status.get({ artifactId, userId: actor.id });
  if (!status) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  return status;
}

/** Whether the actor likes the artifact, and its like count. */
export function likeStatus(db: AppDatabase, actor: Actor, input: { id: number }): LikeStatus {
  return currentStatus(db, actor, input.id);
}

/** Idempotent: liking twice leaves one like. Answers the state after the change. */
export function likeArtifact(db: AppDatabase, actor: Actor, input: { id: number }): LikeStatus {
  return db.transaction(
    () => {
      currentStatus(db, actor, input.id);
      statements(db).insert.run({ artifactId: input.id, userId: actor.id });
      return currentStatus(db, actor, input.id);
    },
    { behavior: "immediate" },
  );
}

/** Idempotent: unliking what is not liked changes nothing. Answers the state after the change. */
export function unlikeArtifact(db: AppDatabase, actor: Actor, input: { id: number }): LikeStatus {
  return db.transaction(
    () => {
      currentStatus(db, actor, input.id);
      statements(db).delete.run({ artifactId: input.id, userId: actor.id });
      return currentStatus(db, actor, input.id);
    },
    { behavior: "immediate" },
  );
}

/** The actor's liked artifacts, most recently liked first. */
export function likedArtifacts(db: AppDatabase, actor: Actor): LikedArtifact[] {
  return statements(db).list.all({ userId: actor.id });
}
