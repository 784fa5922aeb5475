import { zodResolver } from "@hookform/resolvers/zod";
import { Eye } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import {
  GOOGLE_ERROR_PARAM,
  GOOGLE_SUCCESS_PARAM,
  googleErrorMessage,
  loginInput,
  type LoginInput,
} from "@artifact-atlas/shared";
import { EmailField, PasswordField } from "../components/AccountFields";
import { AuthCard, AuthForm } from "../components/AuthCard";
import { useDialogs } from "../components/DialogProvider";
import { publicPageOf } from "../lib/artifact-id";
import { useAuthAttempt } from "../lib/auth-attempt";
import { serverMessage } from "../lib/errors";
import { safeRedirect } from "../lib/redirect";
import { trpc } from "../lib/trpc";

const LOGIN_FAILED = "Unable to sign in right now. Please try again.";
const LOGIN_SUCCESS = { title: "Login Successful!", text: "You have successfully logged in." };

export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  // Spec: a failed login is logged.
  const login = trpc.auth.login.useMutation({ meta: { failureLog: "Login failed" } });
  const { formError, attempt } = useAuthAttempt();
  // Where to go afterwards: ?redirect= (survives a reload), then history state, then home.
  const fromState = (location.state as { from?: string } | null)?.from;
  const redirectTo = safeRedirect(searchParams.get("redirect") ?? fromState);
  // Sent here by an artifact's View Details: its public page needs no account (issue 29).
  const publicPage = publicPageOf(redirectTo);
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
    void dialogs.notify({ variant: "success", ...LOGIN_SUCCESS });
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

  const submit = handleSubmit((values) =>
    attempt({
      request: () => login.mutateAsync(values),
      success: LOGIN_SUCCESS,
      redirectTo,
      failureTitle: "Oops...",
      failureMessage: (error) => serverMessage(error) ?? LOGIN_FAILED,
    }),
  );

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to like, add and manage artifacts."
      switchPrompt="Don't have an account?"
      switchTo="/signup"
      switchLabel="Create one"
    >
      <title>Login</title>
      {publicPage && (
        <p className="-mt-2 mb-8 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-xl border border-line bg-surface-muted px-4 py-3 text-center text-sm text-muted">
          Only here to look?
          <Link
            to={publicPage}
            className="inline-flex items-center gap-1.5 rounded font-semibold text-accent underline-offset-4 hover:underline"
          >
            <Eye aria-hidden="true" className="size-4" />
            View it without signing in
          </Link>
        </p>
      )}
      <AuthForm
        onSubmit={submit}
        formError={formError ?? (googleError ? googleErrorMessage(googleError) : null)}
        submitLabel="Sign in"
        busyText="Signing in..."
        busy={login.isPending}
        googleLabel="Sign in with Google"
        googleRedirect={redirectTo}
      >
        <EmailField error={errors.email?.message} {...register("email")} />
        <div className="flex flex-col gap-2">
          <PasswordField
            label="Password"
            purpose="current"
            placeholder="Your password"
            error={errors.password?.message}
            {...register("password")}
          />
          <Link
            to="/forgot-password"
            className="self-end rounded text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
      </AuthForm>
    </AuthCard>
  );
}
