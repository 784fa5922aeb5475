import { ArrowDown, ArrowUp, ImagePlus, Link2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { UseFieldArrayReturn, UseFormReturn } from "react-hook-form";
import {
  IMAGE_FIELD_LABELS as LABELS,
  isUploadedImagePath,
  LIMITS,
  MAX_ARTIFACT_IMAGES,
  NOT_EVALUATED,
  type ArtifactSubmission,
  type RightsUri,
} from "@artifact-atlas/shared";
import { newImageDraft, type ArtifactFormValues, type KnownUpload } from "../lib/image-drafts";
import type { UploadedImage } from "../lib/upload-image";
import { ArtifactImage, IMAGE_SIZES } from "./ArtifactImage";
import { Button } from "./Button";
import { TextField } from "./Field";
import { ImageUpload } from "./ImageUpload";
import { RightsSelect } from "./Rights";

type Form = UseFormReturn<ArtifactFormValues, unknown, ArtifactSubmission>;

interface MoreImagesProps {
  form: Form;
  images: UseFieldArrayReturn<ArtifactFormValues, "images">;
  /** The uploads whose size the form knows, for the previews. */
  known: ReadonlyMap<string, KnownUpload>;
  /** Remembers a new upload's size. */
  onUploaded: (image: UploadedImage) => void;
  /** What the site proposes for an upload (an admin's setting). */
  uploadRights: RightsUri;
  artifactName: string;
  artifactType: string;
}

/**
 * The artifact's other images (issue 30), after the primary one: each with its preview, address,
 * description, caption, rights and credit, moved with buttons (a keyboard reaches them; no
 * dragging needed) and removed; new ones uploaded several at once or added by address. Moving the
 * second image up makes it the artifact's image.
 */
export function MoreImages({
  form,
  images,
  known,
  onUploaded,
  uploadRights,
  artifactName,
  artifactType,
}: MoreImagesProps) {
  const headingId = useId();
  const [said, setSaid] = useState("");
  const { register, getValues, setValue, setFocus, watch } = form;
  const errors = form.formState.errors.images;
  const room = MAX_ARTIFACT_IMAGES - images.fields.length;
  const urls = watch("images").map((image) => image.url);

  /** The first image as the form shows it: its address and description are the spec's fields. */
  const primary = () => {
    const values = getValues();
    return { ...values.images[0]!, url: values.artifactImage, alt: values.imageAlt };
  };

  const makePrimary = (index: number) => {
    const chosen = getValues(`images.${index}`);
    images.update(index, primary());
    images.update(0, chosen);
    setValue("artifactImage", chosen.url, { shouldDirty: true });
    setValue("imageAlt", chosen.alt, { shouldDirty: true });
    setSaid(`Image ${index + 1} is now the artifact's image.`);
    setFocus("artifactImage");
  };

  const move = (index: number, to: number) => {
    if (to === 0) return makePrimary(index);
    images.swap(index, to);
    setSaid(`Image ${index + 1} is now image ${to + 1}.`);
  };

  const remove = (index: number) => {
    images.remove(index);
    setSaid(`Image ${index + 1} removed.`);
  };

  const added = (image: UploadedImage) => {
    onUploaded(image);
    images.append(newImageDraft(image.url, uploadRights), { shouldFocus: false });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 md:col-span-2">
      <div>
        <h3 id={headingId} className="text-base font-semibold text-ink">
          More images
        </h3>
        <p className="mt-1 text-sm text-muted">
          The back, an inscription, a detail of its mark, the place it was found: up to{" "}
          {MAX_ARTIFACT_IMAGES} images in all. The first is the artifact&apos;s image on every card;
          move another up to make it the first.
        </p>
      </div>

      {images.fields.length > 1 && (
        <ol className="flex flex-col gap-4">
          {images.fields.map((field, index) => {
            if (index === 0) return null;
            const url = (urls[index] ?? "").trim();
            const upload = known.get(url);
            const label = `Image ${index + 1}`;
            const up = index === 1 ? "Make it the artifact's image" : "Move up";
            return (
              <li
                key={field.id}
                aria-label={label}
                className="grid gap-4 rounded-xl border border-line bg-surface-muted/50 p-4 sm:grid-cols-[8rem_1fr]"
              >
                <div className="flex flex-col gap-2">
                  <span className="text-sm font-semibold text-ink">{label}</span>
                  <div className="w-32 overflow-hidden rounded-lg border border-line">
                    <ArtifactImage
                      artifact={{
                        artifactImage:
                          isUploadedImagePath(url) || /^https?:\/\//i.test(url) ? url : "",
                        artifactName: artifactName || label,
                        artifactType: artifactType || "Others",
                        imageAlt: "",
                        imageWidth: upload?.width ?? null,
                        imageHeight: upload?.height ?? null,
                        imagePlaceholder: upload?.placeholder ?? null,
                      }}
                      sizes={IMAGE_SIZES.thumbnail}
                      compact
                    />
                  </div>
                </div>
                <div className="grid gap-4 md:grid-cols-2">
                  <TextField
                    label={`${LABELS.url} (${label.toLowerCase()})`}
                    type="text"
                    inputMode="url"
                    autoComplete="off"
                    placeholder="https://example.com/back.jpg"
                    readOnly={isUploadedImagePath(url)}
                    hint={isUploadedImagePath(url) ? "Uploaded to Atlas." : undefined}
                    error={errors?.[index]?.url?.message}
                    {...register(`images.${index}.url`)}
                  />
                  <TextField
                    label={`${LABELS.alt} (${label.toLowerCase()})`}
                    autoComplete="off"
                    maxLength={LIMITS.imageAlt}
                    error={errors?.[index]?.alt?.message}
                    {...register(`images.${index}.alt`)}
                  />
                  <TextField
                    label={`${LABELS.caption} (${label.toLowerCase()})`}
                    autoComplete="off"
                    maxLength={LIMITS.imageCaption}
                    error={errors?.[index]?.caption?.message}
                    {...register(`images.${index}.caption`)}
                  />
                  <TextField
                    label={`${LABELS.credit} (${label.toLowerCase()})`}
                    autoComplete="off"
                    placeholder="e.g. Photo: British Museum"
                    maxLength={LIMITS.imageCredit}
                    error={errors?.[index]?.credit?.message}
                    {...register(`images.${index}.credit`)}
                  />
                  <RightsSelect
                    label={`${LABELS.rights} (${label.toLowerCase()})`}
                    error={errors?.[index]?.rights?.message}
                    {...register(`images.${index}.rights`)}
                  />
                  <div className="flex flex-wrap items-end gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`${up} (${label.toLowerCase()})`}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                      {up}
                    </Button>
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={`Move down (${label.toLowerCase()})`}
                      disabled={index === images.fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                      Move down
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove (${label.toLowerCase()})`}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {errors?.message && <p className="text-sm font-medium text-danger">{errors.message}</p>}

      <div className="grid gap-4 md:grid-cols-[1fr_auto] md:items-end">
        <ImageUpload title="Add images" multiple room={room} onUploaded={added} />
        <Button
          type="button"
          variant="secondary"
          disabled={room < 1}
          onClick={() => {
            images.append(newImageDraft("", NOT_EVALUATED), {
              focusName: `images.${images.fields.length}.url`,
            });
          }}
        >
          <Link2 aria-hidden="true" className="size-4" />
          Add an image by address
        </Button>
      </div>
      {room < 1 && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <ImagePlus aria-hidden="true" className="size-4" />
          This artifact has {MAX_ARTIFACT_IMAGES} images, the most it can have.
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
    </section>
  );
}
