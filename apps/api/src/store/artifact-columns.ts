import { getTableColumns } from "drizzle-orm";
import { ARTIFACT_FIELD_NAMES, artifact, likedArtifact } from "@artifact-atlas/shared";
import { artifacts } from "../db/schema";

const tableColumns = getTableColumns(artifacts);
type TableColumns = typeof tableColumns;

/**
 * The columns of the keys of a shared schema, which names them as the table does: a key that is no
 * column does not compile.
 */
function columnsOf<Key extends keyof TableColumns>(keys: readonly Key[]): Pick<TableColumns, Key> {
  return Object.fromEntries(keys.map((key) => [key, tableColumns[key]])) as Pick<TableColumns, Key>;
}

/**
 * The columns every client may see, selected explicitly and in the order of the shared artifact
 * schema: the owner's id and email, and the row timestamps, stay on the server.
 */
export const artifactColumns = columnsOf(artifact.keyof().options);

/** A row of the liked list. */
export const likedArtifactColumns = columnsOf(likedArtifact.keyof().options);

/** The same columns for hand-written SQL, under their API names, so that the two cannot drift. */
export const ARTIFACT_SELECT = Object.entries(artifactColumns)
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(", ");

/** The editable fields, which a revision keeps (services/revisions.ts). */
export const artifactFieldColumns = columnsOf(ARTIFACT_FIELD_NAMES);
