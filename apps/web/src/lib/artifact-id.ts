/**
 * A route's :id as the API accepts it (a positive safe integer); anything else is a 404. Plain
 * code rather than the shared zod schema, so the screens carry no validation library.
 */
export function parseArtifactId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Where a link to an artifact leads on screens the spec does not draw (the timeline): signed in,
 * the detail page (/artifacts/{id}, behind the login by the spec); a visitor, its public page
 * (/a/{id}), which anyone may read (issue 29). The spec's screens keep /artifacts/{id}.
 */
export function artifactPath(id: number, signedIn: boolean): string {
  return signedIn ? `/artifacts/${id}` : `/a/${id}`;
}

/** The public page of the artifact a signed-in path names (/artifacts/42, /artifacts/42/history). */
export function publicPageOf(path: string): string | null {
  const id = parseArtifactId(/^\/artifacts\/([^/?#]+)/.exec(path)?.[1]);
  return id === null ? null : `/a/${id}`;
}
