import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RIGHTS_URIS } from "@artifact-atlas/shared";
import { belongsTo } from "./columns";
import { artifacts } from "./artifacts";
import { artifactRevisions } from "./revisions";

/** The upload paths' own condition: the indexes below hold these rows only. */
const isUpload = (column: unknown) => sql`${column} like '/images/%'`;

/**
 * An artifact's images in their order (issue 30): position 0 is the primary one, which the
 * artifact's own artifact_image, image_alt and image_rights repeat for the lists, so that no list
 * reads this table. Written only by services/artifact-images.ts, in the transaction of the save.
 */
export const artifactImages = sqliteTable(
  "artifact_images",
  {
    artifactId: belongsTo("artifact_id", () => artifacts.id),
    /** 0 for the primary image, then 1, 2, … without gaps. */
    position: integer("position").notNull(),
    /** An http(s) URL, or /images/<hash> for an upload. */
    url: text("url").notNull(),
    alt: text("alt").notNull().default(""),
    caption: text("caption").notNull().default(""),
    /** One of RIGHTS_URIS (packages/shared/src/rights.ts). */
    rights: text("rights", { enum: RIGHTS_URIS }).notNull(),
    /** Who made the photo or holds it; empty when not given. */
    credit: text("credit").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.artifactId, table.position] }),
    /**
     * The uploads in use: the clean-up's union, and whether an upload may be shown to a viewer
     * (services/images/access.ts), read this index alone.
     */
    index("artifact_images_uploaded_idx")
      .on(table.url, table.artifactId)
      .where(isUpload(table.url)),
    check("artifact_images_position_known", sql`${table.position} between 0 and 11`),
  ],
);

/**
 * The uploads each revision shows (issue 30): a revision's images are JSON, which no index can
 * look into, so the clean-up and the access check read this instead. Written with the revision,
 * and gone with it.
 */
export const revisionImages = sqliteTable(
  "revision_images",
  {
    revisionId: belongsTo("revision_id", () => artifactRevisions.id),
    /** /images/<hash>. */
    path: text("path").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.revisionId, table.path] }),
    index("revision_images_path_idx").on(table.path, table.revisionId),
  ],
);

/**
 * The site's rights settings (issue 30): one row, set by admins; without it the defaults of
 * DEFAULT_SITE_RIGHTS hold.
 */
export const siteSettings = sqliteTable(
  "site_settings",
  {
    id: integer("id").primaryKey(),
    /** What the site's data about artifacts is published under. */
    metadataLicense: text("metadata_license", { enum: RIGHTS_URIS }).notNull(),
    /** What the form proposes for an upload. */
    uploadRights: text("upload_rights", { enum: RIGHTS_URIS }).notNull(),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);
