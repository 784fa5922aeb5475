/*
 * Which requests the web app answers and which the API answers: one rule for the production
 * server (apps/api/src/plugins/spa.ts) and for `pnpm dev`, where Vite serves the web app and
 * forwards the rest to the API (apps/web/vite.config.ts).
 */

/**
 * Paths of the API that a browser may also load as a page (a link, a download, a redirect, an
 * image opened in a tab): tRPC, REST paths no web route shares, sign-in, health, images, the
 * build's assets, open data. Under one of them the API answers, whatever the Accept header.
 */
export const API_PATH_PREFIXES = [
  "/trpc",
  "/healthz",
  "/auth/",
  "/artifacts",
  "/liked-artifact",
  "/jwt",
  "/openapi.json",
  "/images/",
  "/assets/",
  "/sitemap",
  "/robots.txt",
  "/export",
  "/imports",
  "/account/",
  // Harvesting (issue 34): OAI-PMH, the Atom feeds, the dataset's VoID.
  "/oai",
  "/feeds/",
  "/.well-known/",
  // A backup's download (issue 35); the Backups tab itself is /admin/backups.
  "/admin/backups/",
] as const;

/**
 * Web routes under one of those prefixes: loaded as a page, the web app's; any other request, the
 * API's (the REST handlers of these paths check isPageLoad).
 */
const WEB_ROUTES_UNDER_API_PATHS = [/^\/artifacts\/[^/]+(?:\/history)?\/?$/];

/**
 * A browser loading a page: a GET or HEAD that accepts HTML. Browsers send text/html when they
 * load a page; fetch sends *\/* and API clients send application/json or nothing. Where a path is
 * both a page and an API call (/artifacts/{id}, /notifications), this decides.
 */
export function isPageLoad(method: string | undefined, accept: string | undefined): boolean {
  return (method === "GET" || method === "HEAD") && (accept ?? "").includes("text/html");
}

/** Whether a path belongs to the API whatever the request (API_PATH_PREFIXES). */
export function isApiPath(path: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Whether the web app answers a request: a page load of one of its routes. */
export function isWebPageLoad(
  method: string | undefined,
  path: string,
  accept: string | undefined,
): boolean {
  if (!isPageLoad(method, accept)) return false;
  return !isApiPath(path) || WEB_ROUTES_UNDER_API_PATHS.some((route) => route.test(path));
}
