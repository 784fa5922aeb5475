import { useState, type FormEvent } from "react";
import {
  ARTIFACT_TYPES,
  COMMENT_MAX_LENGTH,
  SUGGESTABLE_FIELD_LABELS,
  SUGGESTABLE_FIELDS,
  SUGGESTION_SOURCE_MAX_LENGTH,
  type Artifact,
  type SuggestableField,
} from "@artifact-atlas/shared";
import { discussionChanged } from "../../lib/cache-updates";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { SelectField, TextAreaField, TextField } from "../Field";
import { InlineError } from "../Failures";
import { FormActions } from "../FormSection";

const FIELD_OPTIONS = SUGGESTABLE_FIELDS.map((field) => ({
  value: field,
  label: SUGGESTABLE_FIELD_LABELS[field],
}));
const TYPE_OPTIONS = ARTIFACT_TYPES.map((type) => ({ value: type, label: type }));

/**
 * Suggest a change (issue 33): one field of someone else's artifact, its new value, why and where
 * it comes from. The owner or a curator decides; until then it shows in the discussion.
 */
export function SuggestChange({
  artifact,
  revision,
  onDone,
}: {
  artifact: Artifact;
  /** The revision the discussion read: the suggestion is made on it. */
  revision: number;
  /** Told when it is sent (with the server's message, if any) or cancelled. */
  onDone: (message?: string | null) => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.suggestions.create.useMutation({
    onSettled: () => discussionChanged(utils, artifact.id),
  });
  const [field, setField] = useState<SuggestableField | "">("");
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const [source, setSource] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const choose = (next: SuggestableField) => {
    setField(next);
    setValue(String(artifact[next] ?? ""));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!field) {
      setErrors({ field: "Please choose the field to change." });
      return;
    }
    setErrors({});
    try {
      const answer = await create.mutateAsync({
        artifactId: artifact.id,
        field,
        value,
        reason,
        source,
        baseRevision: revision,
      });
      onDone(answer.message);
    } catch (failure) {
      const byField = fieldErrors(failure);
      setErrors(
        Object.keys(byField).length > 0
          ? byField
          : {
              form: serverMessage(failure) ?? "The suggestion could not be sent. Please try again.",
            },
      );
    }
  };

  // The new value is asked in the kind of box the field has (a list for the type, lines for the context).
  const newValue = {
    label: "New value",
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    error: errors.value,
  };

  return (
    <form
      aria-label="Suggest a change"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5"
      onSubmit={(event) => void submit(event)}
    >
      <SelectField
        label="Field"
        options={FIELD_OPTIONS}
        placeholder="Choose a field"
        value={field}
        onChange={(event) => choose(event.target.value as SuggestableField)}
        error={errors.field}
      />
      {field === "artifactType" ? (
        <SelectField {...newValue} options={TYPE_OPTIONS} />
      ) : field === "historicalContext" ? (
        <TextAreaField {...newValue} />
      ) : (
        <TextField {...newValue} />
      )}
      <TextAreaField
        label="Reason"
        hint="Shown in the discussion. Markdown as in comments."
        maxLength={COMMENT_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
      />
      <TextField
        label="Source"
        hint="A reference or a URL."
        maxLength={SUGGESTION_SOURCE_MAX_LENGTH}
        value={source}
        onChange={(event) => setSource(event.target.value)}
        error={errors.source}
      />
      <InlineError message={errors.form ?? errors.baseRevision} />
      <FormActions action="Send suggestion" busy={create.isPending} onCancel={() => onDone()} />
    </form>
  );
}
