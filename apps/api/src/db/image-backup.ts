import { copyFileSync, existsSync, linkSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createPrivateFolder } from "./client";

/*
 * The uploaded images in backups (issue 19). A database backup `backups/artifact-atlas-<date>.db`
 * gets the whole IMAGES_DIR tree beside it in `backups/artifact-atlas-<date>-images/` (every file,
 * whatever kind of derivative a later version keeps there). Image files are written once under a
 * name made from their content and never changed, so a hard link is as good as a copy and costs
 * no space; a backup folder on another file system gets copies.
 */

/** The images folder that belongs to a database backup file. */
export function imagesBackupPathFor(backupPath: string): string {
  return backupPath.replace(/\.db$/, "") + "-images";
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as { code?: string }).code === "EEXIST") return;
    copyFileSync(from, to);
  }
}

/**
 * Every file of the tree `from` that `to` lacks, into `to`; uploads still arriving (hidden
 * temporary files, dot-named) are left out. Answers how many files.
 */
function copyImages(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  createPrivateFolder(to);
  let files = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) files += copyImages(join(from, entry.name), join(to, entry.name));
    else if (entry.isFile()) {
      linkOrCopy(join(from, entry.name), join(to, entry.name));
      files += 1;
    }
  }
  return files;
}

/**
 * Copies the live images beside a database backup, after the database was copied: an image
 * uploaded in between is carried too, and one removed in between was not referred to an hour ago.
 */
export function backupImages(imagesDir: string, backupPath: string): number {
  return copyImages(imagesDir, imagesBackupPathFor(backupPath));
}

/**
 * Puts back the images of a backup that the images folder lacks. Nothing is removed: an image the
 * restored database does not refer to is removed by the server's clean-up an hour later.
 */
export function restoreImages(backupPath: string, imagesDir: string): number {
  return copyImages(imagesBackupPathFor(backupPath), imagesDir);
}
