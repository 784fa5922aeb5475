import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FILE_MODE, createPrivateFolder } from "../../db/client";
import type { ProcessedImage } from "./processing";

/*
 * Where uploaded images live: <images folder>/<hash>/<width>.webp and .jpg, private to the account
 * that runs the server like the database (decision 024). Files are written once and never changed:
 * a new upload is a new hash. Work in progress (files being received, derivatives being written)
 * stays in .incoming/ until it is whole, then moves into place with one rename.
 */

const HASH = /^[0-9a-f]{64}$/;
const INCOMING = ".incoming";

export function isImageHash(name: string): boolean {
  return HASH.test(name);
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
    /**
     * Writes the derivatives into a work folder, then moves it to the hash's folder. False when
     * that folder already exists (the same bytes uploaded twice at once): the first one stays.
     */
    async store(hash: string, image: ProcessedImage): Promise<boolean> {
      const work = join(incoming, `work-${randomUUID()}`);
      await mkdir(work, { mode: 0o700 });
      try {
        for (const derivative of image.derivatives) {
          const options = { mode: PRIVATE_FILE_MODE, flag: "wx" } as const;
          await writeFile(join(work, `${derivative.width}.webp`), derivative.webp, options);
          await writeFile(join(work, `${derivative.width}.jpg`), derivative.jpeg, options);
        }
        await rename(work, join(dir, hash));
        return true;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "ENOTEMPTY" || code === "EEXIST") return false;
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
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
