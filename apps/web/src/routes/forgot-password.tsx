import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  MESSAGES,
  passwordResetRequestInput,
  type PasswordResetRequestInput,
} from "@artifact-atlas/shared";
import { EmailField } from "../components/AccountFields";
import { AuthCard, FormError } from "../components/AuthCard";
import { Button } from "../components/Button";
import { SectionSpinner } from "../components/Spinner";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";

const SEND_FAILED = "The link could not be sent right now. Please try again.";

/** Reset your password (issue 20): the Login screen's Forgot password link leads here. */
export default function ForgotPasswordRoute() {
  const availability = trpc.auth.passwordResetByEmail.useQuery(undefined, { staleTime: Infinity });
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [answer, setAnswer] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: "" },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await request.mutateAsync(values);
      setAnswer(result.message);
    } catch (error) {
      setFormError(serverMessage(error) ?? SEND_FAILED);
    }
  });

  return (
    <AuthCard
      title="Reset your password"
      subtitle="We will email you a link to choose a new password."
      switchPrompt="Remembered it?"
      switchTo="/login"
      switchLabel="Back to Login"
    >
      <title>Reset your password</title>
      {/* Whether mail is on; unknown (a failure), the form is offered and the server answers. */}
      {availability.isPending ? (
        <SectionSpinner label="Loading" />
      ) : availability.data?.available === false ? (
        <p className="rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm leading-relaxed text-ink">
          {MESSAGES.resetByEmailOff}
        </p>
      ) : answer ? (
        <p
          role="status"
          className="flex gap-3 rounded-xl border border-line bg-surface-muted px-4 py-3 text-sm leading-relaxed text-ink"
        >
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
          <span>
            {answer} It is valid for 30 minutes. Check your spam folder if it does not arrive.
          </span>
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          <EmailField error={errors.email?.message} {...register("email")} />
          <FormError message={formError} />
          <Button type="submit" size="lg" fullWidth busy={request.isPending} busyText="Sending...">
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
