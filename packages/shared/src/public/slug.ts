/** The most characters of a name kept in a slug: enough to read, short enough to paste. */
const SLUG_MAX_LENGTH = 60;

/**
 * A readable slug of an artifact's name for its public address (/a/{id}/{slug}): lower-case ASCII
 * letters and digits joined by single hyphens, accents dropped ("Pietà" -> "pieta"). The id alone
 * names the artifact; the slug is only for people and search engines, so a name with no Latin
 * letters at all has none (the address is then /a/{id}).
 */
export function artifactSlug(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return ascii.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, "");
}

/** The public page's path: /a/{id}/{slug}, or /a/{id} when the name gives no slug. */
export function publicArtifactPath(artifact: { id: number; artifactName: string }): string {
  const slug = artifactSlug(artifact.artifactName);
  return slug ? `/a/${artifact.id}/${slug}` : `/a/${artifact.id}`;
}

/** The permanent link: the id alone, which a rename cannot break (citations use it). */
export function permanentArtifactPath(id: number): string {
  return `/a/${id}`;
}
