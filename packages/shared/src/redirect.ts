/*
 * Where a sign-in may send the browser back to: the rule the server (Google sign-in) and the web
 * app (login, the route guard) share. A module of its own, so that the first page load carries it
 * without the Google sign-in messages.
 */

const MAX_REDIRECT_LENGTH = 2048;

/**
 * Where a sign-in may send the browser: a path on this site only, never another origin. "//host"
 * and "/\host" are read by browsers as other hosts, and browsers drop tabs and newlines from URLs,
 * so "/\t/host" would become "//host": any control character is refused. /login and /signup would
 * only send a signed-in person back to a sign-in form.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (
    typeof target !== "string" ||
    target.length > MAX_REDIRECT_LENGTH ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\") ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(target)
  ) {
    return fallback;
  }
  const path = (target.split(/[?#]/)[0] ?? "").toLowerCase().replace(/\/+$/, "");
  if (path === "/login" || path === "/signup") return fallback;
  return target;
}
