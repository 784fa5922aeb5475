import { parseHistoricalDate } from "@artifact-atlas/shared";

/*
 * A span of years typed as people write dates (issue 29): "500 BC", "c. 1200", "5th century BC",
 * "AD 800", "-500" alike, read by the collection's own date parser (packages/shared/src/dates). A
 * phone's number keypad has no minus key, so a BC year must be typeable in words. All Artifacts
 * loads this module when its years are applied, keeping the parser out of the first download.
 */

export type TypedYears =
  | { ok: true; fromYear: number | undefined; toYear: number | undefined }
  | { ok: false; field: "from" | "to"; text: string };

/** One end: a blank is no bound; "From" takes a date's first year, "To" its last. */
function end(text: string, side: "from" | "to"): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const date = parseHistoricalDate(trimmed);
  return date ? date[side] : null;
}

/** The span two typed ends name, in order; or which end could not be read. */
export function readTypedYears(fromText: string, toText: string): TypedYears {
  const fromYear = end(fromText, "from");
  if (fromYear === null) return { ok: false, field: "from", text: fromText.trim() };
  const toYear = end(toText, "to");
  if (toYear === null) return { ok: false, field: "to", text: toText.trim() };
  const ordered = fromYear === undefined || toYear === undefined || fromYear <= toYear;
  return ordered
    ? { ok: true, fromYear, toYear }
    : { ok: true, fromYear: toYear, toYear: fromYear };
}

/** The words under a year that could not be read. */
export function unreadableYear(text: string): string {
  return `"${text}" is not a date we can read. Try 500 BC, AD 800, c. 1200 or 5th century BC.`;
}
