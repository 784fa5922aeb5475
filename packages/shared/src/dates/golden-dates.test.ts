import { describe, expect, it } from "vitest";
import { DEMO_COLLECTION_DATES, FORMS_DATES } from "./golden-dates";
import { parseHistoricalDate } from "./parse";

const ALL = [...DEMO_COLLECTION_DATES, ...FORMS_DATES];

describe("the golden table of dates", () => {
  it("has at least 100 cases, each text once", () => {
    expect(ALL.length).toBeGreaterThanOrEqual(100);
    expect(new Set(ALL.map(([text]) => text)).size).toBe(ALL.length);
  });

  it.each(ALL)("%s", (text, expected) => {
    const parsed = parseHistoricalDate(text);
    expect(parsed && [parsed.from, parsed.to, parsed.precision, parsed.qualifier]).toEqual(
      expected,
    );
  });
});
