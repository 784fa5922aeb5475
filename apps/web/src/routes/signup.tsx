import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { MESSAGES, signupInput, type SignupInput } from "@artifact-atlas/shared";
import { EmailField, PasswordField, PhotoUrlField } from "../components/AccountFields";
import { AuthCard, AuthForm } from "../components/AuthCard";
import { TextField } from "../components/Field";
import { useAuthAttempt } from "../lib/auth-attempt";
import { fieldErrors, serverMessage, trpcErrorCode } from "../lib/errors";
import { trpc } from "../lib/trpc";

function signupFailureMessage(error: unknown): string {
  return trpcErrorCode(error) === "CONFLICT"
    ? MESSAGES.emailAlreadyRegistered
    : (serverMessage(error) ?? MESSAGES.signupFailed);
}

export default function SignupRoute() {
  // Spec: a failed signup is logged.
  const signup = trpc.auth.signup.useMutation({ meta: { failureLog: "Signup failed" } });
  const { formError, attempt } = useAuthAttempt();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupInput, unknown, ReturnType<typeof signupInput.parse>>({
    resolver: zodResolver(signupInput),
    defaultValues: { userName: "", photoUrl: "", email: "", password: "" },
  });

  const showServerFieldErrors = (error: unknown) => {
    for (const [field, fieldMessage] of Object.entries(fieldErrors(error))) {
      if (
        field === "userName" ||
        field === "photoUrl" ||
        field === "email" ||
        field === "password"
      ) {
        setError(field, { message: fieldMessage });
      }
    }
  };

  const submit = handleSubmit((values) =>
    attempt({
      request: () => signup.mutateAsync(values),
      success: { title: "Welcome!", text: "Your account has been created successfully." },
      redirectTo: "/",
      failureTitle: "Signup Failed",
      failureMessage: signupFailureMessage,
      onFailure: showServerFieldErrors,
    }),
  );

  return (
    <AuthCard
      title="Create Your Account"
      subtitle="Join a community of historians, researchers and enthusiasts."
      switchPrompt="Already have an account?"
      switchTo="/login"
      switchLabel="Log in"
    >
      <title>Signup</title>
      <AuthForm
        onSubmit={submit}
        formError={formError}
        submitLabel="Create Account"
        busyText="Creating Account..."
        busy={signup.isPending}
        googleLabel="Sign up with Google"
        googleRedirect="/"
      >
        <TextField
          label="Username"
          autoComplete="username"
          placeholder="At least 5 characters"
          error={errors.userName?.message}
          {...register("userName")}
        />
        <PhotoUrlField
          label="Photo URL (optional)"
          error={errors.photoUrl?.message}
          {...register("photoUrl")}
        />
        <EmailField error={errors.email?.message} {...register("email")} />
        <PasswordField
          label="Password"
          purpose="new"
          placeholder="Create a password"
          error={errors.password?.message}
          {...register("password")}
        />
      </AuthForm>
    </AuthCard>
  );
}
