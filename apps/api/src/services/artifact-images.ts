import type Database from "better-sqlite3";
import { asc, eq, sql } from "drizzle-orm";
import {
  isUploadedImagePath,
  NOT_EVALUATED,
  pickArtifactFields,
  type ArtifactFields,
  type ArtifactImageItem,
  type ArtifactImageView,
  type ArtifactSubmission,
  type RightsUri,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifactImages, images } from "../db/schema";
import { hashOfImagePath } from "./images/uploads";

/*
 * An artifact's images (issue 30): the ordered list a save writes whole, its first one repeated in
 * the artifact's own artifactImage and imageAlt (and image_rights), so that every list, card and
 * screen that reads those keeps working and no list reads this table.
 */

type Reader = Pick<AppDatabase, "select">;
type Writer = Pick<AppDatabase, "insert" | "delete">;

const itemColumns = {
  url: artifactImages.url,
  alt: artifactImages.alt,
  caption: artifactImages.caption,
  rights: artifactImages.rights,
  credit: artifactImages.credit,
};

/** The artifact's images in their order; empty when there is no such artifact. */
export function imagesOf(tx: Reader, artifactId: number): ArtifactImageItem[] {
  return tx
    .select(itemColumns)
    .from(artifactImages)
    .where(eq(artifactImages.artifactId, artifactId))
    .orderBy(asc(artifactImages.position))
    .all();
}

/** An image with what the server knows of an upload: its derivatives' and master's sizes. */
export interface ImageRow extends ArtifactImageItem {
  width: number | null;
  height: number | null;
  placeholder: string | null;
  /** The master's size, which its tiles have; null without a master (or for a URL elsewhere). */
  masterWidth: number | null;
  masterHeight: number | null;
}

/** The artifact's images in their order, each with what the server knows of its upload. */
export function imageRowsOf(db: Reader, artifactId: number): ImageRow[] {
  return db
    .select({
      ...itemColumns,
      width: images.width,
      height: images.height,
      placeholder: images.placeholder,
      masterWidth: images.masterWidth,
      masterHeight: images.masterHeight,
    })
    .from(artifactImages)
    .leftJoin(images, eq(images.hash, hashOfImage(artifactImages.url)))
    .where(eq(artifactImages.artifactId, artifactId))
    .orderBy(asc(artifactImages.position))
    .all();
}

/**
 * The artifact's images as the detail answers show them: for an upload its size, placeholder and
 * IIIF service (when it has tiles); nulls for an image elsewhere.
 */
export function imageViewsOf(db: Reader, artifactId: number): ArtifactImageView[] {
  return imageRowsOf(db, artifactId).map(({ masterWidth, masterHeight: _height, ...row }) => {
    const hash = hashOfImagePath(row.url);
    return {
      ...row,
      service: hash !== null && masterWidth !== null ? iiifImageServicePath(hash) : null,
    };
  });
}

/** The path of an upload's IIIF Image API service: its info.json is below it. */
export function iiifImageServicePath(hash: string): string {
  return `/iiif/images/${hash}`;
}

/** SQL for the hash of an upload's path (/images/<hash>): a lookup by the images' primary key. */
function hashOfImage(url: typeof artifactImages.url) {
  return sql<string>`case when ${url} like '/images/%' then substr(${url}, 9) end`;
}

/** Replaces the artifact's images by `list`, in its order. Call in the save's transaction. */
export function writeImages(tx: Writer, artifactId: number, list: readonly ArtifactImageItem[]) {
  tx.delete(artifactImages).where(eq(artifactImages.artifactId, artifactId)).run();
  tx.insert(artifactImages)
    .values(list.map((image, position) => ({ artifactId, position, ...image })))
    .run();
}

/**
 * What an image carries when its sender did not say: an address elsewhere "Copyright Not
 * Evaluated", an upload the site's default (which the form proposes).
 */
function defaultRights(url: string, uploadRights: RightsUri): RightsUri {
  return isUploadedImagePath(url) ? uploadRights : NOT_EVALUATED;
}

/**
 * The fields a save writes, from what was sent and the artifact's images as they are (none for a
 * new artifact). With `images`, they are the list; an image sent without rights keeps the rights
 * it has in the artifact, or gets its default. Without (a client of the spec's fields alone),
 * artifactImage and imageAlt set the first image and the others stay: the same URL keeps its
 * caption, rights and credit, another starts without them.
 */
export function fieldsToSave(
  sent: ArtifactSubmission,
  current: readonly ArtifactImageItem[],
  uploadRights: RightsUri,
): ArtifactFields {
  const rightsOf = (url: string) =>
    current.find((image) => image.url === url)?.rights ?? defaultRights(url, uploadRights);
  const list: ArtifactImageItem[] = sent.images
    ? sent.images.map(({ rights, ...image }) => ({
        ...image,
        rights: rights ?? rightsOf(image.url),
      }))
    : withFirst(sent, current, rightsOf);
  const first = list[0]!;
  return pickArtifactFields({
    ...sent,
    artifactImage: first.url,
    imageAlt: first.alt,
    images: list,
  });
}

function withFirst(
  sent: ArtifactSubmission,
  current: readonly ArtifactImageItem[],
  rightsOf: (url: string) => RightsUri,
): ArtifactImageItem[] {
  const kept = current[0];
  const first =
    kept && kept.url === sent.artifactImage
      ? { ...kept, alt: sent.imageAlt }
      : {
          url: sent.artifactImage,
          alt: sent.imageAlt,
          caption: "",
          rights: rightsOf(sent.artifactImage),
          credit: "",
        };
  return [first, ...current.slice(1).filter((image) => image.url !== first.url)];
}

/** The uploaded images of a list, by path, once each. */
export function uploadedPaths(list: readonly ArtifactImageItem[]): string[] {
  return [...new Set(list.map((image) => image.url).filter(isUploadedImagePath))];
}

/**
 * The images of many artifacts in one statement (the export's pages), by artifact, in order: a
 * range of the primary key per artifact.
 */
export function prepareImagesOfArtifacts(sqlite: Database.Database) {
  const statement = sqlite.prepare<{ ids: string }, ArtifactImageItem & { artifactId: number }>(
    `select artifact_id as artifactId, url, alt, caption, rights, credit from artifact_images
     where artifact_id in (select value from json_each(:ids)) order by artifact_id, position`,
  );
  return (ids: number[]): Map<number, ArtifactImageItem[]> => {
    const byArtifact = new Map<number, ArtifactImageItem[]>();
    if (ids.length === 0) return byArtifact;
    for (const { artifactId, ...image } of statement.all({ ids: JSON.stringify(ids) })) {
      const list = byArtifact.get(artifactId);
      if (list) list.push(image);
      else byArtifact.set(artifactId, [image]);
    }
    return byArtifact;
  };
}
