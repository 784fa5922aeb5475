import {
  MESSAGES,
  type LikedArtifact,
  type LikedArtifactsPage,
  type LikeStatus,
} from "@artifact-atlas/shared";
import type { LikeStore } from "../store/like-store";
import type { Actor } from "./artifacts";
import {
  positionBefore,
  toCursorPage,
  type CursorPageInput,
  type OffsetPageInput,
} from "./cursor-pages";
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

/** Idempotent: liking twice leaves one like. Answers the state after the change. */
export function likeArtifact(store: LikeStore, actor: Actor, input: { id: number }): LikeStatus {
  return store.db.transaction(
    () => {
      currentStatus(store, actor, input.id);
      store.statements.insert.run({ artifactId: input.id, userId: actor.id });
      return currentStatus(store, actor, input.id);
    },
    { behavior: "immediate" },
  );
}

/** Idempotent: unliking what is not liked changes nothing. Answers the state after the change. */
export function unlikeArtifact(store: LikeStore, actor: Actor, input: { id: number }): LikeStatus {
  return store.db.transaction(
    () => {
      currentStatus(store, actor, input.id);
      store.statements.delete.run({ artifactId: input.id, userId: actor.id });
      return currentStatus(store, actor, input.id);
    },
    { behavior: "immediate" },
  );
}

/** A page of the actor's liked artifacts, most recently liked first; the cursor is a like's id. */
export function likedArtifacts(
  store: LikeStore,
  actor: Actor,
  input: CursorPageInput,
): LikedArtifactsPage {
  const rows = store.statements.list.page.all({
    userId: actor.id,
    before: positionBefore(input.cursor),
    limit: input.limit + 1,
  });
  return toCursorPage(
    rows,
    input.limit,
    (row) => row.likeId,
    ({ likeId: _likeId, ...artifact }) => artifact,
  );
}

/** A slice of the actor's liked artifacts, most recently liked first, and how many in all (REST). */
export function likedArtifactsSlice(
  store: LikeStore,
  actor: Actor,
  input: OffsetPageInput,
): { items: LikedArtifact[]; total: number } {
  const { list } = store.statements;
  const total = list.total.get({ userId: actor.id })?.total ?? 0;
  const items = input.offset < total ? list.slice.all({ userId: actor.id, ...input }) : [];
  return { items, total };
}
