import { zodResolver } from "@hookform/resolvers/zod";
import { BookOpen, CalendarClock, MapPin } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  ARTIFACT_FIELD_LABELS as LABELS,
  ARTIFACT_FIELD_NAMES,
  ARTIFACT_TYPES,
  LIMITS,
  artifactInput,
  dateHint,
  type ArtifactFields,
  type ArtifactInput,
  type ArtifactPlaces,
} from "@artifact-atlas/shared";
import { Button } from "./Button";
import { SelectField, TextAreaField, TextField } from "./Field";
import { FormSection } from "./FormSection";
import { ImagePreview } from "./ImagePreview";
import { ImageUpload } from "./ImageUpload";
import { checkDrafts, draftsOf, type PlaceDraftErrors } from "./places/place-drafts";
import { PlaceFields } from "./places/PlaceFields";

/** Every field blank, the type too: the select then shows its placeholder. */
const EMPTY = Object.fromEntries(ARTIFACT_FIELD_NAMES.map((name) => [name, ""])) as ArtifactInput;

const TYPE_OPTIONS = ARTIFACT_TYPES.map((type) => ({ value: type, label: type }));

interface ArtifactFormProps {
  defaultValues?: ArtifactInput;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** May answer with per-field messages from the server, which the form then shows inline. */
  onSubmit: (
    values: ArtifactFields,
    places: ArtifactPlaces,
  ) => Promise<Record<string, string> | void>;
  /** The saved places (update form); none when missing. */
  defaultPlaces?: ArtifactPlaces | undefined;
  /** Extra sections after Timeline Information (the contributor block). */
  extraSections?: ReactNode;
  /** Notes shown above the submit button. */
  notes?: ReactNode;
  /** The saved artifact's uploaded image, for the preview (update form). */
  savedImage?: KnownUpload | undefined;
}

/** An uploaded image's path and size, which the preview needs to pick a derivative. */
export interface KnownUpload {
  url: string;
  width: number;
  height: number;
  placeholder: string | null;
}

/** The eight artifact fields of the add and update screens, checked with the shared schema. */
export function ArtifactForm({
  defaultValues = EMPTY,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  extraSections,
  notes,
  savedImage,
  defaultPlaces,
}: ArtifactFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<ArtifactInput, unknown, ArtifactFields>({
    resolver: zodResolver(artifactInput),
    defaultValues,
  });
  // How each date is understood, as it is typed (packages/shared/src/dates).
  const [createdAt, discoveredAt] = useWatch({ control, name: ["createdAt", "discoveredAt"] });
  // The uploaded image the form knows the size of: the saved one, then any new upload.
  const [uploaded, setUploaded] = useState(savedImage ?? null);
  const [image, name, type, alt] = useWatch({
    control,
    name: ["artifactImage", "artifactName", "artifactType", "imageAlt"],
  });
  const previewSource = (image ?? "").trim();
  const [placeDrafts, setPlaceDrafts] = useState(() => draftsOf(defaultPlaces));
  const [placeErrors, setPlaceErrors] = useState<PlaceDraftErrors>({});

  const submit = handleSubmit(async (values) => {
    const checked = checkDrafts(placeDrafts);
    setPlaceErrors(checked.errors ?? {});
    if (!checked.places) return;
    const problems = await onSubmit(values, checked.places);
    if (!problems) return;
    for (const [field, message] of Object.entries(problems)) {
      if (field in EMPTY)
        setError(field as keyof ArtifactInput, { message }, { shouldFocus: true });
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
              setUploaded({ ...image, placeholder: null });
              setValue("artifactImage", image.url, { shouldValidate: true, shouldDirty: true });
            }}
          />
          <ImagePreview
            artifact={{
              artifactImage: previewSource,
              artifactName: name || "Artifact image",
              artifactType: type || "Others",
              imageAlt: alt ?? "",
              ...(uploaded && uploaded.url === previewSource
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

      <FormSection title="Places" icon={MapPin}>
        <PlaceFields drafts={placeDrafts} errors={placeErrors} onChange={setPlaceDrafts} />
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
