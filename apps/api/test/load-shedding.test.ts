import { afterEach, describe, expect, it } from "vitest";
import { defaultLoadShedding, OVERLOADED_MESSAGE } from "../src/plugins/load-shedding";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";

/** An overloaded server turns requests away with 503 and Retry-After, and keeps its health check. */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** under-pressure samples once a second: wait for a sample past the bound. */
const nextSample = () => new Promise((resolve) => setTimeout(resolve, 1_200));

describe("load shedding", () => {
  it("answers 503 with Retry-After to every door while over its heap bound, but not /healthz", async () => {
    t = await createTestApp(
      {},
      { loadShedding: { maxHeapUsedBytes: 1, maxEventLoopDelayMs: 60_000 } },
    );
    await nextSample();

    for (const [method, url] of [
      ["GET", "/trpc/artifacts.list?input=%7B%22page%22%3A1%2C%22sort%22%3A%22default%22%7D"],
      ["GET", "/artifacts"],
      ["POST", "/trpc/auth.login"],
      ["GET", "/allartifacts"],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        ...(method === "POST"
          ? { payload: { email: "a@example.com", password: "Secret123" } }
          : {}),
      });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers["retry-after"], url).toBe("5");
      expect(response.json(), url).toEqual({ error: OVERLOADED_MESSAGE });
      expect(response.headers["x-request-id"], url).toBeTruthy();
      expect(response.headers["content-security-policy"], url).toContain("default-src 'self'");
    }
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
  });

  it("serves as usual under the production bounds", async () => {
    t = await createTestApp({}, { loadShedding: defaultLoadShedding() });
    await nextSample();
    const response = await t.app.inject({ url: "/artifacts" });
    expect(response.statusCode).toBe(200);
  });
});
