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

/** What every Atom document of the site says of itself before its entries. */
export interface AtomHead {
  /** Its own address: its id and rel="self". */
  self: string;
  title: string;
  /** Its newest change: Atom wants one even when it has no entries. */
  updated: number;
  author: string;
  /** The page it is the feed of. */
  alternate: string;
}

/** An Atom document: its head, then its entries (atomEntry) as given. */
export function atomDocument(head: AtomHead, entries: string[]): string {
  return [
    XML_DECLARATION,
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    element("id", head.self),
    element("title", head.title, ' type="text"'),
    `<updated>${utcSeconds(head.updated)}</updated>`,
    `<author>${element("name", head.author)}</author>`,
    `<link rel="self" type="application/atom+xml" href="${text(head.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${text(head.alternate)}"/>`,
    `<generator>${text(BRAND)}</generator>`,
    ...entries,
    "</feed>\n",
  ].join("");
}

/**
 * An artifact's entry: its permanent page as id, its page as link and `summary` shortened, then
 * `more`, the elements a feed adds after the link.
 */
export function atomEntry(
  origin: string,
  artifact: { id: number; artifactName: string },
  times: { published: number; updated: number },
  summary: string,
  more: string[] = [],
): string {
  const page = `${origin}${publicArtifactPath(artifact)}`;
  return [
    "<entry>",
    element("id", pageUrl(origin, artifact.id)),
    element("title", artifact.artifactName, ' type="text"'),
    `<published>${utcSeconds(times.published)}</published>`,
    `<updated>${utcSeconds(times.updated)}</updated>`,
    `<link rel="alternate" type="text/html" href="${text(page)}"/>`,
    ...more,
    element("summary", shorten(summary, SUMMARY_LENGTH), ' type="text"'),
    "</entry>",
  ].join("");
}

/**
 * The feed's document. `updated` is the newest change among its entries, or `fallback` when it
 * has none.
 */
export function feedXml(
  feed: Feed,
  entries: Entry[],
  context: { origin: string; author: string; fallback: number },
): string {
  const { origin } = context;
  const head = {
    self: `${origin}${feed.path}`,
    title: feed.title,
    updated: Math.max(...entries.map((entry) => entry.updatedAt), 0) || context.fallback,
    author: context.author,
    alternate: `${origin}/allartifacts`,
  };
  return atomDocument(
    head,
    entries.map((entry) =>
      atomEntry(
        origin,
        entry,
        { published: entry.publishedAt, updated: entry.updatedAt },
        entry.historicalContext,
        [
          `<link rel="enclosure" href="${text(absoluteUrl(origin, entry.artifactImage))}"/>`,
          `<category term="${text(entry.artifactType)}"/>`,
        ],
      ),
    ),
  );
}
