import { and, eq, inArray, max, sql } from "drizzle-orm";
import {
  ARTIFACT_FIELD_NAMES,
  CREATED_SUMMARY,
  MESSAGES,
  NOT_EVALUATED,
  pickArtifactFields,
  sameImages,
  type ArtifactFields,
  type ArtifactTextFields,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifactImages, artifactRevisions, artifacts, revisionImages } from "../db/schema";
import { artifactFieldColumns } from "../store/artifact-columns";
import { imagesOf, uploadedPaths } from "./artifact-images";
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
  const { id } = tx
    .insert(artifactRevisions)
    .values({
      artifactId: entry.artifactId,
      number,
      actorId: entry.actorId,
      summary: entry.summary,
      fields: pickArtifactFields(fields),
    })
    .returning({ id: artifactRevisions.id })
    .get();
  recordRevisionImages(tx, [{ revisionId: id, fields }]);
  return number;
}

/** The uploads each revision shows, which the image clean-up and access check read. */
function recordRevisionImages(
  tx: Pick<AppDatabase, "insert">,
  revisions: { revisionId: number; fields: ArtifactFields }[],
): void {
  const rows = revisions.flatMap(({ revisionId, fields }) =>
    uploadedPaths(fields.images).map((path) => ({ revisionId, path })),
  );
  if (rows.length > 0) tx.insert(revisionImages).values(rows).run();
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
  const rows = tx
    .insert(artifactRevisions)
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
    .returning({ id: artifactRevisions.id, artifactId: artifactRevisions.artifactId })
    .all();
  const byArtifact = new Map(created.map((one) => [one.artifactId, one.fields]));
  recordRevisionImages(
    tx,
    rows.map((row) => ({ revisionId: row.id, fields: byArtifact.get(row.artifactId)! })),
  );
}

/** Artifacts per statement of recordDecisionRevisions: far below SQLite's variable limit. */
const DECISION_BATCH = 500;

/**
 * The next revision of many artifacts at once, each with its fields as they are in `tx` and the
 * same summary: what recordRevision writes for each, one statement per batch (a decision on an
 * import's rows, issue 28), its images in order and the uploads among them named in
 * revision_images (issue 30).
 */
export function recordDecisionRevisions(
  tx: Pick<AppDatabase, "run">,
  artifactIds: readonly number[],
  entry: { actorId: number | null; summary: string },
): void {
  const fields = sql.join(
    ARTIFACT_FIELD_NAMES.map((name) => sql`${name}, ${artifactFieldColumns[name]}`),
    sql`, `,
  );
  const image = artifactImages;
  const images = sql`json((select json_group_array(json_object('url', ${image.url},
    'alt', ${image.alt}, 'caption', ${image.caption}, 'rights', ${image.rights},
    'credit', ${image.credit}) order by ${image.position})
    from ${image} where ${image.artifactId} = ${artifacts.id}))`;
  for (let start = 0; start < artifactIds.length; start += DECISION_BATCH) {
    const batch = artifactIds.slice(start, start + DECISION_BATCH);
    tx.run(sql`insert into ${artifactRevisions} (artifact_id, number, actor_id, summary, fields)
      select ${artifacts.id},
        coalesce((select max(${artifactRevisions.number}) from ${artifactRevisions}
          where ${artifactRevisions.artifactId} = ${artifacts.id}), 0) + 1,
        ${entry.actorId}, ${entry.summary}, json_object(${fields}, 'images', ${images})
      from ${artifacts} where ${inArray(artifacts.id, [...batch])}`);
    tx.run(sql`insert into ${revisionImages} (revision_id, path)
      select distinct latest.id, ${image.url}
      from ${artifactRevisions} latest join ${image} on ${image.artifactId} = latest.artifact_id
      where ${inArray(sql`latest.artifact_id`, [...batch])}
        and latest.number = (select max(number) from ${artifactRevisions} newest
          where newest.artifact_id = latest.artifact_id)
        and ${image.url} like '/images/%'`);
  }
}

/** The artifact's editable fields as they are now, or undefined when there is no such artifact. */
export function artifactFieldsIn(tx: Writer, artifactId: number): ArtifactFields | undefined {
  const text = tx
    .select(artifactFieldColumns)
    .from(artifacts)
    .where(eq(artifacts.id, artifactId))
    .get();
  return text && { ...text, images: imagesOf(tx, artifactId) };
}

/**
 * Fields as a revision or a waiting edit kept them: one kept before a field existed holds no value
 * for it, read as blank, and one kept before issue 30 holds no images, read as its one image
 * (artifactImage, imageAlt), "Copyright Not Evaluated" as every image was then.
 */
export function fieldsAsKept(stored: Partial<ArtifactFields>): ArtifactFields {
  const entries = ARTIFACT_FIELD_NAMES.map((name) => [name, stored[name] ?? ""]);
  const text = Object.fromEntries(entries) as ArtifactTextFields;
  const images = stored.images ?? [
    { url: text.artifactImage, alt: text.imageAlt, caption: "", rights: NOT_EVALUATED, credit: "" },
  ];
  return { ...text, images };
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
 * (CONFLICT, and the caller writes nothing).
 */
export function assertBaseIsCurrent(
  tx: Writer,
  input: { artifactId: number; baseRevision: number; current: ArtifactFields },
): void {
  if (fieldsChangedSince(tx, input.artifactId, input.baseRevision, input.current)) {
    throw new ServiceError("CONFLICT", MESSAGES.editConflict);
  }
}

/**
 * Whether the artifact's fields (`current`) differ from what revision `revision` held: what someone
 * who saw that revision did not see. A newer revision that left the fields as they were (a
 * reviewer's decision) changed nothing they saw; an unknown revision is a change.
 */
export function fieldsChangedSince(
  tx: Writer,
  artifactId: number,
  revision: number,
  current: ArtifactFields,
): boolean {
  if (revision === latestRevisionNumber(tx, artifactId)) return false;
  const seen = tx
    .select({ fields: artifactRevisions.fields })
    .from(artifactRevisions)
    .where(
      and(eq(artifactRevisions.artifactId, artifactId), eq(artifactRevisions.number, revision)),
    )
    .get();
  return !seen || !sameFields(fieldsAsKept(seen.fields), current);
}

function sameFields(a: ArtifactFields, b: ArtifactFields): boolean {
  return (
    ARTIFACT_FIELD_NAMES.every((name) => a[name] === b[name]) && sameImages(a.images, b.images)
  );
}
