import { NAMED_PERIODS } from "./named-periods";
import { fromAstronomical, spanYears, toAstronomical } from "./years";

/*
 * Reads the free-text dates of the collection ("c. 1300–1046 BC", "Early 15th century", "1920s",
 * "Ming dynasty") as a range of historical years, as museums keep a begin and an end year beside
 * the text (CCO; the Met's objectBeginDate/objectEndDate). The text itself is never changed: this
 * only adds what filters, sorting and the timeline need. Anything it cannot read is "not
 * recognised" (null), never an error. docs/dates.md lists what it understands.
 *
 * Years are historical (BC negative, no year 0); the arithmetic runs on astronomical years
 * (years.ts), which have no gap at the BC/AD boundary.
 */

export const DATE_PRECISIONS = ["year", "decade", "century", "millennium", "period"] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

export const DATE_QUALIFIERS = ["exact", "circa", "before", "after", "uncertain"] as const;
export type DateQualifier = (typeof DATE_QUALIFIERS)[number];

export interface HistoricalDate {
  /** First year of the range: BC negative, never 0. */
  from: number;
  /** Last year of the range, never before `from`. */
  to: number;
  precision: DatePrecision;
  qualifier: DateQualifier;
}

/**
 * Moves whenever the parser reads any text differently, so that the server parses the stored
 * dates again (docs/decisions/041-parsed-dates-backfill.md).
 */
export const DATE_PARSER_VERSION = 1;

/** Circa widens a year by this much on each side (coarser precisions already are ranges). */
const CIRCA_YEARS = 10;
/** Before and after: the open side becomes a span of this many years. */
const OPEN_SIDE_YEARS = 100;
/** "Years ago" and "BP" count back from 1950, the radiocarbon convention. */
const PRESENT_YEAR_BP = 1950;
/** Texts longer than the form's field (LIMITS.shortText) are not dates. */
const MAX_TEXT_LENGTH = 200;
const LATEST_YEAR = 2100;
const EARLIEST_YEAR = -5_000_000;

const PRECISION_RANK: Record<DatePrecision, number> = {
  year: 0,
  decade: 1,
  century: 2,
  millennium: 3,
  period: 4,
};

type Era = "ad" | "bc" | "bp";
type Modifier = "early" | "mid" | "late" | "first half" | "second half";

/** One end of a date, as written, before its era is known. */
interface RawPoint {
  kind: "year" | "decade" | "century" | "millennium" | "ordinal" | "period";
  value: number;
  /** A named period's years (historical), for kind "period". */
  period?: { from: number; to: number };
  modifier: Modifier | null;
  era: Era | null;
  circa: boolean;
}

/** A resolved span in astronomical years. */
interface Span {
  from: number;
  to: number;
  precision: DatePrecision;
}

const ORDINAL_WORDS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
  "twenty first",
];

const MONTHS =
  "jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december";

/** Lowered, accents and asides removed, dashes and abbreviations in one spelling each. */
function normalize(text: string): { text: string; uncertain: boolean } {
  let s = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  s = s.replace(/\([^)]*\)?/g, " "); // asides: "1847 (acquired)"
  s = s.split(";")[0] ?? "";
  const uncertain = s.includes("?");
  s = s.replace(/[?[\]{}"]/g, " ");
  s = s.replace(/\b(\d{3,4})-\d{1,2}-\d{1,2}\b/g, "$1"); // ISO dates: the year
  s = s.replace(/\bb\.\s?c\.\s?e\.?/g, " bce ");
  s = s.replace(/\bb\.\s?c\b\.?/g, " bc ");
  s = s.replace(/\ba\.\s?d\b\.?/g, " ad ");
  s = s.replace(/\bc\.e\./g, " ce ");
  s = s.replace(/[\u2010-\u2015\u2212]/g, "-");
  s = s.replace(/~/g, " c ");
  s = s.replace(/\b(c|ca)\.?(?=\d)/g, "$1 "); // "c1610"
  s = s.replace(/(\d)[,\u00a0\u202f\u2009'](?=\d{3}\b)/g, "$1"); // 20,000
  s = s.replace(/(\d)'s\b/g, "$1s"); // 1920's
  s = s.replace(/(\d)(bce|bc|ce|ad|bp)\b/g, "$1 $2");
  s = s.replace(/\b(c|ca|approx|cent|cen|mill|yrs)\./g, "$1 ");
  s = s.replace(/\.(?=\s|$)/g, " ");
  s = s.replace(/,/g, " ");
  s = s.replace(/^\s*-\s*(\d+)\s*$/, "$1 bc"); // "-500"
  // A dash between two ends is a range; any other joins words ("15th-century", "pre-1500").
  s = s.replace(/\s+-\s*|\s*-\s+/g, " – ");
  s = s.replace(/(\d|\d(?:st|nd|rd|th)|\b(?:bce|bc|ce|ad))-(?=(?:c\s*)?\d)/g, "$1 – ");
  s = s.replace(/-/g, " ");
  s = s.replace(/\//g, " / ");
  s = s.replace(/&/g, " and ");
  s = s.replace(/\s+/g, " ").trim();
  return { text: s, uncertain };
}

/** A period's names in the parser's spelling. */
function periodKey(name: string): string {
  return normalize(name).text.replace(/^the /, "").replace(/ – /g, " ");
}

/** Every period name in the parser's spelling: a constant derived from the data file. */
const PERIODS_BY_KEY: ReadonlyMap<string, { from: number; to: number }> = new Map(
  NAMED_PERIODS.flatMap((period) =>
    period.names.map((name) => [periodKey(name), { from: period.from, to: period.to }] as const),
  ),
);

function findPeriod(text: string): { from: number; to: number } | null {
  return PERIODS_BY_KEY.get(text.replace(/^the /, "").replace(/ – /g, " ")) ?? null;
}

function ordinalValue(word: string): number | null {
  const numeric = /^(\d{1,2})(st|nd|rd|th)$/.exec(word);
  if (numeric) return Number(numeric[1]);
  const index = ORDINAL_WORDS.indexOf(word);
  return index === -1 ? null : index + 1;
}

const CIRCA_PREFIX = /^(?:c|ca|circa|about|around|approx|approximately|roughly|some)\s+/;
const ERA_PREFIX = /^(ad|ce|bce|bc)\s+/;
const ERA_SUFFIX = /\s+(ad|ce|bce|bc|bp|years? ago|years? bp|yrs ago|ya)$/;
const MODIFIER_PREFIX =
  /^(early|mid|middle of|middle|late|first half of|second half of|1st half of|2nd half of|beginning of|start of|end of)\s+(?:the\s+)?/;
const UNIT = /^(.+?)\s+(century|centuries|cent|cen|c|millennium|millennia|millenium|mill)$/;

function eraOf(word: string): Era {
  if (word === "ad" || word === "ce") return "ad";
  if (word === "bc" || word === "bce") return "bc";
  return "bp";
}

function modifierOf(word: string): Modifier {
  if (word === "early" || word === "beginning of" || word === "start of") return "early";
  if (word.startsWith("mid")) return "mid";
  if (word === "late" || word === "end of") return "late";
  return word.startsWith("first") || word.startsWith("1st") ? "first half" : "second half";
}

/** One end of a date as written, or null. */
function readPoint(input: string): RawPoint | null {
  let s = input.trim();
  let circa = false;
  const circaMatch = CIRCA_PREFIX.exec(s);
  if (circaMatch) {
    circa = true;
    s = s.slice(circaMatch[0].length);
  }
  s = s.replace(/^the /, "");
  const period = findPeriod(s);
  if (period) return { kind: "period", value: 0, period, modifier: null, era: null, circa };

  let era: Era | null = null;
  const eraBefore = ERA_PREFIX.exec(s);
  if (eraBefore) {
    era = eraOf(eraBefore[1] ?? "");
    s = s.slice(eraBefore[0].length);
  }
  const eraAfter = ERA_SUFFIX.exec(s);
  if (eraAfter) {
    if (era !== null) return null;
    era = eraOf(eraAfter[1] ?? "");
    s = s.slice(0, eraAfter.index);
  }
  if (!circaMatch) {
    const late = CIRCA_PREFIX.exec(s); // "AD c. 400"
    if (late) {
      circa = true;
      s = s.slice(late[0].length);
    }
  }

  let modifier: Modifier | null = null;
  const modifierMatch = MODIFIER_PREFIX.exec(s);
  if (modifierMatch) {
    modifier = modifierOf(modifierMatch[1] ?? "");
    s = s.slice(modifierMatch[0].length);
    const modified = findPeriod(s);
    if (modified && era === null) {
      return { kind: "period", value: 0, period: modified, modifier, era, circa };
    }
  }

  const base = { modifier, era, circa };
  const unit = UNIT.exec(s);
  if (unit) {
    const value = ordinalValue(unit[1] ?? "");
    if (value === null || value === 0) return null;
    const word = unit[2] ?? "";
    return { kind: word.startsWith("mill") ? "millennium" : "century", value, ...base };
  }
  const ordinal = ordinalValue(s);
  if (ordinal !== null && ordinal > 0) return { kind: "ordinal", value: ordinal, ...base };

  const decade = /^(\d{1,4}0)s$/.exec(s);
  if (decade) return { kind: "decade", value: Number(decade[1]), ...base };

  // A day and month before or after the year: the year is what counts.
  s = s.replace(
    new RegExp(`^(?:\\d{1,2}(?:st|nd|rd|th)?\\s+)?(?:${MONTHS})\\s+(?:\\d{1,2}\\s+)?`),
    "",
  );
  const year = /^\d{1,7}$/.exec(s);
  if (year && Number(s) > 0) return { kind: "year", value: Number(s), ...base };
  return null;
}

/** The astronomical first and last year of a span of historical years. */
function astronomical(from: number, to: number): { from: number; to: number } {
  return { from: toAstronomical(from), to: toAstronomical(to) };
}

/** Thirds and halves of a span (astronomical years). */
function applyModifier(span: Span, modifier: Modifier | null): Span {
  if (modifier === null) return span;
  const length = span.to - span.from + 1;
  const third = Math.floor(length / 3);
  const half = Math.floor(length / 2);
  switch (modifier) {
    case "early":
      return { ...span, to: span.from + third - 1 };
    case "mid":
      return { ...span, from: span.from + third, to: span.to - third };
    case "late":
      return { ...span, from: span.to - third + 1 };
    case "first half":
      return { ...span, to: span.from + half - 1 };
    case "second half":
      return { ...span, from: span.from + half };
  }
}

/**
 * How round a count of years ago is: the largest unit it is a multiple of, at least ten times
 * over ("20,000": millennia; "2000": centuries), as a precision and the width it stands for.
 */
function roundness(years: number): { precision: DatePrecision; width: number } {
  if (years >= 10_000 && years % 1000 === 0) return { precision: "millennium", width: 1000 };
  if (years >= 1000 && years % 100 === 0) return { precision: "century", width: 100 };
  if (years >= 100 && years % 10 === 0) return { precision: "decade", width: 10 };
  return { precision: "year", width: 1 };
}

/** The span a point stands for in its era (astronomical years), or null. */
function resolvePoint(point: RawPoint, era: Era | null): Span | null {
  const bc = era === "bc";
  let span: Span;
  switch (point.kind) {
    case "period": {
      const { from, to } = point.period ?? { from: 0, to: 0 };
      span = { ...astronomical(from, to), precision: "period" };
      break;
    }
    case "century":
    case "millennium": {
      const size = point.kind === "century" ? 100 : 1000;
      const years = spanYears(bc ? -point.value : point.value, size);
      span = { ...astronomical(years.from, years.to), precision: point.kind };
      break;
    }
    case "decade": {
      const width = point.value % 100 === 0 && point.value >= 100 ? 100 : 10;
      const precision = width === 100 ? "century" : "decade";
      span = bc
        ? { ...astronomical(-(point.value + width - 1), -point.value), precision }
        : { from: point.value, to: point.value + width - 1, precision };
      if (point.value === 0 && !bc) span.from = 1;
      if (point.value === 0 && bc) return null;
      break;
    }
    case "year": {
      if (era === "bp") {
        const { precision, width } = roundness(point.value);
        const centre = PRESENT_YEAR_BP - point.value;
        const from = centre - Math.floor(width / 2);
        span = { from, to: from + width - 1, precision };
      } else {
        const year = toAstronomical(bc ? -point.value : point.value);
        span = { from: year, to: year, precision: "year" };
      }
      break;
    }
    case "ordinal":
      return null;
  }
  span = applyModifier(span, point.modifier);
  if (point.circa && span.precision === "year") {
    span = { ...span, from: span.from - CIRCA_YEARS, to: span.to + CIRCA_YEARS };
  }
  return span;
}

/** "1190/85": the second year written with only its last digits, as the first's. */
function completeAbbreviation(left: RawPoint, right: RawPoint, era: Era | null): RawPoint {
  if (left.kind !== "year" || right.kind !== "year" || era === "bp") return right;
  // "150 BC – AD 1": each end has its own era, so neither is shorthand for the other.
  if (left.era !== null && right.era !== null) return right;
  const leftDigits = String(left.value);
  const rightDigits = String(right.value);
  if (rightDigits.length >= leftDigits.length) return right;
  const completed = Number(
    leftDigits.slice(0, leftDigits.length - rightDigits.length) + rightDigits,
  );
  // BC years count down, AD years up: only a completion that keeps that order is meant.
  const ordered = era === "bc" ? completed < left.value : completed > left.value;
  return ordered ? { ...right, value: completed } : right;
}

const RANGE_SEPARATORS = [" – ", " to ", " until ", " through ", " and ", " / ", " or "];

/** A range "X – Y", or one point; the era written on one end applies to both. */
function readSpan(
  text: string,
  circaAll: boolean,
): { span: Span; circa: boolean; alternative: boolean } | null {
  const withCirca = (point: RawPoint | null) =>
    point && circaAll ? { ...point, circa: true } : point;
  const single = withCirca(readPoint(text));
  if (single) {
    const span = resolvePoint(single, single.era);
    return span && { span, circa: single.circa, alternative: false };
  }
  for (const separator of RANGE_SEPARATORS) {
    const at = text.indexOf(separator);
    if (at === -1) continue;
    let left = withCirca(readPoint(text.slice(0, at)));
    let right = withCirca(readPoint(text.slice(at + separator.length)));
    if (!left || !right) return null;
    // "2nd–1st century BC": a bare ordinal takes the other end's unit.
    if (left.kind === "ordinal" && (right.kind === "century" || right.kind === "millennium")) {
      left = { ...left, kind: right.kind };
    }
    if (right.kind === "ordinal" && (left.kind === "century" || left.kind === "millennium")) {
      right = { ...right, kind: left.kind };
    }
    const leftEra = left.era ?? right.era;
    const rightEra = right.era ?? left.era;
    right = completeAbbreviation(left, right, rightEra);
    const start = resolvePoint(left, leftEra);
    const end = resolvePoint(right, rightEra);
    if (!start || !end || start.from > end.to) return null;
    const precision =
      PRECISION_RANK[start.precision] >= PRECISION_RANK[end.precision]
        ? start.precision
        : end.precision;
    return {
      span: { from: start.from, to: end.to, precision },
      circa: left.circa || right.circa,
      alternative: separator === " / " || separator === " or ",
    };
  }
  return null;
}

const BEFORE_PREFIX =
  /^(?:before|by|pre|ante|prior to|until|up to|not after|no later than|earlier than|terminus ante quem)\s+/;
const AFTER_PREFIX =
  /^(?:after|post|since|not before|no earlier than|later than|terminus post quem)\s+/;
const BEFORE_SUFFIX = /\s+(?:or earlier|or before)$/;
const AFTER_SUFFIX = /\s+(?:or later|or after|onwards|onward|and later)$/;
const UNCERTAIN_PREFIX = /^(?:probably|possibly|perhaps|likely|presumably)\s+/;
const RANGE_PREFIX = /^(?:between|from)\s+/;

/** "Before X" and "after X": X's side is kept and the open side spans OPEN_SIDE_YEARS. */
function openSided(span: Span, side: "before" | "after"): Span {
  const precise = span.precision === "year";
  if (side === "before") {
    const to = precise ? span.to : span.from - 1;
    return { from: to - OPEN_SIDE_YEARS + 1, to, precision: span.precision };
  }
  const from = precise ? span.from : span.to + 1;
  return { from, to: from + OPEN_SIDE_YEARS - 1, precision: span.precision };
}

function readDate(text: string, uncertainMark: boolean): HistoricalDate | null {
  let s = text;
  let side: "before" | "after" | null = null;
  let uncertain = uncertainMark;
  // A period's own name may begin like a qualifier ("Pre-Pottery Neolithic A").
  const period = findPeriod(s);
  if (period) {
    return { ...period, precision: "period", qualifier: uncertain ? "uncertain" : "exact" };
  }
  for (let changed = true; changed;) {
    changed = false;
    const strip = (pattern: RegExp, atEnd = false) => {
      const match = pattern.exec(s);
      if (!match) return false;
      s = atEnd ? s.slice(0, match.index) : s.slice(match[0].length);
      changed = true;
      return true;
    };
    if (strip(UNCERTAIN_PREFIX)) uncertain = true;
    if (strip(BEFORE_PREFIX) || strip(BEFORE_SUFFIX, true)) side = "before";
    if (strip(AFTER_PREFIX) || strip(AFTER_SUFFIX, true)) side = "after";
    strip(RANGE_PREFIX);
  }
  // A leading circa qualifies the whole range ("c. 1300–1046 BC" widens both ends).
  const circaMatch = CIRCA_PREFIX.exec(s);
  if (circaMatch) s = s.slice(circaMatch[0].length);
  const read = readSpan(s, circaMatch !== null);
  if (!read) return null;
  let span = read.span;
  if (side) span = openSided(span, side);
  const from = fromAstronomical(span.from);
  const to = fromAstronomical(span.to);
  if (from < EARLIEST_YEAR || to > LATEST_YEAR || from > to) return null;
  const qualifier: DateQualifier = side
    ? side
    : uncertain || read.alternative
      ? "uncertain"
      : read.circa
        ? "circa"
        : "exact";
  return { from, to, precision: span.precision, qualifier };
}

/**
 * The range of years a free-text date stands for, or null when it is not recognised. Never
 * throws, whatever the text.
 */
export function parseHistoricalDate(text: string): HistoricalDate | null {
  if (typeof text !== "string" || text.length > MAX_TEXT_LENGTH) return null;
  const { text: normalized, uncertain } = normalize(text);
  if (!normalized) return null;
  const whole = readDate(normalized, uncertain);
  if (whole) return whole;
  // "Recut to its present form by 1812": a date at the end of a sentence.
  const tail = /\b(by|before|after|in|c|circa)\s+([^a-z]*\d[^]*)$/.exec(normalized);
  if (tail && tail.index > 0) {
    const word = tail[1] === "in" ? "" : `${tail[1]} `;
    return readDate(`${word}${tail[2]}`, uncertain);
  }
  return null;
}
