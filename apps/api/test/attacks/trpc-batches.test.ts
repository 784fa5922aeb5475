import { TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/app";

/*
 * One request, hundreds of answers: before the cap, GET /trpc/artifacts.mine,artifacts.mine,...
 * with ~330 calls ended the process in under a second.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function batch(procedure: string, calls: number, input: unknown) {
  const paths = Array.from({ length: calls }, () => procedure).join(",");
  const inputs = Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, input]));
  return t.app.inject({
    url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
  });
}

describe("tRPC batches", () => {
  const list = { page: 1, sort: "default" };

  it(`answers a batch of ${TRPC_MAX_BATCH_SIZE} calls`, async () => {
    const response = await batch("artifacts.list", TRPC_MAX_BATCH_SIZE, list);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(TRPC_MAX_BATCH_SIZE);
  });

  it.each([
    ["artifacts.list", TRPC_MAX_BATCH_SIZE + 1, list],
    ["artifacts.list", 330, list],
    ["artifacts.popular", 40, undefined],
  ])("refuses %s batched %i times, running none of them", async (procedure, calls, input) => {
    const response = await batch(procedure, calls, input);
    // 400 from tRPC's batch cap, or 414 from Fastify when the names alone are longer than any
    // allowed batch's.
    expect([400, 414]).toContain(response.statusCode);
    expect(response.body.length).toBeLessThan(10_000);
  });

  it("refuses a batched write too", async () => {
    const paths = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => "auth.logout").join(",");
    const response = await t.app.inject({
      method: "POST",
      url: `/trpc/${paths}?batch=1`,
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(400);
  });
});
