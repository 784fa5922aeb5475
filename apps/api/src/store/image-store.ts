import { createImageQueue } from "../services/images/queue";
import { createImageStorage } from "../services/images/storage";
import type { AppDatabase } from "../db/client";
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/**
 * How many uploads, arrived whole, the server holds at once (waiting or being processed); each
 * account sends one at a time (services/images/queue.ts).
 */
export const MAX_UPLOADS_AT_ONCE = 4;

export interface UploadedImageRow {
  hash: string;
  width: number;
  height: number;
  placeholder: string;
}

/**
 * Every image path still referred to, one per row (services/images/prune.ts removes the rest):
 * the artifacts (trashed ones included), every revision of them, so that restoring an old version
 * finds its image, and the edits waiting for approval (REVIEW_MODE=pre), so that approving one
 * does too (docs/decisions/076-images-of-revisions.md). The artifacts' and the revisions' lines say
 * their partial index's own expression and `like` term, so each reads only that index; the open
 * queue entries are few.
 */
export const IMAGE_PATHS_IN_USE = `
  select artifact_image from artifacts where artifact_image like '/images/%'
  union
  select fields ->> '$.artifactImage' from artifact_revisions
  where fields ->> '$.artifactImage' like '/images/%'
  union
  select proposed ->> '$.artifactImage' from review_queue
  where decided_at is null and waiting = 1 and proposed ->> '$.artifactImage' like '/images/%'
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
      /** Who made an image's files and their size (the first account to upload those bytes). */
      recordUploader: sqlite.prepare<[string, number, number]>(
        `insert into image_uploaders (hash, uploaded_by, bytes) values (?, ?, ?)
         on conflict (hash) do nothing`,
      ),
      /** What an account's uploads take on disk, in bytes (its quota's use). */
      bytesUploadedBy: sqlite
        .prepare<[number], number>(
          "select coalesce(sum(bytes), 0) from image_uploaders where uploaded_by = ?",
        )
        .pluck(),
      /**
       * Whether a public artifact shows the image at `path` (/images/<hash>): only then may its
       * files be cached by anyone. The `like` term lets SQLite read the uploaded images' index.
       */
      shownPublicly: sqlite
        .prepare<[string], number>(
          `select 1 from artifacts
           where artifact_image = ? and artifact_image like '/images/%' and ${PUBLIC_ARTIFACT}
           limit 1`,
        )
        .pluck(),
      remove: sqlite.prepare<[string]>("delete from images where hash = ?"),
      known: sqlite.prepare<[string], number>("select 1 from images where hash = ?").pluck(),
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
