import type { ReactNode } from "react";
import { googleSignInPath } from "../lib/redirect";
import { GoogleIcon } from "./BrandIcons";
import { buttonClasses } from "./Button";
import { Page } from "./Container";

/** The frame of the login and signup screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Page width="narrow" className="flex flex-1 flex-col justify-center">
      <div className="rounded-3xl border border-line bg-surface p-6 shadow-card sm:p-10">
        <div className="mb-8 text-center">
          <h1 className="font-serif text-3xl font-semibold text-ink">{title}</h1>
          <p className="mt-2 text-base text-muted">{subtitle}</p>
        </div>
        {children}
        <p className="mt-8 text-center text-sm text-muted">{footer}</p>
      </div>
    </Page>
  );
}

/**
 * Google sign-in runs on the server (a redirect flow), so this is a plain link that leaves the
 * app; the server brings the visitor back to `redirect`.
 */
export function GoogleButton({ label, redirect }: { label: string; redirect: string }) {
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

export function OrDivider() {
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
