/**
 * The contract between the server's Google sign-in routes and the Login screen.
 *
 * The server ends every Google sign-in on /login: `?google=success&redirect=<path>` after a
 * sign-in, `?google_error=<code>` after a failure. The screen shows the popup and, on success,
 * goes on to the path.
 */

/**
 * The meta tag the server writes into the page's head when Google sign-in is set up: the Login
 * and Signup screens offer the Google button only then (issue 29), from the first paint.
 */
export const GOOGLE_SIGN_IN_META = "atlas-google-sign-in";

/** Query parameter set to "success" after a Google sign-in started a session. */
export const GOOGLE_SUCCESS_PARAM = "google";
/** Query parameter naming why a Google sign-in failed: one of GOOGLE_ERROR_CODES. */
export const GOOGLE_ERROR_PARAM = "google_error";

/** What a person reads in the Oops... popup, per failure. Nothing was created or linked. */
export const GOOGLE_ERROR_MESSAGES = {
  not_configured: "Google sign-in is not set up on this server.",
  access_denied: "Google sign-in was cancelled. Please try again, or sign in with your email.",
  invalid_state:
    "Your Google sign-in could not be confirmed: it expired or was started in another window. Please try again.",
  invalid_code:
    "Google could not confirm this sign-in: it expired or was already used. Please try again.",
  provider_unavailable: "Google could not be reached. Please try again in a moment.",
  provider_error: "Google refused the sign-in request. Please try again later.",
  invalid_token:
    "Google did not send the account details needed to sign you in. Please try again, or sign in with your email.",
  email_not_verified:
    "An account with this email already exists, and Google has not verified this email address. Sign in with your email and password instead.",
  account_conflict:
    "An account with this email is already linked to a different Google account. Sign in with that Google account or with your email and password.",
  account_suspended: "This account is suspended. Please contact an administrator.",
  sign_in_failed: "Something went wrong while signing you in with Google. Please try again.",
} as const;

export type GoogleErrorCode = keyof typeof GOOGLE_ERROR_MESSAGES;

export const GOOGLE_ERROR_CODES = Object.keys(GOOGLE_ERROR_MESSAGES) as GoogleErrorCode[];

export function isGoogleErrorCode(value: unknown): value is GoogleErrorCode {
  return typeof value === "string" && Object.hasOwn(GOOGLE_ERROR_MESSAGES, value);
}

/** The message for a `google_error` value; an unknown value still gets a plain failure message. */
export function googleErrorMessage(code: string | null | undefined): string {
  return isGoogleErrorCode(code)
    ? GOOGLE_ERROR_MESSAGES[code]
    : "Google sign-in failed. Please try again.";
}
