import { MESSAGES, type LikeStatus } from "@artifact-atlas/shared";
import type { LikeStore } from "../store/like-store";
import type { Actor } from "./artifacts";
import { ServiceError } from "./errors";

/* The like count moves only by trigger, in the same transaction as the like (store/like-store.ts). */

function currentStatus(store: LikeStore, actor: Actor, artifactId: number): LikeStatus {
  const status = store.statements.status.get({ artifactId, userId: actor.id });
  if (!status) throw new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
  return status;
}

/** Whether the actor likes the artifact, and its like count. */
export function likeStatus(store: LikeStore, actor: Actor, input: { id: number }): LikeStatus {
  return currentStatus(store, actor, input.id);
}

/**
 * Likes or unlikes an artifact, idempotently: liking twice leaves one like, unliking what is not
 * liked changes nothing. Answers the state after the change.
 */
export function setLike(
  store: LikeStore,
  actor: Actor,
  input: { id: number },
  liked: boolean,
): LikeStatus {
  return store.db.transaction(
    () => {
      currentStatus(store, actor, input.id);
      const like = { artifactId: input.id, userId: actor.id };
      if (liked) store.statements.insert.run(like);
      else store.statements.delete.run(like);
      return currentStatus(store, actor, input.id);
    },
    { behavior: "immediate" },
  );
}
