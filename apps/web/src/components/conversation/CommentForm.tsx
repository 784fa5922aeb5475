import { useState, type FormEvent } from "react";
import { COMMENT_MAX_LENGTH } from "@artifact-atlas/shared";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { TextAreaField } from "../Field";
import { FormActions } from "../FormSection";

/**
 * A comment's text, for a new comment, a reply or an edit: `send` answers the server's message to
 * show (a held comment's "will appear once a curator has looked at it") or null; a refusal shows
 * under the field and keeps what was typed.
 */
export function CommentForm({
  label,
  action,
  initial = "",
  send,
  onCancel,
}: {
  /** The field's label, also the form's name: "Add a comment", "Reply to Mary Anning". */
  label: string;
  /** The button's word: "Post comment", "Reply", "Save". */
  action: string;
  initial?: string;
  send: (body: string) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError("Please write your comment.");
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      setNotice(await send(body));
      setBody("");
    } catch (failure) {
      setError(
        fieldErrors(failure).body ??
          serverMessage(failure) ??
          "The comment could not be sent. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label={label} className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
      <TextAreaField
        label={label}
        hint="Markdown: *emphasis*, **bold**, `code`, > quotes, lists and links. No images."
        maxLength={COMMENT_MAX_LENGTH}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={error}
      />
      <FormActions action={action} busy={busy} onCancel={onCancel}>
        {notice && (
          <p role="status" className="text-sm text-muted">
            {notice}
          </p>
        )}
      </FormActions>
    </form>
  );
}
