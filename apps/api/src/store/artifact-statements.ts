import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { artifactColumns, reviewedArtifactColumns } from "./artifact-columns";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/**
 * The hot reads of one artifact, prepared once per database: rebuilding a Drizzle query costs
 * many times as much as running a prepared one (STACK_NOTES.md). Lists are the find's (find.ts).
 */
export function prepareArtifactStatements(db: AppDatabase) {
  /** Every public read says this (store/artifact-visibility.ts). */
  const isPublic = sql.raw(PUBLIC_ARTIFACT);
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
  };
}
