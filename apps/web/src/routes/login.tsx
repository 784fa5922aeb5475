import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import {
  GOOGLE_ERROR_PARAM,
  GOOGLE_SUCCESS_PARAM,
  googleErrorMessage,
  loginInput,
  type LoginInput,
} from "@artifact-atlas/shared";
import { AuthCard, FormError, GoogleButton, OrDivider } from "../components/AuthCard";
import { Button } from "../components/Button";
import { TextField } from "../components/Field";
import { useDialogs } from "../lib/dialogs";
import { serverMessage } from "../lib/errors";
import { safeRedirect } from "../lib/redirect";
import { useApplySession } from "../lib/session";
import { trpc } from "../lib/trpc";

const LOGIN_FAILED = "Unable to sign in right now. Please try again.";

export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const applySession = useApplySession();
  const login = trpc.auth.login.useMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // Where to go afterwards: ?redirect= (survives a reload), then history state, then home.
  const fromState = (location.state as { from?: string } | null)?.from;
  const redirectTo = safeRedirect(searchParams.get("redirect") ?? fromState);
  // The server ends a Google sign-in here (contract in packages/shared/src/google.ts).
  const googleError = searchParams.get(GOOGLE_ERROR_PARAM);
  const googleSucceeded = searchParams.get(GOOGLE_SUCCESS_PARAM) === "success";

  useEffect(() => {
    if (!googleError) return;
    void dialogs.notify({
      variant: "error",
      title: "Oops...",
      text: googleErrorMessage(googleError),
    });
  }, [googleError, dialogs]);

  useEffect(() => {
    if (!googleSucceeded) return;
    void dialogs.notify({
      variant: "success",
      title: "Login Successful!",
      text: "You have successfully logged in.",
    });
    void navigate(redirectTo, { replace: true });
  }, [googleSucceeded, redirectTo, dialogs, navigate]);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, ReturnType<typeof loginInput.parse>>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: "", password: "" },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const user = await login.mutateAsync(values);
      await applySession(user);
      void dialogs.notify({
        variant: "success",
        title: "Login Successful!",
        text: "You have successfully logged in.",
      });
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      console.error("Login failed", error);
      const message = serverMessage(error) ?? LOGIN_FAILED;
      setFormError(message);
      void dialogs.notify({ variant: "error", title: "Oops...", text: message });
    }
  });

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to like, add and manage artifacts."
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link
            to="/signup"
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            Create one
          </Link>
        </>
      }
    >
      <title>Login</title>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...register("email")}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Your password"
            error={errors.password?.message}
            {...register("password")}
          />
          {/* The spec's "Forgot password" goes nowhere yet: a button, so it promises no page. */}
          <button
            type="button"
            className="self-end rounded text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            Forgot password?
          </button>
        </div>
        <FormError message={formError ?? (googleError ? googleErrorMessage(googleError) : null)} />
        <Button type="submit" size="lg" fullWidth busy={login.isPending} busyText="Signing in...">
          Sign in
        </Button>
      </form>
      <OrDivider />
      <GoogleButton label="Sign in with Google" redirect={redirectTo} />
    </AuthCard>
  );
}
