/*
 * XML text written by hand, one escape for every value: the answers are a few fixed shapes, and a
 * template per shape reads as the schema does (decision 116). Everything a contributor typed goes
 * through `text`.
 */

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * Characters XML 1.0 cannot hold at all, even escaped: the C0 controls but tab, newline and
 * carriage return, lone surrogates, and U+FFFE/U+FFFF. A field may hold one (a pasted control
 * character is invisible, not refused); it is left out, or the whole answer would be unreadable.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Element text or an attribute value. */
export function text(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** `<name attributes>value</name>`, or nothing for an empty value. */
export function element(name: string, value: string, attributes = ""): string {
  if (value.trim() === "") return "";
  return `<${name}${attributes}>${text(value)}</${name}>`;
}

/** `<name rdf:resource="uri"/>`, or nothing without a URI. */
export function resource(name: string, uri: string | null): string {
  return uri ? `<${name} rdf:resource="${text(uri)}"/>` : "";
}

/** A time as OAI-PMH and Atom write it: UTC, to the second (YYYY-MM-DDThh:mm:ssZ). */
export function utcSeconds(milliseconds: number): string {
  return `${new Date(milliseconds).toISOString().slice(0, 19)}Z`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
