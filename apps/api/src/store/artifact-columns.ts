import { getTableColumns, sql } from "drizzle-orm";
import { artifact, likedArtifact } from "@artifact-atlas/shared";
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

/**
 * The columns every client may see, selected explicitly and in the order of the shared artifact
 * schema: the owner's id and email, and the row timestamps, stay on the server.
 */
export const artifactColumns = {
  ...columnsOf(storedKeys),
  imageWidth: sql<number | null>`${sql.raw(uploadedImageSql("imageWidth"))}`,
  imageHeight: sql<number | null>`${sql.raw(uploadedImageSql("imageHeight"))}`,
  imagePlaceholder: sql<string | null>`${sql.raw(uploadedImageSql("imagePlaceholder"))}`,
};

/** A row of the liked list. */
export const likedArtifactColumns = columnsOf(likedArtifact.keyof().options);

/** The same columns for hand-written SQL, under their API names, so that the two cannot drift. */
export const ARTIFACT_SELECT = [
  ...storedKeys.map((key) => `"${tableColumns[key].name}" as "${key}"`),
  ...(Object.keys(UPLOADED_IMAGE_COLUMNS) as UploadedImageField[]).map(
    (field) => `${uploadedImageSql(field)} as "${field}"`,
  ),
].join(", ");
