/*
 * Historical years as integers: AD years positive, BC years negative, and no year 0 (1 BC is
 * followed by AD 1). Arithmetic across the BC/AD boundary goes through astronomical numbering
 * (1 BC = 0, 2 BC = -1), which has no gap. JavaScript's Date and Intl mishandle BC years, so
 * every year a person sees is formatted here.
 */

/** The historical year of an astronomical one: 0 is 1 BC, -1 is 2 BC. */
export function fromAstronomical(astronomical: number): number {
  return astronomical <= 0 ? astronomical - 1 : astronomical;
}

/** The astronomical year of a historical one (never 0). */
export function toAstronomical(year: number): number {
  return year < 0 ? year + 1 : year;
}

/** A historical year a number of years after another (negative: before), skipping year 0. */
export function addYears(year: number, years: number): number {
  return fromAstronomical(toAstronomical(year) + years);
}

/** Digits grouped by thousands from five digits on ("18,050"), as the collection writes them. */
function groupDigits(value: number): string {
  const digits = String(value);
  if (digits.length < 5) return digits;
  return digits.replace(/\B(?=(\d{3})+$)/g, ",");
}

/** "1300 BC", "AD 800", "1455": AD years under 1000 carry "AD" so that they are not misread. */
export function formatYear(year: number): string {
  if (year < 0) return `${groupDigits(-year)} BC`;
  if (year < 1000) return `AD ${year}`;
  return groupDigits(year);
}

/** "1300 BC – 1046 BC", or one year when both ends are the same. */
export function formatYearRange(from: number, to: number): string {
  return from === to ? formatYear(from) : `${formatYear(from)} – ${formatYear(to)}`;
}

/** The century a year falls in: 15 for 1401–1500, -5 for 500–401 BC (never 0). */
export function centuryOf(year: number): number {
  return year < 0 ? -Math.ceil(-year / 100) : Math.ceil(year / 100);
}

/** The millennium a year falls in: 2 for 1001–2000, -2 for 2000–1001 BC (never 0). */
export function millenniumOf(year: number): number {
  return year < 0 ? -Math.ceil(-year / 1000) : Math.ceil(year / 1000);
}

/** The first and last year of a span of `size` years numbered `index` (size 100: centuries). */
export function spanYears(index: number, size: number): { from: number; to: number } {
  return index < 0
    ? { from: index * size, to: (index + 1) * size - 1 }
    : { from: (index - 1) * size + 1, to: index * size };
}

/** "15th", "1st", "22nd", "3rd", "11th". */
export function ordinal(value: number): string {
  const lastTwo = value % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${value}th`;
  const suffix = ["th", "st", "nd", "rd"][value % 10] ?? "th";
  return `${value}${suffix}`;
}

/** "15th century", "5th century BC". */
export function formatCentury(century: number): string {
  return century < 0 ? `${ordinal(-century)} century BC` : `${ordinal(century)} century`;
}

/** "2nd millennium", "3rd millennium BC". */
export function formatMillennium(millennium: number): string {
  return millennium < 0
    ? `${ordinal(-millennium)} millennium BC`
    : `${ordinal(millennium)} millennium`;
}
