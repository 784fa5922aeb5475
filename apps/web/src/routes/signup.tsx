import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { MESSAGES, signupInput, type SignupInput } from "@artifact-atlas/shared";
import { AuthCard, FormError, GoogleButton, OrDivider } from "../components/AuthCard";
import { Button } from "../components/Button";
import { TextField } from "../components/Field";
import { useDialogs } from "../lib/dialogs";
import { fieldErrors, serverMessage, trpcErrorCode } from "../lib/errors";
import { useApplySession } from "../lib/session";
import { trpc } from "../lib/trpc";

export default function SignupRoute() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const applySession = useApplySession();
  const signup = trpc.auth.signup.useMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupInput, unknown, ReturnType<typeof signupInput.parse>>({
    resolver: zodResolver(signupInput),
    defaultValues: { userName: "", photoUrl: "", email: "", password: "" },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await signup.mutateAsync(values);
      await applySession(user);
      void dialogs.notify({
        variant: "success",
        title: "Welcome!",
        text: "Your account has been created successfully.",
      });
      await navigate("/", { replace: true });
    } catch (error) {
      console.error("Signup failed", error);
      const message =
        trpcErrorCode(error) === "CONFLICT"
          ? MESSAGES.emailAlreadyRegistered
          : (serverMessage(error) ?? MESSAGES.signupFailed);
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
      setFormError(message);
      void dialogs.notify({ variant: "error", title: "Signup Failed", text: message });
    }
  });

  return (
    <AuthCard
      title="Create Your Account"
      subtitle="Join a community of historians, researchers and enthusiasts."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to="/login"
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <title>Signup</title>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label="Username"
          autoComplete="username"
          placeholder="At least 5 characters"
          error={errors.userName?.message}
          {...register("userName")}
        />
        <TextField
          label="Photo URL (optional)"
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder="https://example.com/you.jpg"
          error={errors.photoUrl?.message}
          {...register("photoUrl")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder="Create a password"
          hint={MESSAGES.passwordHint}
          error={errors.password?.message}
          {...register("password")}
        />
        <FormError message={formError} />
        <Button
          type="submit"
          size="lg"
          fullWidth
          busy={signup.isPending}
          busyText="Creating Account..."
        >
          Create Account
        </Button>
      </form>
      <OrDivider />
      <GoogleButton label="Sign up with Google" redirect="/" />
    </AuthCard>
  );
}
