import { getTableColumns, sql, type SQL } from "drizzle-orm";
import {
  ARTIFACT_FIELD_NAMES,
  artifact,
  artifactReview,
  likedArtifact,
} from "@artifact-atlas/shared";
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
 * The fields of an uploaded image (issue 19) that every answer carries beside the artifact's own,
 * each read from the images row whose path is the artifact's artifactImage; null for a URL
 * elsewhere. A lookup by primary key each, so a page of artifacts costs a few microseconds more.
 */
const UPLOADED_IMAGE_COLUMNS = {
  imageWidth: "width",
  imageHeight: "height",
  imagePlaceholder: "placeholder",
} as const;
type UploadedImageField = keyof typeof UPLOADED_IMAGE_COLUMNS;

/** SQL for one of the image's columns; the path is '/images/' followed by the 64-digit hash. */
function uploadedImageSql(field: UploadedImageField): string {
  return (
    `(select images.${UPLOADED_IMAGE_COLUMNS[field]} from images ` +
    "where images.hash = substr(artifacts.artifact_image, 9) " +
    "and artifacts.artifact_image = '/images/' || images.hash)"
  );
}

const storedKeys = artifact
  .keyof()
  .options.filter(
    (key): key is Exclude<typeof key, UploadedImageField> => !(key in UPLOADED_IMAGE_COLUMNS),
  );

function isUploadedImageField(key: string): key is UploadedImageField {
  return key in UPLOADED_IMAGE_COLUMNS;
}

const storedColumns = columnsOf(storedKeys);

/**
 * The columns every client may see, selected explicitly and in the order of the shared artifact
 * schema: the owner's id and email, and the row timestamps, stay on the server.
 */
export const artifactColumns = Object.fromEntries(
  artifact
    .keyof()
    .options.map((key) => [
      key,
      isUploadedImageField(key)
        ? sql`${sql.raw(uploadedImageSql(key))}`
        : storedColumns[key as (typeof storedKeys)[number]],
    ]),
) as typeof storedColumns & {
  imageWidth: SQL<number | null>;
  imageHeight: SQL<number | null>;
  imagePlaceholder: SQL<string | null>;
};

/** The columns its owner and curators see: the public ones and the review state. */
export const reviewedArtifactColumns = {
  ...artifactColumns,
  ...columnsOf(artifactReview.keyof().options),
};

/** Columns for hand-written SQL, under their API names, so that the two cannot drift. */
function selectList(keys: readonly (keyof TableColumns | UploadedImageField)[]): string {
  return keys
    .map((key) =>
      isUploadedImageField(key)
        ? `${uploadedImageSql(key)} as "${key}"`
        : `"${tableColumns[key].name}" as "${key}"`,
    )
    .join(", ");
}

/** The columns every client may see (artifactColumns), for hand-written SQL. */
export const ARTIFACT_SELECT = selectList(artifact.keyof().options);

/** With the review state: what a member's own list shows them (reviewedArtifactColumns). */
export const REVIEWED_ARTIFACT_SELECT = selectList([
  ...artifact.keyof().options,
  ...artifactReview.keyof().options,
]);

/** A row of the liked list. */
export const LIKED_ARTIFACT_SELECT = selectList(likedArtifact.keyof().options);

/** The editable fields, which a revision keeps (services/revisions.ts). */
export const artifactFieldColumns = columnsOf(ARTIFACT_FIELD_NAMES);
