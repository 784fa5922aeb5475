import { describe, expect, it } from "vitest";
import { authorLabel, historyParams, readHistoryParams } from "./revisions";

describe("the History view's URL state", () => {
  it("reads page and the two compared versions, and writes back only what is not the default", () => {
    const state = readHistoryParams(new URLSearchParams("page=3&from=2&to=9"));
    expect(state).toEqual({ page: 3, from: 2, to: 9 });
    expect(historyParams(state).toString()).toBe("page=3&from=2&to=9");
    expect(historyParams({ page: 1, from: null, to: null }).toString()).toBe("");
  });

  it("falls back to the defaults for anything unreadable", () => {
    for (const query of ["page=0", "page=-2", "page=1.5", "page=abc", "page=1e400", "from=&to=x"]) {
      const state = readHistoryParams(new URLSearchParams(query));
      expect(state, query).toEqual({ page: 1, from: null, to: null });
    }
  });
});

describe("authorLabel", () => {
  it("names the author, or says the account is gone", () => {
    expect(authorLabel("Ada")).toBe("Ada");
    expect(authorLabel(null)).toBe("a former member");
  });
});
