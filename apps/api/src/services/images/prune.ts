import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ImageStore } from "../../store/image-store";
import { folderBytes, isImageHash } from "./storage";

/**
 * How long an image nobody refers to is kept: long enough for a person who uploaded one to finish
 * filling in the form (docs/decisions/037-image-clean-up.md).
 */
export const UNUSED_IMAGE_GRACE_MS = 60 * 60_000;

/** How many unused images one round removes; the next round takes the rest. */
const ROUND_LIMIT = 500;

export interface PruneResult {
  /** Images whose rows and files were removed. */
  removed: number;
  /** What their files took: masters, derivatives and IIIF tiles (issue 30). */
  bytes: number;
  /** Folders and unfinished uploads on disk that no row named (left by a crash), removed. */
  strays: number;
}

/**
 * Removes the images that no artifact, revision or waiting edit refers to (IMAGE_PATHS_IN_USE in
 * store/image-store.ts) and that were uploaded before the grace period, each with its whole folder
 * (master, derivatives, IIIF tiles), then whatever files on disk no row names and that are as old
 * (an image folder, an unfinished upload or work folder left by a crash). Rows first, in one
 * transaction, then their files.
 */
export async function pruneImages(images: ImageStore): Promise<PruneResult> {
  const before = images.now() - UNUSED_IMAGE_GRACE_MS;
  const unused = images.db.$client.transaction(() => {
    const hashes = images.statements.unused.all({ before, limit: ROUND_LIMIT });
    for (const hash of hashes) images.statements.remove.run(hash);
    return hashes;
  })();
  let bytes = 0;
  for (const hash of unused) {
    bytes += await folderBytes(images.storage.folderOf(hash));
    await images.storage.remove(hash);
  }
  return { removed: unused.length, bytes, strays: await removeStrays(images, before) };
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

async function olderThan(path: string, before: number): Promise<boolean> {
  try {
    return (await stat(path)).mtimeMs < before;
  } catch {
    return false;
  }
}

async function removeStrays(images: ImageStore, before: number): Promise<number> {
  const { storage, statements } = images;
  let strays = 0;
  for (const name of await entriesOf(storage.dir)) {
    if (!isImageHash(name) || statements.known.get(name) !== undefined) continue;
    if (!(await olderThan(storage.folderOf(name), before))) continue;
    await storage.remove(name);
    strays += 1;
  }
  for (const name of await entriesOf(storage.incoming)) {
    const path = join(storage.incoming, name);
    if (await olderThan(path, before)) {
      await storage.removeIncoming(name);
      strays += 1;
    }
  }
  return strays;
}
