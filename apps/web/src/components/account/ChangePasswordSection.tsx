import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import {
  MESSAGES,
  passwordChangeInput,
  type AccountSettings,
  type PasswordChangeInput,
} from "@artifact-atlas/shared";
import { PasswordField } from "../AccountFields";
import { FormError } from "../AuthCard";
import { Button } from "../Button";
import { useDialogs } from "../DialogProvider";
import { FormSection } from "../FormSection";
import { sessionsChanged } from "../../lib/cache-updates";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";

const CHANGE_FAILED = "Your password could not be changed right now. Please try again.";

/** Change password: the current one, then a new one; every other session ends. */
export function ChangePasswordSection({ settings }: { settings: AccountSettings }) {
  return (
    <FormSection title="Change password" icon={KeyRound}>
      {settings.hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <p className="text-sm leading-relaxed text-muted">
          This account signs in with Google and has no password yet.{" "}
          {settings.mailEnabled ? (
            <>
              To set one,{" "}
              <Link
                to="/forgot-password"
                className="font-semibold text-accent underline-offset-4 hover:underline"
              >
                reset your password by email
              </Link>
              .
            </>
          ) : (
            "To set one, ask an administrator for a reset link."
          )}
        </p>
      )}
    </FormSection>
  );
}

function ChangePasswordForm() {
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const change = trpc.account.changePassword.useMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeInput),
    defaultValues: { currentPassword: "", newPassword: "" },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      reset();
      await sessionsChanged(utils);
      void dialogs.notify({
        variant: "success",
        title: "Password changed",
        text: "You are signed out everywhere else.",
      });
    } catch (error) {
      const perField = fieldErrors(error);
      for (const [field, message] of Object.entries(perField)) {
        setError(field as keyof PasswordChangeInput, { message });
      }
      const message = serverMessage(error);
      if (message === MESSAGES.currentPasswordWrong) setError("currentPassword", { message });
      else if (Object.keys(perField).length === 0) setFormError(message ?? CHANGE_FAILED);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <PasswordField
        label="Current password"
        purpose="current"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <PasswordField
        label="New password"
        purpose="new"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <FormError message={formError} />
      <Button type="submit" variant="secondary" busy={change.isPending} busyText="Changing...">
        Change password
      </Button>
    </form>
  );
}
