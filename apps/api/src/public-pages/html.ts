/*
 * Text written into the HTML the server sends. Everything an artifact holds was typed by a
 * contributor, so every value is escaped for the place it goes: an attribute, or a JSON-LD block.
 */

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** A value for a double-quoted attribute (or element text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/** A <meta> tag: `key` is written as is (a known name), `value` escaped. */
export function meta(attribute: "name" | "property", key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}

/**
 * JSON for a <script type="application/ld+json"> block: `<`, `>` and `&` as \u escapes (still the
 * same JSON), so that no `</script>` or `<!--` can end or change the block; U+2028 and U+2029 too,
 * which some older parsers take for line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** XML text or attribute content (sitemaps). */
export function escapeXml(text: string): string {
  return escapeHtml(text).replace(/&#39;/g, "&apos;");
}
