import { createImageQueue } from "../services/images/queue";
import { createImageStorage } from "../services/images/storage";
import type { AppDatabase } from "../db/client";

/** How many uploads the server takes on at once (receiving or waiting or being processed). */
export const MAX_UPLOADS_AT_ONCE = 4;

export interface UploadedImageRow {
  hash: string;
  width: number;
  height: number;
  placeholder: string;
}

/**
 * Every image path still referred to, one per row (services/images/prune.ts removes the rest).
 * Each source of references is one line of this union: artifact revisions (issue 17) add
 * `union select artifact_image from <revisions table> where artifact_image like '/images/%'`.
 * The `like` term is the partial index's own, so each line reads only that index.
 */
export const IMAGE_PATHS_IN_USE = `
  select artifact_image from artifacts where artifact_image like '/images/%'
`;

export interface ImageStoreOptions {
  /** The images folder (env.imagesDir). */
  dir: string;
  /** The clock the clean-up's grace period is measured by; tests pass their own. */
  now?: () => number;
}

/**
 * Uploaded images: their rows (prepared once), their files, and the line they are processed in.
 * Made once with the database and passed in deps, like the artifact store.
 */
export function createImageStore(db: AppDatabase, options: ImageStoreOptions) {
  const sqlite = db.$client;
  return {
    db,
    now: options.now ?? Date.now,
    storage: createImageStorage(options.dir),
    queue: createImageQueue(MAX_UPLOADS_AT_ONCE),
    statements: {
      byHash: sqlite.prepare<[string], UploadedImageRow>(
        "select hash, width, height, placeholder from images where hash = ?",
      ),
      /** A new image, or the same bytes uploaded again: its grace period starts anew. */
      save: sqlite.prepare<[string, number, number, string, number]>(
        `insert into images (hash, width, height, placeholder, uploaded_at) values (?, ?, ?, ?, ?)
         on conflict (hash) do update set uploaded_at = excluded.uploaded_at`,
      ),
      /** Up to :limit images uploaded before :before that nothing refers to. */
      unused: sqlite
        .prepare<{ before: number; limit: number }, string>(
          `select hash from images
           where uploaded_at < :before and '/images/' || hash not in (${IMAGE_PATHS_IN_USE})
           limit :limit`,
        )
        .pluck(),
      remove: sqlite.prepare<[string]>("delete from images where hash = ?"),
      known: sqlite.prepare<[string], number>("select 1 from images where hash = ?").pluck(),
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
