import {
  NOT_EVALUATED,
  type ArtifactImageView,
  type ArtifactInput,
  type RightsUri,
} from "@artifact-atlas/shared";

/*
 * The images of the add and update forms (issue 30): the form holds every image, first the
 * primary one, whose address and description are also the spec's fields artifactImage and
 * imageAlt. Those two are what the person types; the first image takes them when the form is
 * checked and sent, so the two can never disagree.
 */

/** One image in the form: every field a string, its rights one of the list. */
export interface ImageDraft {
  url: string;
  alt: string;
  caption: string;
  rights: RightsUri;
  credit: string;
}

/** The form's values: the spec's fields, and every image. */
export type ArtifactFormValues = Omit<ArtifactInput, "images" | "artifactImage" | "imageAlt"> & {
  artifactImage: string;
  imageAlt: string;
  images: ImageDraft[];
};

/** A new image: at an address elsewhere it is "Copyright Not Evaluated" until someone says. */
export function newImageDraft(url = "", rights: RightsUri = NOT_EVALUATED): ImageDraft {
  return { url, alt: "", caption: "", rights, credit: "" };
}

/** The form's values as sent: the first image takes artifactImage and imageAlt. */
export function withPrimaryImage(values: ArtifactFormValues): ArtifactInput {
  const [first = newImageDraft(), ...rest] = values.images;
  return {
    ...values,
    images: [{ ...first, url: values.artifactImage, alt: values.imageAlt }, ...rest],
  };
}

/** The images a saved artifact starts its form with; one from its artifactImage without them. */
export function draftsOf(start: {
  artifactImage?: string | undefined;
  imageAlt?: string | undefined;
  images?: readonly Partial<ImageDraft>[] | undefined;
}): ImageDraft[] {
  const images = start.images ?? [];
  if (images.length === 0) {
    return [{ ...newImageDraft(start.artifactImage ?? ""), alt: start.imageAlt ?? "" }];
  }
  return images.map((image) => ({
    url: image.url ?? "",
    alt: image.alt ?? "",
    caption: image.caption ?? "",
    rights: image.rights ?? NOT_EVALUATED,
    credit: image.credit ?? "",
  }));
}

/** An uploaded image's path and size, which a preview needs to pick a derivative. */
export interface KnownUpload {
  url: string;
  width: number;
  height: number;
  placeholder: string | null;
}

/** The uploads among a saved artifact's images, by path. */
export function knownUploadsOf(images: readonly Partial<ArtifactImageView>[] = []) {
  const known = new Map<string, KnownUpload>();
  for (const image of images) {
    if (image.url && image.width && image.height) {
      known.set(image.url, {
        url: image.url,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder ?? null,
      });
    }
  }
  return known;
}
