import { copyFileSync, existsSync, linkSync, readdirSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { isImageHash } from "../services/images/storage";
import { createPrivateFolder } from "./client";

/*
 * The uploaded images in backups (issue 19). A database backup `backups/artifact-atlas-<date>.db`
 * gets its images beside it in `backups/artifact-atlas-<date>-images/<hash>/`: each image's master,
 * derivatives and IIIF tiles (issue 30), folder within folder. Image files are written once and
 * never changed, so a hard link is as good as a copy and costs no space; a backup folder on
 * another file system gets copies.
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

/** Every file and folder of `from` that `to` lacks, into `to`, folders (0700) within folders. */
function copyFolder(from: string, to: string): void {
  createPrivateFolder(to);
  for (const entry of readdirSync(from, { withFileTypes: true }) as Dirent[]) {
    if (entry.isDirectory()) copyFolder(join(from, entry.name), join(to, entry.name));
    else if (entry.isFile()) linkOrCopy(join(from, entry.name), join(to, entry.name));
  }
}

/** Every image folder of `from` that `to` lacks (file by file), into `to`. Answers how many images. */
function copyImages(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  createPrivateFolder(to);
  let images = 0;
  for (const hash of readdirSync(from)) {
    if (!isImageHash(hash)) continue;
    copyFolder(join(from, hash), join(to, hash));
    images += 1;
  }
  return images;
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
