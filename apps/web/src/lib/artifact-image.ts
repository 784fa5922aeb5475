import {
  derivativePath,
  derivativeWidths,
  isUploadedImagePath,
  type Artifact,
} from "@artifact-atlas/shared";

/** What an artifact image needs to be shown: the artifact's image fields and its name. */
export type ArtifactImageFields = Pick<
  Artifact,
  "artifactImage" | "artifactName" | "imageAlt" | "imageWidth" | "imageHeight" | "imagePlaceholder"
>;

/** The alt text: the contributor's image description, or the artifact's name without one. */
export function imageAltOf(artifact: Pick<Artifact, "artifactName" | "imageAlt">): string {
  return artifact.imageAlt.trim() || artifact.artifactName;
}

export interface UploadedSources {
  /** srcset of the WebP derivatives and of their JPEG fallbacks ("<path> <width>w, ..."). */
  webp: string;
  jpeg: string;
  /** The JPEG for browsers that read no srcset: the widest up to 1024 px. */
  fallback: string;
  width: number;
  height: number;
  placeholder: string | null;
}

/** The derivatives of an uploaded image, or null for an image elsewhere (shown as it is). */
export function uploadedSources(artifact: ArtifactImageFields): UploadedSources | null {
  const { artifactImage: path, imageWidth: width, imageHeight: height } = artifact;
  if (!isUploadedImagePath(path) || !width || !height) return null;
  const widths = derivativeWidths(width);
  const srcset = (format: "webp" | "jpg") =>
    widths.map((w) => `${derivativePath(path, w, format)} ${w}w`).join(", ");
  const fallbackWidth = widths.filter((w) => w <= 1024).pop() ?? widths[0] ?? width;
  return {
    webp: srcset("webp"),
    jpeg: srcset("jpg"),
    fallback: derivativePath(path, fallbackWidth, "jpg"),
    width,
    height,
    placeholder: artifact.imagePlaceholder,
  };
}
