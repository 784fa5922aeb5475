import {
  BRAND,
  permanentArtifactPath,
  publicArtifactPath,
  typeFeedPath,
  type Artifact,
} from "@artifact-atlas/shared";
import { manifestPath } from "../services/iiif/manifest";
import { escapeHtml, jsonForScript, meta } from "./html";

/** Search engines show about this much of a description. */
const DESCRIPTION_MAX_LENGTH = 160;

/** A text cut at a word boundary near `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** An uploaded image's path (/images/...) made absolute: previews and JSON-LD need whole URLs. */
export function absoluteUrl(origin: string, source: string): string {
  return source.startsWith("/") ? `${origin}${source}` : source;
}

/** The public page's title: the same text the web app renders. */
export function publicPageTitle(artifact: Pick<Artifact, "artifactName">): string {
  return `${artifact.artifactName} | ${BRAND}`;
}

/**
 * schema.org's description of the artifact (docs/decisions/065-public-pages.md): a CreativeWork
 * with its type as genre, its creation date as the contributor wrote it (free text such as
 * "196 BC"), where it is now as contentLocation, and the community's likes as an interaction count.
 */
export function artifactJsonLd(
  artifact: Artifact,
  origin: string,
  metadataLicense: string,
): Record<string, unknown> {
  const url = `${origin}${publicArtifactPath(artifact)}`;
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    "@id": `${origin}${permanentArtifactPath(artifact.id)}`,
    url,
    identifier: String(artifact.id),
    name: artifact.artifactName,
    image: absoluteUrl(origin, artifact.artifactImage),
    genre: artifact.artifactType,
    description: artifact.historicalContext,
    dateCreated: artifact.createdAt,
    contentLocation: { "@type": "Place", name: artifact.presentLocation },
    contributor: { "@type": "Person", name: artifact.username },
    interactionStatistic: {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/LikeAction",
      userInteractionCount: artifact.likeCount,
    },
    isPartOf: { "@type": "Collection", name: BRAND, url: `${origin}/allartifacts` },
    // The licence of this description (issue 30); each image's own is in the IIIF manifest.
    license: metadataLicense,
  };
}

/** The type of a IIIF Presentation 3 manifest or collection, as a link to one names it. */
export const IIIF_PRESENTATION_TYPE =
  'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"';

/**
 * What a preview bot or a search engine that runs no JavaScript reads: title, description,
 * canonical link, Open Graph and Twitter card tags, and the JSON-LD block; the IIIF manifest as an
 * alternate, for IIIF viewers and aggregators, and the licence of the page's data (issue 30).
 */
export function publicPageHead(
  artifact: Artifact,
  origin: string,
  metadataLicense: string,
): string {
  const title = publicPageTitle(artifact);
  const description = shorten(artifact.historicalContext, DESCRIPTION_MAX_LENGTH);
  const canonical = `${origin}${publicArtifactPath(artifact)}`;
  const image = absoluteUrl(origin, artifact.artifactImage);
  const imageAlt = artifact.imageAlt || artifact.artifactName;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<link rel="alternate" type="${escapeHtml(IIIF_PRESENTATION_TYPE)}" href="${escapeHtml(`${origin}${manifestPath(artifact.id)}`)}" />`,
    `<link rel="license" href="${escapeHtml(metadataLicense)}" />`,
    meta("property", "og:type", "article"),
    meta("property", "og:site_name", BRAND),
    meta("property", "og:title", artifact.artifactName),
    meta("property", "og:description", description),
    meta("property", "og:url", canonical),
    meta("property", "og:image", image),
    meta("property", "og:image:alt", imageAlt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", artifact.artifactName),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", imageAlt),
    `<script type="application/ld+json">${jsonForScript(artifactJsonLd(artifact, origin, metadataLicense))}</script>`,
    // Issue 34: this address as linked data, and the feed of new artifacts of its type.
    `<link rel="alternate" type="application/ld+json" href="${escapeHtml(`${origin}${permanentArtifactPath(artifact.id)}`)}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`New artifacts: ${artifact.artifactType}`)}" href="${escapeHtml(`${origin}${typeFeedPath(artifact.artifactType)}`)}" />`,
  ].join("\n    ");
}

/** The head of the 404 answer: kept out of search indexes. */
export function notFoundHead(): string {
  return [
    `<title>Page Not Found | ${BRAND}</title>`,
    `<meta name="robots" content="noindex" />`,
  ].join("\n    ");
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/**
 * index.html with its title and description replaced by `head`. Throws at start-up when the build's
 * index.html has neither, rather than sending pages without their tags.
 */
export function pageTemplate(indexHtml: string): (head: string) => string {
  if (!TITLE.test(indexHtml) || !DESCRIPTION.test(indexHtml)) {
    throw new Error("index.html has no <title> or meta description to replace");
  }
  const withoutDescription = indexHtml.replace(DESCRIPTION, "");
  const [before, after] = withoutDescription.split(TITLE) as [string, string];
  return (head) => `${before}${head}${after}`;
}
