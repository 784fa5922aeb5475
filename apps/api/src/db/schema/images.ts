import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { belongsTo } from "./columns";
import { users } from "./users";

/**
 * Images uploaded to Atlas (issue 19). The files live in the images folder under the hash
 * (services/images/storage.ts); this row says what the web app needs to show them without
 * looking at the files: the largest derivative's size and a tiny placeholder.
 */
export const images = sqliteTable("images", {
  /** SHA-256 of the uploaded bytes, in hex: the image's path is /images/<hash>. */
  hash: text("hash").primaryKey(),
  /** The largest derivative's size in pixels (upright, at most IMAGE_MAX_SIDE on each side). */
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** A blurred WebP about 16 pixels wide, as a data: URL. */
  placeholder: text("placeholder").notNull(),
  /**
   * The master's size (issue 30): upright, at most IMAGE_MASTER_MAX_SIDE on each side. Its IIIF
   * tile pyramid has the same size. Null for an image uploaded before masters were kept: it has
   * neither master nor tiles.
   */
  masterWidth: integer("master_width"),
  masterHeight: integer("master_height"),
  /**
   * When it was uploaded (or uploaded again): an image no artifact refers to is removed only once
   * it is older than the clean-up's grace period, so that a form being filled in keeps its upload.
   */
  uploadedAt: integer("uploaded_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Who uploaded each image, and what its files take on disk: an account's uploads count against its
 * quota (issue 28). The same bytes uploaded again by another account cost that one nothing (a row
 * of 0 bytes, which lets it see its upload before it is saved: issue 30). The row goes with its
 * image (the clean-up) and with its account (decision 033); images uploaded before the quota have
 * none.
 */
export const imageUploaders = sqliteTable(
  "image_uploaders",
  {
    hash: text("hash")
      .notNull()
      .references(() => images.hash, { onDelete: "cascade" }),
    uploadedBy: belongsTo("uploaded_by", () => users.id),
    /** The derivatives' size on disk, in bytes. */
    bytes: integer("bytes").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.hash, table.uploadedBy] }),
    /** An account's use of its quota is the sum of its rows. */
    index("image_uploaders_uploaded_by_idx").on(table.uploadedBy, table.bytes),
  ],
);
