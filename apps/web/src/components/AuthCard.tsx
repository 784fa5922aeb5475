import type { FormEventHandler, ReactNode } from "react";
import { GOOGLE_SIGN_IN_META } from "@artifact-atlas/shared";
import { Link } from "react-router-dom";
import { googleSignInPath } from "../lib/redirect";
import { GoogleIcon } from "./BrandIcons";
import { Button, buttonClasses } from "./Button";
import { Page } from "./Container";

/** The frame of the login and signup screens, with the link across to the other one below. */
export function AuthCard({
  title,
  subtitle,
  children,
  switchPrompt,
  switchTo,
  switchLabel,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** The question before the link, e.g. "Already have an account?". */
  switchPrompt: string;
  switchTo: string;
  switchLabel: string;
}) {
  return (
    <Page width="narrow" className="flex flex-1 flex-col justify-center">
      <div className="rounded-3xl border border-line bg-surface p-6 shadow-card sm:p-10">
        <div className="mb-8 text-center">
          <h1 className="font-serif text-3xl font-semibold text-ink">{title}</h1>
          <p className="mt-2 text-base text-muted">{subtitle}</p>
        </div>
        {children}
        <p className="mt-8 text-center text-sm text-muted">
          {switchPrompt}{" "}
          <Link
            to={switchTo}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            {switchLabel}
          </Link>
        </p>
      </div>
    </Page>
  );
}

/**
 * Whether this server offers Google sign-in: it writes a meta tag into the page's head when it is
 * set up (apps/api/src/plugins/spa.ts), so the answer is there before the first paint. `pnpm dev`
 * serves Vite's index.html, without it.
 */
function googleSignInOffered(): boolean {
  return document.querySelector(`meta[name="${GOOGLE_SIGN_IN_META}"]`) !== null;
}

/**
 * The form of the login and signup screens: the fields, a form-level error, the submit button,
 * then Google sign-in as the alternative when the server offers it (issue 29: a button that only
 * led to "not set up on this server" was a dead end).
 */
export function AuthForm({
  onSubmit,
  formError,
  submitLabel,
  busyText,
  busy,
  googleLabel,
  googleRedirect,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  submitLabel: string;
  busyText: string;
  busy: boolean;
  googleLabel: string;
  /** Where the server sends the visitor after a Google sign-in. */
  googleRedirect: string;
  children: ReactNode;
}) {
  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {children}
        <FormError message={formError} />
        <Button type="submit" size="lg" fullWidth busy={busy} busyText={busyText}>
          {submitLabel}
        </Button>
      </form>
      {googleSignInOffered() && (
        <>
          <OrDivider />
          <GoogleButton label={googleLabel} redirect={googleRedirect} />
        </>
      )}
    </>
  );
}

/**
 * Google sign-in runs on the server (a redirect flow), so this is a plain link that leaves the
 * app; the server brings the visitor back to `redirect`.
 */
function GoogleButton({ label, redirect }: { label: string; redirect: string }) {
  return (
    <a
      href={googleSignInPath(redirect)}
      className={buttonClasses({ variant: "secondary", fullWidth: true })}
    >
      <GoogleIcon className="size-5" />
      {label}
    </a>
  );
}

function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-4 text-xs font-medium tracking-wider text-muted uppercase">
      <span className="h-px flex-1 bg-line" />
      or
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

/** A form-level error under the fields (the inline red message of the spec). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
    >
      {message}
    </p>
  );
}
