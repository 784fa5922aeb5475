import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACT_TYPES, FIND_LIMITS, LIMITS } from "@artifact-atlas/shared";
import { createTestApp, type TestApp } from "../support/app";
import { addFindCollection } from "./support";

/*
 * GET /export with GET /artifacts's filters (decision 073), from an anonymous client that asks for
 * every shape the parameters allow and for hostile search text: every answer is a 200 file or a
 * 400 naming the parameter, never a 5xx; each export gives its slot back; none is slow.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addFindCollection(t, 30);
});
afterAll(async () => t.close());

function exportOf(query: string) {
  return t.app.inject({ url: `/export?${query}` });
}

describe("one client asking every shape of export", () => {
  it("answers 200 or 400 for every shape and hostile text, quickly, and gives every slot back", async () => {
    const statuses = new Map<number, number>();
    let slowest = 0;
    const ask = async (query: string) => {
      const started = performance.now();
      const response = await exportOf(query);
      slowest = Math.max(slowest, performance.now() - started);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      expect(response.statusCode, query).toBeLessThan(500);
      return response;
    };
    const eras = (count: number) =>
      Array.from({ length: count }, (_, index) => `era=c${-index - 1}`).join("&");
    const locations = Array.from(
      { length: FIND_LIMITS.locations },
      (_, index) => `location=${encodeURIComponent(`Museum ${index}`)}`,
    ).join("&");
    const types = ARTIFACT_TYPES.map((type) => `type=${type}`).join("&");
    for (const count of [1, 12, FIND_LIMITS.eras, FIND_LIMITS.eras + 1]) {
      for (const scope of ["names", "all"]) {
        for (const format of ["csv", "json"]) {
          await ask(
            `format=${format}&${eras(count)}&${types}&${locations}&fromYear=-5000000&toYear=2100&in=${scope}&q=${scope === "all" ? "aaa%20bbb%20ccc%20ddd%20eee%20fff%20ggg%20hhh" : "amphora"}&sort=date_desc`,
          );
        }
      }
    }
    const hostile = [
      '"unclosed',
      "NEAR(a b)",
      "a* OR b*",
      "amphora:*",
      "%_%",
      "\u0000",
      "'; drop table artifacts; --",
      "x".repeat(LIMITS.search),
      "x".repeat(LIMITS.search + 1),
      "🏺".repeat(20),
    ];
    for (const text of hostile) {
      for (const scope of ["names", "all"]) {
        await ask(`q=${encodeURIComponent(text)}&in=${scope}`);
      }
    }
    for (const bad of [
      "era=c0",
      "era=x",
      "fromYear=1e9",
      "toYear=-9999999",
      "location=",
      "type=Spaceships",
      "in=everything",
      "sort=random",
      "format=xml",
      `${eras(FIND_LIMITS.eras + 5)}`,
    ]) {
      expect((await ask(bad)).statusCode, bad).toBe(400);
    }
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
    expect(slowest).toBeLessThan(2_000);
    expect(t.app.deps.exportSlots.inUse()).toBe(0);
    // The artifacts table is still there after the hostile text.
    expect((await exportOf("q=amphora")).body.split("\r\n").filter(Boolean)).toHaveLength(31);
  });
});
