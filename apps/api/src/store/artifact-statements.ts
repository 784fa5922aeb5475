import { and, asc, count, desc, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import { POPULAR_COUNT, SIMILAR_COUNT } from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { artifactColumns } from "./artifact-columns";
import { bySort, countStatement, LIST_ORDER, pagedStatement } from "./list-pages";

/**
 * The hot reads of artifacts, prepared once per database: rebuilding a Drizzle query costs many
 * times as much as running a prepared one (STACK_NOTES.md).
 */
export function prepareArtifactStatements(db: AppDatabase) {
  const sqlite = db.$client;
  const ofType = eq(artifacts.artifactType, sql.placeholder("type"));
  const ofOwner = eq(artifacts.ownerId, sql.placeholder("ownerId"));
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
    byId: db
      .select(artifactColumns)
      .from(artifacts)
      .where(eq(artifacts.id, sql.placeholder("id")))
      .prepare(),
    ownerOf: db
      .select({ ownerId: artifacts.ownerId })
      .from(artifacts)
      .where(eq(artifacts.id, sql.placeholder("id")))
      .prepare(),
    popular: db
      .select(artifactColumns)
      .from(artifacts)
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
        ),
      )
      .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
      .limit(SIMILAR_COUNT)
      .prepare(),
    /** A member's own artifacts, newest first, all read along artifacts_owner_idx (owner_id, id). */
    mine: {
      /** Keyset: up to :limit artifacts older than the artifact :before, however deep. */
      page: db
        .select(artifactColumns)
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
      /** count(*) reads the smallest index, not the table. */
      total: countStatement(sqlite, "select count(*) as total from artifacts"),
      page: bySort((sort) =>
        pagedStatement(
          sqlite,
          sort,
          (order) =>
            `select id from artifacts indexed by ${LIST_ORDER[sort].index} order by ${order}`,
        ),
      ),
    },
    mostLiked: { all: mostLiked(undefined), byType: mostLiked(ofType) },
    countByType: db
      .select({ total: sql<number>`count(*)` })
      .from(artifacts)
      .where(ofType)
      .prepare(),
    /** Moves with every added, renamed or deleted artifact (triggers of migration 0002). */
    namesVersion: sqlite
      .prepare<[], number>("select version from artifact_names_version where id = 1")
      .pluck(),
  };
}
