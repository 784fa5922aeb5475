import {
  ARTIFACT_TYPES,
  BRAND,
  FEED_PATH,
  publicArtifactPath,
  typeFeedPath,
  type ArtifactType,
} from "@artifact-atlas/shared";
import { absoluteUrl, shorten } from "../public-pages/head";
import { pageUrl } from "./formats";
import type { FeedTimes, HarvestArtifact } from "./store";
import { element, text, utcSeconds, XML_DECLARATION } from "./xml";

/*
 * Atom 1.0 feeds of newly published artifacts (RFC 4287): the FEED_ENTRIES public artifacts first
 * published most recently, of every type or of one. Each entry is the artifact's permanent page;
 * its summary is the historical context as plain text (type="text"), never HTML, so a feed reader
 * shows what was typed and runs nothing.
 */

/** Entries per feed: a reader polling every minute sees every new artifact of a busy day. */
export const FEED_ENTRIES = 50;
/** The summary's length: a paragraph, as a feed reader lists it. */
const SUMMARY_LENGTH = 300;

export interface Feed {
  /** The feed's own path: its id and rel="self". */
  path: string;
  title: string;
  type: ArtifactType | null;
}

/** The feed at `path`, or undefined for one that does not exist. */
export function feedAt(path: string): Feed | undefined {
  if (path === FEED_PATH) return { path, title: `New artifacts | ${BRAND}`, type: null };
  const type = ARTIFACT_TYPES.find((each) => typeFeedPath(each) === path);
  return type ? { path, title: `New artifacts: ${type} | ${BRAND}`, type } : undefined;
}

type Entry = HarvestArtifact & FeedTimes;

function entryXml(entry: Entry, origin: string): string {
  const page = `${origin}${publicArtifactPath(entry)}`;
  return [
    "<entry>",
    element("id", pageUrl(origin, entry.id)),
    element("title", entry.artifactName, ' type="text"'),
    `<published>${utcSeconds(entry.publishedAt)}</published>`,
    `<updated>${utcSeconds(entry.updatedAt)}</updated>`,
    `<link rel="alternate" type="text/html" href="${text(page)}"/>`,
    `<link rel="enclosure" href="${text(absoluteUrl(origin, entry.artifactImage))}"/>`,
    `<category term="${text(entry.artifactType)}"/>`,
    element("summary", shorten(entry.historicalContext, SUMMARY_LENGTH), ' type="text"'),
    "</entry>",
  ].join("");
}

/**
 * The feed's document. `updated` is the newest change among its entries, or `fallback` (the
 * collection's last change) when it has none: Atom wants one either way.
 */
export function feedXml(
  feed: Feed,
  entries: Entry[],
  context: { origin: string; author: string; fallback: number },
): string {
  const updated = Math.max(...entries.map((entry) => entry.updatedAt), 0) || context.fallback;
  const self = `${context.origin}${feed.path}`;
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", self),
    element("title", feed.title, ' type="text"'),
    `<updated>${utcSeconds(updated)}</updated>`,
    `<author>${element("name", context.author)}</author>`,
    `<link rel="self" type="application/atom+xml" href="${text(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${text(`${context.origin}/allartifacts`)}"/>`,
    `<generator>${text(BRAND)}</generator>`,
    ...entries.map((entry) => entryXml(entry, context.origin)),
    "</feed>\n",
  ].join("");
}
