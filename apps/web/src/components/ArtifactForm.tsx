import { zodResolver } from "@hookform/resolvers/zod";
import { BookOpen, CalendarClock } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useFieldArray, useForm, useWatch, type Resolver } from "react-hook-form";
import {
  ARTIFACT_FIELD_LABELS as LABELS,
  ARTIFACT_FIELD_NAMES,
  ARTIFACT_TYPES,
  DEFAULT_SITE_RIGHTS,
  IMAGE_FIELD_LABELS,
  LIMITS,
  artifactInput,
  dateHint,
  type ArtifactImageView,
  type ArtifactSubmission,
  type ArtifactTextFields,
} from "@artifact-atlas/shared";
import {
  draftsOf,
  knownUploadsOf,
  withPrimaryImage,
  type ArtifactFormValues,
  type KnownUpload,
} from "../lib/image-drafts";
import { trpc } from "../lib/trpc";
import { Button } from "./Button";
import { SelectField, TextAreaField, TextField } from "./Field";
import { FormSection } from "./FormSection";
import { ImagePreview } from "./ImagePreview";
import { ImageUpload } from "./ImageUpload";
import { MoreImages } from "./MoreImages";
import { RightsSelect } from "./Rights";

/** Every field blank, the type too: the select then shows its placeholder. */
const EMPTY = {
  ...Object.fromEntries(ARTIFACT_FIELD_NAMES.map((name) => [name, ""])),
  images: draftsOf({}),
} as unknown as ArtifactFormValues;

const TYPE_OPTIONS = ARTIFACT_TYPES.map((type) => ({ value: type, label: type }));

/**
 * The shared schema checks the form as it is sent: the first image takes the spec's image fields
 * (lib/image-drafts.ts), so their messages show on those fields.
 */
const checkArtifact = zodResolver(artifactInput);
const resolver: Resolver<ArtifactFormValues, unknown, ArtifactSubmission> = (
  values,
  context,
  options,
) =>
  checkArtifact(
    withPrimaryImage(values),
    context,
    options as unknown as Parameters<typeof checkArtifact>[2],
  ) as unknown as ReturnType<Resolver<ArtifactFormValues, unknown, ArtifactSubmission>>;

/** A saved artifact's fields, its images with what the server knows of their uploads. */
type StartValues = ArtifactTextFields & { images?: readonly Partial<ArtifactImageView>[] };

interface ArtifactFormProps {
  defaultValues?: StartValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** May answer with per-field messages from the server, which the form then shows inline. */
  onSubmit: (values: ArtifactSubmission) => Promise<Record<string, string> | void>;
  /** Extra sections after Timeline Information (the contributor block). */
  extraSections?: ReactNode;
  /** Notes shown above the submit button. */
  notes?: ReactNode;
  /** The saved artifact's uploaded image, for the preview (update form). */
  savedImage?: KnownUpload | undefined;
}

export type { KnownUpload };

/**
 * The eight artifact fields of the add and update screens, checked with the shared schema, and
 * the artifact's images (issue 30): the primary one in the spec's fields with its caption, rights
 * and credit, then the others.
 */
export function ArtifactForm({
  defaultValues,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  extraSections,
  notes,
  savedImage,
}: ArtifactFormProps) {
  const form = useForm<ArtifactFormValues, unknown, ArtifactSubmission>({
    resolver,
    defaultValues: defaultValues
      ? ({ ...defaultValues, images: draftsOf(defaultValues) } as ArtifactFormValues)
      : EMPTY,
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    control,
    formState: { errors },
  } = form;
  const images = useFieldArray({ control, name: "images" });
  const siteRights = trpc.rights.site.useQuery(undefined, { staleTime: Infinity });
  const uploadRights = siteRights.data?.uploadRights ?? DEFAULT_SITE_RIGHTS.uploadRights;
  // How each date is understood, as it is typed (packages/shared/src/dates).
  const [createdAt, discoveredAt] = useWatch({ control, name: ["createdAt", "discoveredAt"] });
  // The uploads the form knows the size of: the saved ones, then any new upload.
  const [known, setKnown] = useState(() => {
    const map = knownUploadsOf(defaultValues?.images);
    if (savedImage) map.set(savedImage.url, savedImage);
    return map;
  });
  const remember = (image: { url: string; width: number; height: number }) =>
    setKnown((map) => new Map(map).set(image.url, { ...image, placeholder: null }));
  const [image, name, type, alt] = useWatch({
    control,
    name: ["artifactImage", "artifactName", "artifactType", "imageAlt"],
  });
  const previewSource = (image ?? "").trim();
  const uploaded = known.get(previewSource);

  const submit = handleSubmit(async (values) => {
    const problems = await onSubmit(values);
    if (!problems) return;
    for (const [field, message] of Object.entries(problems)) {
      if (field in EMPTY)
        setError(field as keyof ArtifactFormValues, { message }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <FormSection title="Basic Information" icon={BookOpen}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={LABELS.artifactName}
            placeholder="e.g. Rosetta Stone"
            autoComplete="off"
            error={errors.artifactName?.message}
            {...register("artifactName")}
          />
          <SelectField
            label={LABELS.artifactType}
            placeholder="Select a type"
            options={TYPE_OPTIONS}
            error={errors.artifactType?.message}
            {...register("artifactType")}
          />
          <TextField
            label={LABELS.artifactImage}
            type="text"
            inputMode="url"
            placeholder="https://example.com/artifact.jpg"
            autoComplete="off"
            hint="A link to an image, or upload one: either fills this field."
            error={errors.artifactImage?.message}
            {...register("artifactImage")}
          />
          <ImageUpload
            onUploaded={(image) => {
              remember(image);
              setValue("artifactImage", image.url, { shouldValidate: true, shouldDirty: true });
              // An upload asks for its rights, proposing the site's default until one is chosen.
              if (!getFieldState("images.0.rights").isDirty) {
                setValue("images.0.rights", uploadRights);
              }
            }}
          />
          <ImagePreview
            artifact={{
              artifactImage: previewSource,
              artifactName: name || "Artifact image",
              artifactType: type || "Others",
              imageAlt: alt ?? "",
              ...(uploaded
                ? {
                    imageWidth: uploaded.width,
                    imageHeight: uploaded.height,
                    imagePlaceholder: uploaded.placeholder,
                  }
                : { imageWidth: null, imageHeight: null, imagePlaceholder: null }),
            }}
          />
          <TextField
            label={LABELS.imageAlt}
            placeholder="e.g. A black granite slab covered in three scripts"
            autoComplete="off"
            maxLength={LIMITS.imageAlt}
            hint="What the picture shows, for people who cannot see it. Without one, the artifact's name is used."
            error={errors.imageAlt?.message}
            {...register("imageAlt")}
          />
          <TextField
            label={IMAGE_FIELD_LABELS.caption}
            placeholder="e.g. The front, after its cleaning in 1999"
            autoComplete="off"
            maxLength={LIMITS.imageCaption}
            error={errors.images?.[0]?.caption?.message}
            {...register("images.0.caption")}
          />
          <RightsSelect
            label={IMAGE_FIELD_LABELS.rights}
            error={errors.images?.[0]?.rights?.message}
            {...register("images.0.rights")}
          />
          <TextField
            label={IMAGE_FIELD_LABELS.credit}
            placeholder="e.g. Photo: British Museum"
            autoComplete="off"
            maxLength={LIMITS.imageCredit}
            hint="Who made the photo, or who holds it."
            error={errors.images?.[0]?.credit?.message}
            {...register("images.0.credit")}
          />
          <MoreImages
            form={form}
            images={images}
            known={known}
            onUploaded={remember}
            uploadRights={uploadRights}
            artifactName={name ?? ""}
            artifactType={type ?? ""}
          />
          <TextAreaField
            label={LABELS.historicalContext}
            rows={4}
            placeholder="What is it, who made it, and why does it matter?"
            className="md:col-span-2"
            error={errors.historicalContext?.message}
            {...register("historicalContext")}
          />
        </div>
      </FormSection>

      <FormSection title="Timeline Information" icon={CalendarClock}>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label={LABELS.createdAt}
            placeholder="e.g. 100 BC or 15th Century"
            autoComplete="off"
            hint={dateHint(createdAt)}
            error={errors.createdAt?.message}
            {...register("createdAt")}
          />
          <TextField
            label={LABELS.discoveredAt}
            placeholder="e.g. 1799"
            autoComplete="off"
            hint={dateHint(discoveredAt)}
            error={errors.discoveredAt?.message}
            {...register("discoveredAt")}
          />
          <TextField
            label={LABELS.discoveredBy}
            placeholder="A person or a civilization"
            autoComplete="off"
            error={errors.discoveredBy?.message}
            {...register("discoveredBy")}
          />
          <TextField
            label={LABELS.presentLocation}
            placeholder="Museum or collection"
            autoComplete="off"
            error={errors.presentLocation?.message}
            {...register("presentLocation")}
          />
        </div>
      </FormSection>

      {extraSections}

      {notes && <div className="flex flex-col gap-3">{notes}</div>}

      <div className="flex justify-end">
        <Button
          type="submit"
          size="lg"
          busy={busy}
          busyText={busyLabel}
          className="w-full sm:w-auto"
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
