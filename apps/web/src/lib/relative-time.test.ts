import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

const NOW = Date.parse("2026-11-26T12:00:00Z");

describe("timeAgo", () => {
  it("says an approximate time as a person would", () => {
    expect(timeAgo(NOW - 20_000, NOW)).toBe("just now");
    expect(timeAgo(NOW - 60_000, NOW)).toBe("1 minute ago");
    expect(timeAgo(NOW - 5 * 60_000 - 59_000, NOW)).toBe("5 minutes ago");
    expect(timeAgo(NOW - 3 * 60 * 60_000, NOW)).toBe("3 hours ago");
    expect(timeAgo(NOW - 26 * 60 * 60_000, NOW)).toBe("yesterday");
    expect(timeAgo(NOW - 9 * 24 * 60 * 60_000, NOW)).toBe("last week");
    expect(timeAgo(NOW - 40 * 24 * 60 * 60_000, NOW)).toBe("last month");
  });

  it("treats a time a little ahead of this clock as now", () => {
    expect(timeAgo(NOW + 5_000, NOW)).toBe("just now");
  });
});
