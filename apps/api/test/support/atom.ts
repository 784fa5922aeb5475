import { parseXml, type Parsed } from "./oai";

/*
 * Atom 1.0's requirements (RFC 4287, sections 3 and 4), checked on a parsed feed. No RELAX NG or XSD
 * of Atom ships in a package that can be installed here, so the test checks what the RFC says a
 * feed "MUST" be, one rule each:
 * - the root is atom:feed in the namespace http://www.w3.org/2005/Atom (4.1.1);
 * - atom:feed has exactly one atom:id, atom:title and atom:updated (4.1.1), an atom:author unless
 *   every entry has one (4.1.1), and should have one atom:link rel="self" (4.1.1);
 * - each atom:entry has exactly one atom:id, atom:title and atom:updated, at most one atom:published
 *   and atom:summary, and an atom:link rel="alternate" when it has no atom:content (4.1.2);
 * - an atom:id is an absolute IRI (4.2.6); atom:updated and atom:published are RFC 3339 date-times
 *   (3.3); a text construct's type is text, html or xhtml (3.1); every atom:link has href (4.2.7);
 *   no two alternate links of an entry share type and hreflang (4.1.1);
 * - atom:author has exactly one atom:name (3.2).
 */

const ATOM = "http://www.w3.org/2005/Atom";
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function all(node: Parsed, name: string): Parsed[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const textOf = (value: Parsed): string =>
  typeof value === "string" ? value : String(value?.["#text"] ?? "");

function isAbsoluteIri(value: string): boolean {
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

/** The RFC's requirements the feed breaks, each in words; [] for a valid Atom 1.0 feed. */
export function atomProblems(xml: string): string[] {
  const problems: string[] = [];
  const feed = parseXml(xml).feed;
  if (!feed) return ["the root element is not feed"];
  if (feed["@xmlns"] !== ATOM) problems.push("feed is not in the Atom namespace");

  const exactlyOne = (node: Parsed, name: string, where: string) => {
    const count = all(node, name).length;
    if (count !== 1) problems.push(`${where} has ${count} ${name} elements, not one`);
  };
  const textConstruct = (node: Parsed, name: string, where: string) => {
    for (const value of all(node, name)) {
      const type = value?.["@type"] ?? "text";
      if (!["text", "html", "xhtml"].includes(type)) problems.push(`${where} ${name} type ${type}`);
      if (textOf(value).trim() === "") problems.push(`${where} ${name} is empty`);
    }
  };
  const dates = (node: Parsed, name: string, where: string) => {
    for (const value of all(node, name)) {
      if (!RFC3339.test(textOf(value))) problems.push(`${where} ${name} is not an RFC 3339 time`);
    }
  };
  const links = (node: Parsed, where: string) => {
    const alternates = new Set<string>();
    for (const link of all(node, "link")) {
      if (!link["@href"] || !isAbsoluteIri(link["@href"]))
        problems.push(`${where} link without href`);
      if ((link["@rel"] ?? "alternate") === "alternate") {
        const key = `${link["@type"] ?? ""} ${link["@hreflang"] ?? ""}`;
        if (alternates.has(key)) problems.push(`${where} has two alternate links of one type`);
        alternates.add(key);
      }
    }
  };
  const ids = (node: Parsed, where: string) => {
    for (const id of all(node, "id")) {
      if (!isAbsoluteIri(textOf(id))) problems.push(`${where} id is not an absolute IRI`);
    }
  };
  const authors = (node: Parsed, where: string) => {
    for (const author of all(node, "author")) {
      if (all(author, "name").length !== 1 || textOf(author.name).trim() === "") {
        problems.push(`${where} author without one name`);
      }
    }
  };

  for (const name of ["id", "title", "updated"]) exactlyOne(feed, name, "feed");
  textConstruct(feed, "title", "feed");
  dates(feed, "updated", "feed");
  ids(feed, "feed");
  links(feed, "feed");
  authors(feed, "feed");
  if (!all(feed, "link").some((link) => link["@rel"] === "self"))
    problems.push("feed has no self link");

  const entries = all(feed, "entry");
  if (
    all(feed, "author").length === 0 &&
    entries.some((entry) => all(entry, "author").length === 0)
  ) {
    problems.push("an entry has no author, nor the feed");
  }
  entries.forEach((entry, index) => {
    const where = `entry ${index}`;
    for (const name of ["id", "title", "updated"]) exactlyOne(entry, name, where);
    for (const name of ["published", "summary", "content"]) {
      if (all(entry, name).length > 1) problems.push(`${where} has more than one ${name}`);
    }
    textConstruct(entry, "title", where);
    textConstruct(entry, "summary", where);
    dates(entry, "updated", where);
    dates(entry, "published", where);
    ids(entry, where);
    links(entry, where);
    authors(entry, where);
    if (
      all(entry, "content").length === 0 &&
      !all(entry, "link").some((link) => (link["@rel"] ?? "alternate") === "alternate")
    ) {
      problems.push(`${where} has neither content nor an alternate link`);
    }
  });
  return problems;
}
