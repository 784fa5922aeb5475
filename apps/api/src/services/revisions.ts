import { and, eq, max } from "drizzle-orm";
import {
  ARTIFACT_FIELD_NAMES,
  CREATED_SUMMARY,
  MESSAGES,
  pickArtifactFields,
  type ArtifactFields,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifactRevisions, artifacts } from "../db/schema";
import { artifactFieldColumns } from "../store/artifact-columns";
import { ServiceError } from "./errors";

/*
 * An artifact's history (issue 17, docs/decisions/055-revision-history.md): every create, edit,
 * restore and decision appends a revision holding the artifact's fields as they then were, in the
 * transaction of the change itself.
 */

/** A transaction (or the database) to read and write revisions through. */
type Writer = Pick<AppDatabase, "select" | "insert">;

export interface RevisionEntry {
  artifactId: number;
  /** Who made the change: the session's user; null for the server itself. */
  actorId: number | null;
  /** "Created", "Edited: name, historical context", "Restored version 3", … */
  summary: string;
}

/**
 * Appends the artifact as it is in `tx` as its next revision and answers that revision's number.
 * Call it inside the transaction that changed the artifact, after the change.
 */
export function recordRevision(tx: Writer, entry: RevisionEntry): number {
  const fields = artifactFieldsIn(tx, entry.artifactId);
  if (!fields) throw new Error(`No artifact ${entry.artifactId} to record a revision of.`);
  const number = latestRevisionNumber(tx, entry.artifactId) + 1;
  tx.insert(artifactRevisions)
    .values({
      artifactId: entry.artifactId,
      number,
      actorId: entry.actorId,
      summary: entry.summary,
      fields: pickArtifactFields(fields),
    })
    .run();
  return number;
}

/**
 * Revision 1, "Created", of artifacts just inserted with these fields (an import's batch): what
 * recordRevision writes for one new artifact, in one statement for many.
 */
export function recordCreatedRevisions(
  tx: Pick<AppDatabase, "insert">,
  created: { artifactId: number; fields: ArtifactFields }[],
  entry: { actorId: number; at: Date },
): void {
  if (created.length === 0) return;
  tx.insert(artifactRevisions)
    .values(
      created.map(({ artifactId, fields }) => ({
        artifactId,
        number: 1,
        actorId: entry.actorId,
        at: entry.at,
        summary: CREATED_SUMMARY,
        fields: pickArtifactFields(fields),
      })),
    )
    .run();
}

/** The artifact's editable fields as they are now, or undefined when there is no such artifact. */
export function artifactFieldsIn(tx: Writer, artifactId: number): ArtifactFields | undefined {
  return tx.select(artifactFieldColumns).from(artifacts).where(eq(artifacts.id, artifactId)).get();
}

/** The number of the artifact's newest revision; 0 when it has none. */
export function latestRevisionNumber(tx: Writer, artifactId: number): number {
  const row = tx
    .select({ number: max(artifactRevisions.number) })
    .from(artifactRevisions)
    .where(eq(artifactRevisions.artifactId, artifactId))
    .get();
  return row?.number ?? 0;
}

/**
 * Refuses a save that started from `baseRevision` when someone changed the artifact's fields since
 * (CONFLICT, and the caller writes nothing). A newer revision that left the fields as they were
 * (a reviewer's decision) is no conflict: nothing the editor started from would be overwritten.
 */
export function assertBaseIsCurrent(
  tx: Writer,
  input: { artifactId: number; baseRevision: number; current: ArtifactFields },
): void {
  if (input.baseRevision === latestRevisionNumber(tx, input.artifactId)) return;
  const base = tx
    .select({ fields: artifactRevisions.fields })
    .from(artifactRevisions)
    .where(
      and(
        eq(artifactRevisions.artifactId, input.artifactId),
        eq(artifactRevisions.number, input.baseRevision),
      ),
    )
    .get();
  if (!base || !sameFields(base.fields, input.current)) {
    throw new ServiceError("CONFLICT", MESSAGES.editConflict);
  }
}

function sameFields(a: ArtifactFields, b: ArtifactFields): boolean {
  return ARTIFACT_FIELD_NAMES.every((name) => a[name] === b[name]);
}
