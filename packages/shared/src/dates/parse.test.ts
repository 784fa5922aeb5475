import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateHint, DATE_NOT_RECOGNISED } from "./describe";
import { DATE_PRECISIONS, DATE_QUALIFIERS, parseHistoricalDate } from "./parse";
import { NAMED_PERIODS } from "./named-periods";
import {
  addYears,
  centuryOf,
  formatCentury,
  formatYear,
  formatYearRange,
  millenniumOf,
  spanYears,
} from "./years";

/** Texts built from the parser's own vocabulary, so that the properties reach deep into it. */
const DATE_WORDS = [
  "c.",
  "ca",
  "circa",
  "about",
  "before",
  "after",
  "by",
  "early",
  "mid",
  "late",
  "first half of",
  "the",
  "century",
  "millennium",
  "BC",
  "BCE",
  "AD",
  "CE",
  "years ago",
  "BP",
  "–",
  "-",
  "/",
  "to",
  "and",
  "or",
  "?",
  "(",
  ")",
  ";",
  "1st",
  "15th",
  "third",
  "s",
  "1920s",
  "Ming dynasty",
  "Late",
  "Bronze Age",
  ",",
  ".",
  "0",
  "00",
];
const dateLikeText = fc
  .array(
    fc.oneof(fc.constantFrom(...DATE_WORDS), fc.integer({ min: 0, max: 99_999 }).map(String)),
    {
      maxLength: 8,
    },
  )
  .map((words) => words.join(" "));

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.string({ unit: "binary" }),
  dateLikeText,
);

describe("parseHistoricalDate: properties", () => {
  it("never throws, and every answer is an ordered range of real years", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const date = parseHistoricalDate(text);
        if (date === null) return;
        expect(date.from).toBeLessThanOrEqual(date.to);
        expect(date.from).not.toBe(0);
        expect(date.to).not.toBe(0);
        expect(Number.isInteger(date.from) && Number.isInteger(date.to)).toBe(true);
        expect(DATE_PRECISIONS).toContain(date.precision);
        expect(DATE_QUALIFIERS).toContain(date.qualifier);
      }),
      { numRuns: 5_000 },
    );
  });

  it("reads any year with its era, on either side", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999 }), fc.boolean(), (year, bc) => {
        const expected = bc ? -year : year;
        for (const text of bc
          ? [`${year} BC`, `${year} BCE`, `BC ${year}`]
          : [`AD ${year}`, `${year} AD`, `${year} CE`]) {
          if (!bc && year > 2100) continue;
          expect(parseHistoricalDate(text)).toMatchObject({ from: expected, to: expected });
        }
      }),
    );
  });

  it("widens circa by ten years on each side, across the BC/AD boundary without a year 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (year) => {
        const date = parseHistoricalDate(`c. ${year} BC`);
        expect(date).toEqual({
          from: addYears(-year, -10),
          to: addYears(-year, 10),
          precision: "year",
          qualifier: "circa",
        });
      }),
    );
  });

  it("is not misled by very long text", () => {
    expect(parseHistoricalDate(`${"1500 ".repeat(100)}`)).toBeNull();
  });
});

describe("named periods", () => {
  it.each(NAMED_PERIODS.flatMap((period) => period.names.map((name) => [name, period] as const)))(
    "%s",
    (name, period) => {
      expect(period.from).toBeLessThan(period.to);
      expect(period.source).not.toBe("");
      expect(parseHistoricalDate(name)).toEqual({
        from: period.from,
        to: period.to,
        precision: "period",
        qualifier: "exact",
      });
    },
  );
});

describe("years", () => {
  it("formats BC and AD years with our own code", () => {
    expect(formatYear(-1300)).toBe("1300 BC");
    expect(formatYear(800)).toBe("AD 800");
    expect(formatYear(1455)).toBe("1455");
    expect(formatYear(-18_050)).toBe("18,050 BC");
    expect(formatYearRange(-1300, -1046)).toBe("1300 BC – 1046 BC");
    expect(formatYearRange(1799, 1799)).toBe("1799");
  });

  it("numbers centuries and millennia without a zero", () => {
    expect(centuryOf(1500)).toBe(15);
    expect(centuryOf(1501)).toBe(16);
    expect(centuryOf(-1)).toBe(-1);
    expect(centuryOf(-100)).toBe(-1);
    expect(centuryOf(-101)).toBe(-2);
    expect(millenniumOf(-1000)).toBe(-1);
    expect(spanYears(-5, 100)).toEqual({ from: -500, to: -401 });
    expect(spanYears(15, 100)).toEqual({ from: 1401, to: 1500 });
    expect(formatCentury(-5)).toBe("5th century BC");
    expect(addYears(-1, 1)).toBe(1);
    expect(addYears(1, -1)).toBe(-1);
  });

  it("puts every year in the century whose span holds it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 3000 }).filter((year) => year !== 0),
        (year) => {
          const { from, to } = spanYears(centuryOf(year), 100);
          expect(year >= from && year <= to).toBe(true);
        },
      ),
    );
  });
});

describe("the forms' hint", () => {
  it("says how a date was understood, or that it was not", () => {
    expect(dateHint("c. 1300–1046 BC")).toBe("Interpreted as 1310 BC – 1036 BC (circa)");
    expect(dateHint("1300–1046 BC")).toBe("Interpreted as 1300 BC – 1046 BC");
    expect(dateHint("Never lost")).toBe(DATE_NOT_RECOGNISED);
    expect(DATE_NOT_RECOGNISED).toBe("Not recognised: it will not appear in date filters");
    expect(dateHint("  ")).toBeNull();
  });
});
