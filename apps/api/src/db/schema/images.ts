import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
   * When it was uploaded (or uploaded again): an image no artifact refers to is removed only once
   * it is older than the clean-up's grace period, so that a form being filled in keeps its upload.
   */
  uploadedAt: integer("uploaded_at", { mode: "timestamp_ms" }).notNull(),
});
