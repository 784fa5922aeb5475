import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENTS_KEPT } from "../../src/store/find";
import { createTestApp, type TestApp } from "../support/app";
import { addFindCollection } from "./support";

/*
 * artifacts.list, artifacts.facets and REST GET /artifacts (issue 18) against one anonymous client
 * that asks for as many different shapes of query as the inputs allow: every number of eras, every
 * sort and scope, the longest searches. Each shape is a prepared statement; they must stay
 * bounded, and every answer must be a 200 or a 400, never a 5xx.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addFindCollection(t, 20);
});
afterAll(async () => t.close());

function query(path: string, input: unknown) {
  return t.app.inject({ url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` });
}

describe("one client asking every shape of find", () => {
  it("keeps the prepared shapes bounded and answers every request", async () => {
    const statuses = new Map<number, number>();
    const seen = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const sorts = ["default", "asc", "desc", "date_asc", "date_desc"];
    for (let eras = 1; eras <= 24; eras += 1) {
      for (const sort of sorts) {
        for (const scope of ["names", "all"]) {
          const input = {
            eras: Array.from({ length: eras }, (_, index) => `c${-index - 1}`),
            types: ["Art", "Tools"],
            locations: ["Museum 1"],
            fromYear: -3000,
            sort,
            in: scope,
            search: scope === "all" ? "aaa bbb ccc ddd eee fff ggg hhh" : "amphora",
          };
          seen((await query("artifacts.list", input)).statusCode);
          const { sort: _sort, ...facetsInput } = input;
          seen((await query("artifacts.facets", facetsInput)).statusCode);
          const rest = await t.app.inject({
            url: `/artifacts?${input.eras.map((era) => `era=${era}`).join("&")}&in=${scope}&q=a&type=Art`,
          });
          seen(rest.statusCode);
        }
      }
    }
    // Over the limits: refused before any SQL is built.
    for (const eras of [25, 100, 1000]) {
      const input = { eras: Array.from({ length: eras }, (_, index) => `c${index + 1}`) };
      seen((await query("artifacts.list", input)).statusCode);
    }
    expect(statuses.get(200)).toBe(24 * 5 * 2 * 3);
    expect(statuses.get(400)).toBe(3);
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
    expect(t.app.deps.artifactStore.find.preparedShapes()).toBeLessThanOrEqual(STATEMENTS_KEPT);
    expect(t.app.deps.artifactStore.find.preparedShapes()).toBeGreaterThan(100);
  });

  it("answers the longest all-fields search of prefixes quickly", async () => {
    const started = performance.now();
    const response = await query("artifacts.list", {
      // As many words as the 100 characters of a search hold.
      search: Array.from({ length: 40 }, (_, index) => `a${"a".repeat(index % 3)}`)
        .join(" ")
        .slice(0, 100),
      in: "all",
    });
    expect(response.statusCode).toBe(200);
    // Generous: a shared machine; the point is that 40 words do not make 40 clauses.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
