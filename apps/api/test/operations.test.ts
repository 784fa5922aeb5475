import { afterEach, describe, expect, it } from "vitest";
import { closeDatabase } from "../src/db/client";
import { createTestApp, TEST_ORIGIN, trpc, type TestApp } from "./support/app";
import { captureLogs } from "./support/logs";

/* What an operator relies on: request ids in answers and logs, and a truthful health check. */

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("request ids", () => {
  it("gives every answer its own X-Request-Id and puts it on every log line of the request", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    const answers = [
      await t.app.inject({ url: "/artifacts" }),
      await t.app.inject({ url: "/trpc/artifacts.popular" }),
      await t.app.inject({ url: "/nothing-here" }),
      await t.app.inject({
        method: "POST",
        url: "/artifacts",
        headers: { origin: "https://evil.example" },
      }),
    ];
    const ids = answers.map((answer) => answer.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const entries = logs.entries();
    for (const id of ids) {
      const lines = entries.filter((entry) => entry.reqId === id);
      // One access line per request, as JSON with the usual fields; the write from another site
      // is also told, first, what to set if people really open Atlas there (issue 29).
      const access = lines.at(-1);
      expect(lines.slice(0, -1).map((line) => line.level)).toEqual(id === ids[3] ? [40] : []);
      expect(access?.msg).toBe("request completed");
      expect(access).toMatchObject({
        level: 30,
        req: { method: expect.any(String), url: expect.any(String), remoteAddress: "127.0.0.1" },
        res: { statusCode: answers[ids.indexOf(id)]?.statusCode },
      });
      expect(access?.responseTime).toEqual(expect.any(Number));
    }
  });

  it("keeps a proxy's plain X-Request-Id and replaces anything else", async () => {
    t = await createTestApp();
    const kept = await t.app.inject({
      url: "/healthz",
      headers: { "x-request-id": "edge-42.a:b_c" },
    });
    expect(kept.headers["x-request-id"]).toBe("edge-42.a:b_c");
    for (const hostile of ["x".repeat(129), "a b", '"quoted"', "{}", "id\u00e9"]) {
      const replaced = await t.app.inject({
        url: "/healthz",
        headers: { "x-request-id": hostile },
      });
      expect(replaced.headers["x-request-id"], hostile).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("comes with tRPC answers, refusals and errors alike", async () => {
    t = await createTestApp();
    const refused = await trpc(t.app, "mutation", "artifacts.create", {});
    expect(refused.status).toBe(401);
    expect(refused.response.headers["x-request-id"]).toEqual(expect.any(String));
    const tooBig = await t.app.inject({
      method: "POST",
      url: "/trpc/artifacts.create",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: JSON.stringify({ a: "x".repeat(70_000) }),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.headers["x-request-id"]).toEqual(expect.any(String));
  });
});

describe("GET /healthz", () => {
  it("answers 200 while the database answers, and is never cached", async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok", backup: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 when the database does not answer", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "error" }, { logStream: logs.stream });
    closeDatabase(t.db);
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", database: "unavailable" });
    expect(
      logs.entries().some((entry) => entry.msg === "health check: the database does not answer"),
    ).toBe(true);
  });

  it("answers 503 when the schema is gone (a database file swapped underneath)", async () => {
    t = await createTestApp({ LOG_LEVEL: "silent" });
    t.db.$client.exec("drop table __drizzle_migrations");
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(503);
  });
});
