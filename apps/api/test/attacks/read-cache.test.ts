import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { READ_CACHE_DEFAULTS } from "../../src/db/read-cache";
import { createTestApp, type TestApp } from "../support/app";
import { addArtifact } from "../support/artifacts";
import { signUp } from "../support/auth";

/*
 * The read cache against one anonymous client asking for many different answers. Before: searches
 * for every upper/lower-case variant of one term, three sorts each, filled the 128 MB heap after
 * 970 requests, because each variant was kept as an answer of its own and only their number was
 * bounded.
 */

let t: TestApp;
const NAME = "Astrolabe of the long night";

beforeAll(async () => {
  t = await createTestApp();
  const account = await signUp(t.app);
  const user = { ...account.user, cookie: account.cookie };
  // 24 maximum-size artifacts whose names match: every page of a search is eight of them, about
  // 130 kB as the cache counts it, and each search has three pages.
  for (let index = 0; index < 24; index += 1) {
    await addArtifact(t, user, {
      artifactName: `${NAME} ${index}`.padEnd(120, "."),
      artifactImage: `https://images.example/${"i".repeat(2_000)}/${index}.jpg`,
      historicalContext: "h".repeat(5_000),
      createdAt: "c".repeat(200),
      discoveredAt: "d".repeat(200),
      discoveredBy: "b".repeat(200),
      presentLocation: "p".repeat(200),
    });
  }
});
afterAll(async () => t.close());

function search(term: string, sort: string, page = 1) {
  const input = encodeURIComponent(JSON.stringify({ page, sort, search: term }));
  return t.app.inject({ url: `/trpc/artifacts.list?input=${input}` });
}

/** Every upper/lower-case spelling of `word` (2^letters of them). */
function caseVariants(word: string): string[] {
  let variants = [""];
  for (const letter of word) {
    variants = variants.flatMap((prefix) => [
      prefix + letter.toLowerCase(),
      prefix + letter.toUpperCase(),
    ]);
  }
  return variants;
}

describe("the read cache under one client's distinct questions", () => {
  it("keeps one answer for all case variants of a search", async () => {
    const cache = t.app.deps.artifactStore.readCache;
    const variants = caseVariants("astrol");
    expect(variants).toHaveLength(64);
    for (const sort of ["default", "asc", "desc"]) {
      for (const term of variants) {
        const response = await search(term, sort);
        expect(response.statusCode).toBe(200);
        expect(response.json().result.data.total).toBe(24);
      }
    }
    // One page per sort (the collection's size and counts are kept elsewhere).
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it("stays within its byte budget however many different large answers are asked for", async () => {
    const cache = t.app.deps.artifactStore.readCache;
    // Time stands still, as if all of it came within one second: nothing expires on its own.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const words = NAME.toLowerCase().split(" ");
    let asked = 0;
    // Every substring of the name of 3+ characters is a different search with the same large page.
    for (const word of words) {
      for (let start = 0; start < word.length; start += 1) {
        for (let end = start + 3; end <= word.length; end += 1) {
          for (const sort of ["default", "asc", "desc"]) {
            for (const page of [1, 2, 3]) {
              const response = await search(word.slice(start, end), sort, page);
              expect(response.statusCode).toBe(200);
              asked += 1;
              expect(cache.bytes).toBeLessThanOrEqual(READ_CACHE_DEFAULTS.maxBytes);
            }
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(300);
    expect(cache.bytes).toBeGreaterThan(READ_CACHE_DEFAULTS.maxBytes / 2);
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
  });
});

describe("a NUL in a search", () => {
  it("matches nothing (it used to match every name)", async () => {
    for (const term of ["\u0000", "a\u0000", "\u0000\u0000\u0000", "astro\u0000"]) {
      const response = await search(term, "default");
      expect(response.statusCode).toBe(200);
      expect(response.json().result.data.total).toBe(0);
      expect(response.json().result.data.items).toEqual([]);
    }
  });
});
