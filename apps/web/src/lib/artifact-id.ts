/**
 * A route's :id as the API accepts it (a positive safe integer); anything else is a 404. Plain
 * code rather than the shared zod schema, so the screens carry no validation library.
 */
export function parseArtifactId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
