import { safeRedirectPath } from "@artifact-atlas/shared";

/** Where login sends people back to: a path on this site only (the rule the server uses too). */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  return safeRedirectPath(target, fallback);
}

/** The login page, remembering the page that was wanted. */
export function loginPath(wanted: string): string {
  const target = safeRedirect(wanted, "");
  return target ? `/login?redirect=${encodeURIComponent(target)}` : "/login";
}

/** Starts the Google sign-in flow on the server (a full page navigation). */
export function googleSignInPath(redirect: string): string {
  return `/auth/google?redirect=${encodeURIComponent(safeRedirect(redirect))}`;
}
