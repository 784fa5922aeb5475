import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router-dom";
import {
  choosePasswordInput,
  MESSAGES,
  resetToken,
  type ChoosePasswordInput,
  type ResetLinkState,
} from "@artifact-atlas/shared";
import { PasswordField } from "../components/AccountFields";
import { AuthCard, FormError } from "../components/AuthCard";
import { Button, ButtonLink } from "../components/Button";
import { useDialogs } from "../components/DialogProvider";
import { QueryState } from "../components/QueryState";
import { SectionSpinner } from "../components/Spinner";
import { sessionChanged } from "../lib/cache-updates";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";

const SAVE_FAILED = "Your new password could not be saved right now. Please try again.";
const REFUSED: Record<Exclude<ResetLinkState, "valid">, string> = {
  used: MESSAGES.resetLinkUsed,
  expired: MESSAGES.resetLinkExpired,
  invalid: MESSAGES.resetLinkInvalid,
};

/**
 * Choose a new password (issue 20): the reset email's link opens this screen with its token after
 * the #, which the browser never sends to any server, so it stays out of logs and Referer headers.
 */
export default function ResetPasswordRoute() {
  const { hash } = useLocation();
  const token = hash.slice(1);
  const wellFormed = resetToken.safeParse(token).success;
  const linkState = trpc.auth.resetLinkState.useQuery(
    { token },
    { enabled: wellFormed, staleTime: Infinity, retry: false },
  );
  // A link that cannot be checked counts as invalid: a new one can be sent.
  const invalid = <RefusedLink message={REFUSED.invalid} />;

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Saving it signs you in here and out everywhere else."
      switchPrompt="Remembered it?"
      switchTo="/login"
      switchLabel="Back to Login"
    >
      <title>Choose a new password</title>
      {wellFormed ? (
        <QueryState
          query={linkState}
          loading={<SectionSpinner label="Checking the link" />}
          notFound={invalid}
          failed={invalid}
        >
          {({ state }) =>
            state === "valid" ? (
              <ChoosePasswordForm token={token} />
            ) : (
              <RefusedLink message={REFUSED[state]} />
            )
          }
        </QueryState>
      ) : (
        invalid
      )}
    </AuthCard>
  );
}

/** A used, expired or forged link: says so and offers a new one. */
function RefusedLink({ message }: { message: string }) {
  return (
    <div className="flex flex-col gap-5">
      <p
        role="alert"
        className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
      >
        {message}
      </p>
      <ButtonLink to="/forgot-password" size="lg" fullWidth>
        Send a new link
      </ButtonLink>
    </div>
  );
}

function ChoosePasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const reset = trpc.auth.resetPassword.useMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChoosePasswordInput>({
    resolver: zodResolver(choosePasswordInput),
    defaultValues: { password: "" },
  });

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const user = await reset.mutateAsync({ token, password });
      await sessionChanged(utils, queryClient, user);
      void dialogs.notify({
        variant: "success",
        title: "Password saved",
        text: "You are signed in with your new password.",
      });
      await navigate("/", { replace: true });
    } catch (error) {
      const message = serverMessage(error);
      // The link was used or ran out meanwhile: offer a new one instead of the form.
      if (message && Object.values(REFUSED).includes(message)) setRefused(message);
      else setFormError(message ?? SAVE_FAILED);
    }
  });

  if (refused) return <RefusedLink message={refused} />;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <PasswordField
        label="New password"
        purpose="new"
        error={errors.password?.message}
        {...register("password")}
      />
      <FormError message={formError} />
      <Button type="submit" size="lg" fullWidth busy={reset.isPending} busyText="Saving...">
        Save new password
      </Button>
    </form>
  );
}
