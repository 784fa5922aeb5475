import {
  derivativePath,
  derivativeWidths,
  publicArtifactPath,
  rightsStatement,
  type Artifact,
  type RightsUri,
} from "@artifact-atlas/shared";
import { shorten } from "../../public-pages/head";
import { iiifImageServicePath, type ImageRow } from "../artifact-images";
import { hashOfImagePath } from "../images/uploads";

/*
 * A public artifact as a IIIF Presentation API 3 manifest (issue 30,
 * https://iiif.io/api/presentation/3.0/): one canvas per image, in order, so that any IIIF viewer
 * (Mirador, Universal Viewer) shows the artifact. An upload's canvas has the master's size and its
 * level-0 image service; an image elsewhere has none, and a canvas of 4:3, the box the site shows
 * it in, as its size is not known.
 */

export const PRESENTATION_CONTEXT = "http://iiif.io/api/presentation/3/context.json";

/** The canvas of an image whose size is not known (an address elsewhere): the cards' 4:3 box. */
const UNKNOWN_SIZE = { width: 1200, height: 900 };

/** The summary's length: about what a viewer's panel shows before "more". */
export const SUMMARY_MAX_LENGTH = 500;

type LanguageMap = Record<string, string[]>;
export const none = (value: string): LanguageMap => ({ none: [value] });
const en = (value: string): LanguageMap => ({ en: [value] });

/** The manifest's own address. */
export function manifestPath(artifactId: number): string {
  return `/iiif/artifacts/${artifactId}/manifest.json`;
}

export interface ManifestInput {
  artifact: Artifact;
  images: ImageRow[];
  origin: string;
  /** The licence of the site's data, which the manifest's metadata is. */
  metadataLicense: RightsUri;
}

/** A label-value pair of the manifest's metadata. */
export function entry(label: string, value: string) {
  return { label: en(label), value: none(value) };
}

/** One image as a canvas with its one painting annotation. */
function canvasOf(image: ImageRow, index: number, manifestId: string, origin: string) {
  const canvasId = `${manifestId.replace(/\/manifest\.json$/, "")}/canvas/${index + 1}`;
  const hash = hashOfImagePath(image.url);
  const tiled = hash !== null && image.masterWidth !== null && image.masterHeight !== null;
  const uploaded = hash !== null && image.width !== null && image.height !== null;
  const size = tiled
    ? { width: image.masterWidth!, height: image.masterHeight! }
    : uploaded
      ? { width: image.width!, height: image.height! }
      : UNKNOWN_SIZE;
  const absolute = image.url.startsWith("/") ? `${origin}${image.url}` : image.url;
  const body = uploaded
    ? {
        // The largest derivative: a plain image for viewers that use no service.
        id: `${origin}${derivativePath(image.url, image.width!, "jpg")}`,
        type: "Image",
        format: "image/jpeg",
        width: image.width,
        height: image.height,
        ...(tiled
          ? {
              service: [
                {
                  id: `${origin}${iiifImageServicePath(hash)}`,
                  type: "ImageService3",
                  profile: "level0",
                },
              ],
            }
          : {}),
      }
    : { id: absolute, type: "Image" };
  const label = image.caption || image.alt || `Image ${index + 1}`;
  return {
    id: canvasId,
    type: "Canvas",
    label: none(label),
    ...size,
    rights: image.rights,
    ...(image.credit
      ? { requiredStatement: { label: en("Credit"), value: none(image.credit) } }
      : {}),
    metadata: [entry("Rights", rightsStatement(image.rights).name)],
    ...(uploaded
      ? {
          thumbnail: [
            {
              // The smallest derivative.
              id: `${origin}${derivativePath(image.url, derivativeWidths(image.width!)[0]!, "jpg")}`,
              type: "Image",
              format: "image/jpeg",
            },
          ],
        }
      : {}),
    items: [
      {
        id: `${canvasId}/page`,
        type: "AnnotationPage",
        items: [
          {
            id: `${canvasId}/page/image`,
            type: "Annotation",
            motivation: "painting",
            body,
            target: canvasId,
          },
        ],
      },
    ],
  };
}

/** The manifest of a public artifact and its images. */
export function artifactManifest({ artifact, images, origin, metadataLicense }: ManifestInput) {
  const id = `${origin}${manifestPath(artifact.id)}`;
  return {
    "@context": PRESENTATION_CONTEXT,
    id,
    type: "Manifest",
    label: none(artifact.artifactName),
    summary: none(shorten(artifact.historicalContext, SUMMARY_MAX_LENGTH)),
    metadata: [
      entry("Type", artifact.artifactType),
      entry("Created", artifact.createdAt),
      entry("Discovered", artifact.discoveredAt),
      entry("Discovered by", artifact.discoveredBy),
      entry("Present location", artifact.presentLocation),
      entry("Metadata licence", `${rightsStatement(metadataLicense).name} (${metadataLicense})`),
    ],
    homepage: [
      {
        id: `${origin}${publicArtifactPath(artifact)}`,
        type: "Text",
        label: none(artifact.artifactName),
        format: "text/html",
      },
    ],
    items: images.map((image, index) => canvasOf(image, index, id, origin)),
  };
}
