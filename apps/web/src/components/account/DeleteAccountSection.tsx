import { useQueryClient } from "@tanstack/react-query";
import { UserX } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import {
  FORMER_MEMBER_NAME,
  type AccountSettings,
  type AccountDeletionInput,
  type SessionUser,
} from "@artifact-atlas/shared";
import { FormError } from "../AuthCard";
import { PasswordField } from "../AccountFields";
import { Button } from "../Button";
import { useDialogs } from "../DialogProvider";
import { TextField } from "../Field";
import { FormSection } from "../FormSection";
import { sessionChanged } from "../../lib/cache-updates";
import { serverMessage } from "../../lib/errors";
import { googleSignInPath } from "../../lib/redirect";
import { trpc } from "../../lib/trpc";

const DELETE_FAILED = "Your account could not be deleted right now. Please try again.";

/**
 * Delete my account: the person chooses what becomes of their artifacts, confirms with the
 * password (or, without one, by typing the email address after a fresh Google sign-in: decision
 * 032), and once more in a dialog.
 */
export function DeleteAccountSection({
  user,
  settings,
}: {
  user: SessionUser;
  settings: AccountSettings;
}) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const remove = trpc.account.delete.useMutation();
  const [artifacts, setArtifacts] = useState<AccountDeletionInput["artifacts"]>("delete");
  const [confirmation, setConfirmation] = useState("");
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const confirmed = await dialogs.confirm({
      title: "Delete your account?",
      text:
        artifacts === "delete"
          ? "Your account, your artifacts and your likes will be gone for good."
          : `Your account and your likes will be gone for good; your artifacts stay, under the name ${FORMER_MEMBER_NAME}.`,
      confirmLabel: "Yes, delete my account",
      cancelLabel: "Cancel",
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(
        settings.hasPassword
          ? { artifacts, password: confirmation }
          : { artifacts, confirmEmail: confirmation },
      );
      await navigate("/", { replace: true });
      await sessionChanged(utils, queryClient, null);
      void dialogs.notify({
        variant: "success",
        title: "Account deleted",
        text: "Your account has been deleted. Thank you for your contributions.",
      });
    } catch (error) {
      setFormError(serverMessage(error) ?? DELETE_FAILED);
    }
  };

  return (
    <FormSection title="Delete my account" icon={UserX}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-ink">Your artifacts</legend>
          <Choice
            checked={artifacts === "delete"}
            onChange={() => setArtifacts("delete")}
            label="Delete my artifacts"
          />
          <Choice
            checked={artifacts === "keep"}
            onChange={() => setArtifacts("keep")}
            label={`Keep them in the collection, credited to "${FORMER_MEMBER_NAME}"`}
          />
        </fieldset>
        {settings.hasPassword ? (
          <PasswordField
            label="Your password"
            purpose="current"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        ) : (
          <>
            <p className="text-sm leading-relaxed text-muted">
              Your account signs in with Google. For your safety, deleting it needs a sign-in from
              the last 10 minutes:{" "}
              <a
                href={googleSignInPath("/update-profile")}
                className="font-semibold text-accent underline-offset-4 hover:underline"
              >
                sign in with Google again
              </a>{" "}
              if yours is older.
            </p>
            <TextField
              label={`Type your email address (${user.email}) to confirm`}
              type="email"
              autoComplete="off"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </>
        )}
        <FormError message={formError} />
        <Button type="submit" variant="danger" busy={remove.isPending} busyText="Deleting...">
          Delete my account
        </Button>
      </form>
    </FormSection>
  );
}

function Choice({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm text-ink">
      <input
        type="radio"
        name="leaving-artifacts"
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 accent-accent"
      />
      {label}
    </label>
  );
}
