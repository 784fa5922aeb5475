import { BRAND, type CollectionDetail, type CollectionItem } from "@artifact-atlas/shared";
import { iiifCollectionPath } from "../services/iiif/collection";
import { absoluteUrl, IIIF_PRESENTATION_TYPE, shorten } from "./head";
import { escapeHtml, jsonForScript, meta } from "./html";

/*
 * A collection's page /c/{id} as a preview bot or a search engine reads it (issue 32): title,
 * description, canonical link, Open Graph, and JSON-LD (schema:Collection) naming the artifacts of
 * its first page. An unlisted or private collection is kept out of search indexes.
 */

const DESCRIPTION_MAX_LENGTH = 160;

/** The description's words without its Markdown marks. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function collectionPageHead(
  collection: CollectionDetail,
  items: CollectionItem[],
  origin: string,
): string {
  const title = `${collection.title} | ${BRAND}`;
  const words = plainText(collection.description);
  const description = shorten(
    words || `${collection.artifactCount} artifacts gathered by ${collection.owner.name}.`,
    DESCRIPTION_MAX_LENGTH,
  );
  const canonical = `${origin}/c/${collection.id}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Collection",
    "@id": canonical,
    url: canonical,
    name: collection.title,
    description: words,
    creator: { "@type": "Person", name: collection.owner.name },
    collectionSize: collection.artifactCount,
    hasPart: items.map(({ artifact }) => ({
      "@type": "CreativeWork",
      "@id": `${origin}/a/${artifact.id}`,
      name: artifact.artifactName,
    })),
  };
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    ...(collection.visibility === "public" ? [] : [meta("name", "robots", "noindex")]),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", BRAND),
    meta("property", "og:title", collection.title),
    meta("property", "og:description", description),
    meta("property", "og:url", canonical),
    ...(collection.cover
      ? [meta("property", "og:image", absoluteUrl(origin, collection.cover.url))]
      : []),
    meta("name", "twitter:card", collection.cover ? "summary_large_image" : "summary"),
    `<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`,
    ...(collection.visibility === "private"
      ? []
      : [
          `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`Additions: ${collection.title}`)}" href="${escapeHtml(`${canonical.replace("/c/", "/collections/")}/feed.atom`)}" />`,
          `<link rel="alternate" type="${escapeHtml(IIIF_PRESENTATION_TYPE)}" href="${escapeHtml(`${origin}${iiifCollectionPath(collection.id)}`)}" />`,
        ]),
  ].join("\n    ");
}
