import { isUploadedImagePath } from "@artifact-atlas/shared";
import type { ArtifactImageFields } from "../lib/artifact-image";
import { ArtifactImage, IMAGE_SIZES } from "./ArtifactImage";

/** Whether the image field holds something a browser could show: an upload's path or a web address. */
function isShowable(source: string): boolean {
  return isUploadedImagePath(source) || /^https?:\/\/\S+$/i.test(source);
}

/**
 * The form's image as it will show on the artifact's card, before it is saved: the uploaded
 * image as the server stored it (upright, without metadata), or the linked one.
 */
export function ImagePreview({
  artifact,
}: {
  artifact: ArtifactImageFields & { artifactType: string };
}) {
  if (!isShowable(artifact.artifactImage)) return null;
  return (
    <figure className="flex flex-col gap-1.5">
      <figcaption className="text-sm font-medium text-ink">Preview</figcaption>
      <div className="w-full max-w-sm overflow-hidden rounded-xl border border-line">
        <ArtifactImage artifact={artifact} sizes={IMAGE_SIZES.preview} loading="eager" />
      </div>
    </figure>
  );
}
