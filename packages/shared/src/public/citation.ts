import type { CollectionDetail } from "../collections/types";
import type { Artifact } from "../schemas/artifact";
import { BRAND } from "../constants";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** A calendar day as people and citation styles write it, the same in every locale. */
export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** The reader's own calendar day (their clock and time zone): the day they accessed the page. */
export function calendarDayOf(date: Date): CalendarDay {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** "26 November 2026": written out by our code, not Intl, so it never depends on a locale. */
export function formatLongDate({ year, month, day }: CalendarDay): string {
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "2026-11-26" (ISO 8601), as BibTeX's urldate wants it. */
export function formatIsoDate({ year, month, day }: CalendarDay): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

export type CitedArtifact = Pick<
  Artifact,
  "id" | "artifactName" | "artifactType" | "createdAt" | "presentLocation" | "username"
>;

export interface CitationInput {
  artifact: CitedArtifact;
  /** The absolute permanent link (origin + /a/{id}). */
  permalink: string;
  accessed: CalendarDay;
}

/**
 * The plain-text citation: contributor, name, what and when, where it is now, the catalogue, the
 * permanent link and the day it was read (the shape of an online-catalogue entry in common styles).
 */
export function plainCitation({ artifact, permalink, accessed }: CitationInput): string {
  const name = artifact.artifactName.replace(/[.!?]$/, "");
  return (
    `${artifact.username}. "${name}." ${artifact.artifactType}, ${artifact.createdAt}. ` +
    `${artifact.presentLocation}. ${BRAND}, ${permalink}. Accessed ${formatLongDate(accessed)}.`
  );
}

/** TeX's special characters escaped, so that a name with braces or a % cannot break the entry. */
export function bibtexEscape(text: string): string {
  return text.replace(/[\\{}%&$#_^~]/g, (char) => {
    switch (char) {
      case "\\":
        return "\\textbackslash{}";
      case "^":
        return "\\textasciicircum{}";
      case "~":
        return "\\textasciitilde{}";
      default:
        return `\\${char}`;
    }
  });
}

/**
 * A BibTeX @misc entry (biblatex reads url and urldate). The author is in a second pair of braces:
 * a contributor's name is a display name, not "Last, First", and must not be split.
 */
export function bibtexCitation({ artifact, permalink, accessed }: CitationInput): string {
  const field = (name: string, value: string) => `  ${name} = {${value}},`;
  return [
    `@misc{atlas${artifact.id},`,
    field("author", `{${bibtexEscape(artifact.username)}}`),
    field("title", `{${bibtexEscape(artifact.artifactName)}}`),
    field("howpublished", bibtexEscape(BRAND)),
    field(
      "note",
      bibtexEscape(
        `${artifact.artifactType}, ${artifact.createdAt}. ${artifact.presentLocation}. Accessed ${formatLongDate(accessed)}`,
      ),
    ),
    // Verbatim in biblatex: our own origin and /a/{id}, which hold no TeX specials.
    field("url", permalink),
    `  urldate = {${formatIsoDate(accessed)}}`,
    "}",
  ].join("\n");
}

export type CitedCollection = Pick<
  CollectionDetail,
  "id" | "title" | "owner" | "collaborators" | "artifactCount"
>;

export interface CollectionCitationInput {
  collection: CitedCollection;
  /** The absolute link of its page (origin + /c/{id}). */
  permalink: string;
  accessed: CalendarDay;
}

/** The collection's makers as a citation names them: the owner first, then the collaborators. */
function makersOf(collection: CitedCollection): string[] {
  return [collection.owner, ...collection.collaborators].map((member) => member.name);
}

function sizeOf(collection: CitedCollection): string {
  return `Collection of ${collection.artifactCount} ${collection.artifactCount === 1 ? "artifact" : "artifacts"}`;
}

/** A collection cited as the artifact is: its makers, title, size, the catalogue, link and day. */
export function collectionPlainCitation({
  collection,
  permalink,
  accessed,
}: CollectionCitationInput): string {
  const title = collection.title.replace(/[.!?]$/, "");
  return (
    `${makersOf(collection).join(", ")}. "${title}." ${sizeOf(collection)}. ` +
    `${BRAND}, ${permalink}. Accessed ${formatLongDate(accessed)}.`
  );
}

/** A BibTeX @misc entry for a collection; each maker in braces, joined by "and". */
export function collectionBibtexCitation({
  collection,
  permalink,
  accessed,
}: CollectionCitationInput): string {
  const field = (name: string, value: string) => `  ${name} = {${value}},`;
  const authors = makersOf(collection)
    .map((name) => `{${bibtexEscape(name)}}`)
    .join(" and ");
  return [
    `@misc{atlasCollection${collection.id},`,
    field("author", authors),
    field("title", `{${bibtexEscape(collection.title)}}`),
    field("howpublished", bibtexEscape(BRAND)),
    field("note", bibtexEscape(`${sizeOf(collection)}. Accessed ${formatLongDate(accessed)}`)),
    field("url", permalink),
    `  urldate = {${formatIsoDate(accessed)}}`,
    "}",
  ].join("\n");
}
