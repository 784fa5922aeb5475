import { randomUUID } from "node:crypto";
import { chmod, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FILE_MODE, createPrivateFolder } from "../../db/client";

/*
 * Where uploaded images live: <images folder>/<hash>/ holds master.jpg, <width>.webp and .jpg,
 * and iiif/ (the tile pyramid and its info.json: <region>/<size>/0/default.jpg), private to the
 * account that runs the server like the database (decision 024). Files are written once and never
 * changed: a new upload is a new hash. Work in progress (files being received, an image being
 * made) stays in .incoming/ until it is whole, then moves into place with one rename.
 */

const HASH = /^[0-9a-f]{64}$/;
const INCOMING = ".incoming";

/** The master every other file is made from (issue 30). */
export const MASTER_FILE = "master.jpg";
/** The IIIF Image API 3 level-0 tile pyramid, as sharp writes it. */
export const TILES_FOLDER = "iiif";

export function isImageHash(name: string): boolean {
  return HASH.test(name);
}

/** What the files under `dir` take on disk, folders within folders; 0 when it is gone. */
export async function folderBytes(dir: string): Promise<number> {
  let bytes = 0;
  try {
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
    }
  } catch {
    return bytes;
  }
  return bytes;
}

export function createImageStorage(dir: string) {
  const incoming = join(dir, INCOMING);
  return {
    dir,
    incoming,
    folderOf(hash: string): string {
      return join(dir, hash);
    },
    fileOf(hash: string, width: number, format: "webp" | "jpg"): string {
      return join(dir, hash, `${width}.${format}`);
    },
    /** Creates the folders (0700) when missing. */
    prepare(): void {
      createPrivateFolder(incoming);
    },
    /** A fresh path in .incoming/ for a file or folder being made. */
    incomingPath(kind: string): string {
      return join(incoming, `${kind}-${randomUUID()}`);
    },
    /** A tile of the image's pyramid, or its info.json: `parts` as checked by the IIIF route. */
    tileOf(hash: string, ...parts: string[]): string {
      return join(dir, hash, TILES_FOLDER, ...parts);
    },
    /**
     * A fresh work folder (0700) in .incoming/ for an image being made; the caller removes it
     * once stored or given up (`discard`).
     */
    async workFolder(): Promise<string> {
      const work = join(incoming, `work-${randomUUID()}`);
      await mkdir(work, { mode: 0o700 });
      return work;
    },
    /**
     * Moves a finished work folder to the hash's folder, its files made private first. False when
     * that folder already exists (the same bytes uploaded twice at once): the first one stays.
     */
    async store(hash: string, work: string): Promise<boolean> {
      for (const entry of await readdir(work, { withFileTypes: true, recursive: true })) {
        const mode = entry.isDirectory() ? 0o700 : PRIVATE_FILE_MODE;
        await chmod(join(entry.parentPath, entry.name), mode);
      }
      try {
        await rename(work, join(dir, hash));
        return true;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "ENOTEMPTY" || code === "EEXIST") return false;
        throw error;
      }
    },
    /** Removes a work folder, whatever is in it (nothing once stored). */
    async discard(work: string): Promise<void> {
      await rm(work, { recursive: true, force: true });
    },
    /** Removes an entry of .incoming/ (an unfinished upload). */
    async removeIncoming(name: string): Promise<void> {
      if (name.includes("/") || name === ".." || name === ".") return;
      await rm(join(incoming, name), { recursive: true, force: true });
    },
    /** Removes a hash's folder and everything in it. */
    async remove(hash: string): Promise<void> {
      if (!isImageHash(hash)) return;
      await rm(join(dir, hash), { recursive: true, force: true });
    },
  };
}

export type ImageStorage = ReturnType<typeof createImageStorage>;
