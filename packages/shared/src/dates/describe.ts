import { parseHistoricalDate, type HistoricalDate } from "./parse";
import { formatYearRange } from "./years";

export const DATE_NOT_RECOGNISED = "Not recognised: it will not appear in date filters";

/** "1310 BC – 1036 BC (circa)": a parsed date as a person reads it. */
export function describeHistoricalDate(date: HistoricalDate): string {
  const range = formatYearRange(date.from, date.to);
  return date.qualifier === "exact" ? range : `${range} (${date.qualifier})`;
}

/** What the forms show under a date field as it is typed; nothing for a blank field. */
export function dateHint(text: string): string | null {
  if (!text.trim()) return null;
  const date = parseHistoricalDate(text);
  return date ? `Interpreted as ${describeHistoricalDate(date)}` : DATE_NOT_RECOGNISED;
}
