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
  /** Null for an image uploaded before masters were kept: it has no tiles. */
  masterWidth: number | null;
  masterHeight: number | null;
}

/** A new image's row. */
export interface NewImageRow {
  hash: string;
  width: number;
  height: number;
  placeholder: string;
  masterWidth: number;
  masterHeight: number;
  uploadedAt: number;
}

/**
 * Every image path still referred to, one per row (services/images/prune.ts removes the rest):
 * every image of every artifact (trashed ones included), every revision of them, so that restoring
 * an old version finds its images, and the edits waiting for approval (REVIEW_MODE=pre), so that
 * approving one does too (decision 035). The artifacts' line says its partial index's `like`
 * term, so it reads only that index, and revision_images holds uploads only; the open queue
 * entries are few. A waiting edit saved before issue 30 names its one image in artifactImage.
 */
export const IMAGE_PATHS_IN_USE = `
  select url from artifact_images where url like '/images/%'
  union
  select path from revision_images
  union
  select proposed ->> '$.artifactImage' from review_queue
  where decided_at is null and waiting = 1 and proposed ->> '$.artifactImage' like '/images/%'
  union
  select image.value ->> '$.url' from review_queue, json_each(review_queue.proposed, '$.images') image
  where decided_at is null and waiting = 1 and image.value ->> '$.url' like '/images/%'
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
        `select hash, width, height, placeholder, master_width as masterWidth,
         master_height as masterHeight from images where hash = ?`,
      ),
      /** A new image. */
      save: sqlite.prepare<NewImageRow>(
        `insert into images (hash, width, height, placeholder, master_width, master_height,
         uploaded_at) values (:hash, :width, :height, :placeholder, :masterWidth, :masterHeight,
         :uploadedAt)`,
      ),
      /** The same bytes uploaded again: the grace period starts anew. */
      uploadedAgain: sqlite.prepare<{ hash: string; uploadedAt: number }>(
        "update images set uploaded_at = :uploadedAt where hash = :hash",
      ),
      /** Up to :limit images uploaded before :before that nothing refers to. */
      unused: sqlite
        .prepare<{ before: number; limit: number }, string>(
          `select hash from images
           where uploaded_at < :before and '/images/' || hash not in (${IMAGE_PATHS_IN_USE})
           limit :limit`,
        )
        .pluck(),
      /**
       * Who uploaded an image, and what its files take for the first account to upload those
       * bytes (0 for any other).
       */
      recordUploader: sqlite.prepare<[string, number, number]>(
        `insert into image_uploaders (hash, uploaded_by, bytes) values (?, ?, ?)
         on conflict (hash, uploaded_by) do nothing`,
      ),
      /** What an account's uploads take on disk, in bytes (its quota's use). */
      bytesUploadedBy: sqlite
        .prepare<[number], number>(
          "select coalesce(sum(bytes), 0) from image_uploaders where uploaded_by = ?",
        )
        .pluck(),
      /**
       * Whether a public artifact shows the image at `path` (/images/<hash>), as any of its
       * images: only then may anyone see its files, and caches keep them (issue 30). The `like`
       * term lets SQLite read the uploaded images' index.
       */
      shownPublicly: sqlite
        .prepare<[string], number>(
          `select 1 from artifact_images image join artifacts on artifacts.id = image.artifact_id
           where image.url = ? and image.url like '/images/%' and ${PUBLIC_ARTIFACT}
           limit 1`,
        )
        .pluck(),
      /**
       * Whether `viewer` uploaded the image, or owns an artifact outside the trash that shows it
       * now or showed it in a revision: they may see it while no public artifact does.
       */
      shownToOwner: sqlite
        .prepare<{ hash: string; path: string; viewer: number }, number>(
          `select 1 from image_uploaders where hash = :hash and uploaded_by = :viewer
           union all
           select 1 from artifact_images image join artifacts on artifacts.id = image.artifact_id
           where image.url = :path and image.url like '/images/%' and owner_id = :viewer
             and deleted_at is null
           union all
           select 1 from revision_images shown
             join artifact_revisions revision on revision.id = shown.revision_id
             join artifacts on artifacts.id = revision.artifact_id
           where shown.path = :path and owner_id = :viewer and deleted_at is null
           limit 1`,
        )
        .pluck(),
      remove: sqlite.prepare<[string]>("delete from images where hash = ?"),
      known: sqlite.prepare<[string], number>("select 1 from images where hash = ?").pluck(),
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
