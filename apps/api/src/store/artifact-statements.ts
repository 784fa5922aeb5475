import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { POPULAR_COUNT, SIMILAR_COUNT } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { artifactColumns, reviewedArtifactColumns } from "./artifact-columns";
import { NOT_IN_TRASH, PUBLIC_ARTIFACT } from "./artifact-visibility";
import { bySort, LIST_ORDER, pagedStatement } from "./list-pages";

/**
 * The hot reads of artifacts, prepared once per database: rebuilding a Drizzle query costs many
 * times as much as running a prepared one (STACK_NOTES.md).
 */
export function prepareArtifactStatements(db: AppDatabase) {
  const sqlite = db.$client;
  /** Every public read says this (store/artifact-visibility.ts). */
  const isPublic = sql.raw(PUBLIC_ARTIFACT);
  const ofType = and(eq(artifacts.artifactType, sql.placeholder("type")), isPublic);
  /** A member's own artifacts, whatever their status, outside the trash. */
  const ofOwner = and(eq(artifacts.ownerId, sql.placeholder("ownerId")), sql.raw(NOT_IN_TRASH));
  /**
   * :limit rows after skipping :offset, in `order`: the ids from the narrow index first, so that a
   * deep OFFSET skips index entries rather than rows, then the rows by id.
   */
  const sliceInOrder = (where: SQL | undefined, order: SQL[]) =>
    db
      .select(artifactColumns)
      .from(artifacts)
      .where(
        inArray(
          artifacts.id,
          db
            .select({ id: artifacts.id })
            .from(artifacts)
            .where(where)
            .orderBy(...order)
            .limit(sql.placeholder("limit"))
            .offset(sql.placeholder("offset")),
        ),
      )
      .orderBy(...order)
      .prepare();
  const mostLikedOrder = [desc(artifacts.likeCount), asc(artifacts.id)];
  const mostLiked = (where: SQL | undefined) => sliceInOrder(where, mostLikedOrder);

  return {
    /** A public artifact: what everyone may read, and all the read cache keeps. */
    byId: db
      .select(artifactColumns)
      .from(artifacts)
      .where(and(eq(artifacts.id, sql.placeholder("id")), isPublic))
      .prepare(),
    /** Any artifact outside the trash, with its review state: for its owner and curators. */
    reviewedById: db
      .select({ ...reviewedArtifactColumns, ownerId: artifacts.ownerId })
      .from(artifacts)
      .where(and(eq(artifacts.id, sql.placeholder("id")), isNull(artifacts.deletedAt)))
      .prepare(),
    /** The owner of an artifact outside the trash: a trashed artifact is gone for its owner too. */
    ownerOf: db
      .select({ ownerId: artifacts.ownerId, status: artifacts.status })
      .from(artifacts)
      .where(and(eq(artifacts.id, sql.placeholder("id")), isNull(artifacts.deletedAt)))
      .prepare(),
    popular: db
      .select(artifactColumns)
      .from(artifacts)
      .where(isPublic)
      .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
      .limit(POPULAR_COUNT)
      .prepare(),
    similar: db
      .select(artifactColumns)
      .from(artifacts)
      .where(
        and(
          eq(artifacts.artifactType, sql.placeholder("type")),
          ne(artifacts.id, sql.placeholder("id")),
          isPublic,
        ),
      )
      .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
      .limit(SIMILAR_COUNT)
      .prepare(),
    /** A member's own artifacts, newest first, all read along artifacts_owner_idx (owner_id, id). */
    mine: {
      /** Keyset: up to :limit artifacts older than the artifact :before, however deep. */
      page: db
        .select(reviewedArtifactColumns)
        .from(artifacts)
        .where(and(ofOwner, lt(artifacts.id, sql.placeholder("before"))))
        .orderBy(desc(artifacts.id))
        .limit(sql.placeholder("limit"))
        .prepare(),
      /** The REST pages of a member's own artifacts, newest first. */
      slice: sliceInOrder(ofOwner, [desc(artifacts.id)]),
      total: db.select({ total: count() }).from(artifacts).where(ofOwner).prepare(),
    },
    list: {
      page: bySort((sort) =>
        pagedStatement(
          sqlite,
          sort,
          (order) =>
            `select id from artifacts indexed by ${LIST_ORDER[sort].index}
             where ${PUBLIC_ARTIFACT} order by ${order}`,
        ),
      ),
    },
    mostLiked: { all: mostLiked(isPublic), byType: mostLiked(ofType) },
    countByType: db
      .select({ total: sql<number>`count(*)` })
      .from(artifacts)
      .where(ofType)
      .prepare(),
    /**
     * Moves whenever the public set of names changes: an artifact added, renamed, deleted, or its
     * status or trash changed (triggers of migration 0013).
     */
    namesVersion: sqlite
      .prepare<[], number>("select version from artifact_names_version where id = 1")
      .pluck(),
    /** How many public artifacts there are, counted by the same triggers (migration 0013). */
    publicArtifacts: sqlite
      .prepare<[], number>("select public_artifacts from artifact_names_version where id = 1")
      .pluck(),
  };
}
