import { connect, type AddressInfo } from "node:net";
import { hostname } from "node:os";
import Fastify, { type LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddressRule } from "../src/client-address";
import { loggerOptions } from "../src/logging";
import { createTestApp, type TestApp } from "./support/app";
import { captureLogs } from "./support/logs";

/*
 * The access line is written by src/access-log.ts, not by pino: it must stay the JSON line that
 * operators parse (docs/operations.md), whatever a URL holds, and follow the log level. No line
 * keeps a personal query value or a URL of any length.
 */

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The access lines among what was logged (start-up writes lines of its own). */
function accessLines(logs: ReturnType<typeof captureLogs>) {
  return logs.entries().filter((entry) => entry.msg === "request completed");
}

/**
 * One GET over a plain socket, exactly as written; resolves with the whole answer. Without a host,
 * an HTTP/1.0 request with no Host header (which HTTP/1.1 requires).
 */
function rawGet(port: number, url: string, host?: string): Promise<string> {
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        host === undefined
          ? `GET ${url} HTTP/1.0\r\n\r\n`
          : `GET ${url} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolveAnswer(answer));
    socket.on("error", reject);
  });
}

const LINE_KEYS = [
  "level",
  "time",
  "pid",
  "hostname",
  "reqId",
  "req",
  "res",
  "responseTime",
  "msg",
];

describe("the access line", () => {
  it("is one JSON line per answer with pino's keys, in pino's order", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    const urls = ["/artifacts?limit=2", "/trpc/artifacts.popular", "/nothing/here"];
    const before = Date.now();
    const answers: LightMyRequestResponse[] = [];
    for (const url of urls)
      answers.push(await t.app.inject({ url, headers: { host: "atlas.test" } }));
    const after = Date.now();

    const entries = accessLines(logs);
    expect(entries).toHaveLength(urls.length);
    entries.forEach((entry, index) => {
      const answer = answers[index];
      expect(Object.keys(entry)).toEqual(LINE_KEYS);
      expect(entry).toMatchObject({
        level: 30,
        pid: process.pid,
        hostname: hostname(),
        reqId: answer?.headers["x-request-id"],
        req: { method: "GET", url: urls[index], host: "atlas.test", remoteAddress: "127.0.0.1" },
        res: { statusCode: answer?.statusCode },
        msg: "request completed",
      });
      expect(entry.time).toBeGreaterThanOrEqual(before);
      expect(entry.time).toBeLessThanOrEqual(after);
      expect(entry.responseTime).toBeGreaterThanOrEqual(0);
    });
  });

  it("keeps a hostile URL and host inside their strings, and adds the client's port", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    // Sent as raw bytes: an HTTP client library would percent-encode the URL first.
    const url = '/nothing/"q"\\back?x=</script>&y={"level":60,"msg":"forged"}';
    const host = 'evil"},"level":60,"x":"';
    const answer = await rawGet(port, url, host);
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);

    const [entry] = accessLines(logs);
    expect(entry?.level).toBe(30);
    // Never a header: a cookie or an authorization could be in one.
    expect(entry?.req).toEqual({
      method: "GET",
      url,
      host,
      remoteAddress: "127.0.0.1",
      remotePort: expect.any(Number),
    });
  });

  it("stays a whole line for a request without a Host header", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    expect(await rawGet(port, "/healthz")).toMatch(/^HTTP\/1\.[01] 200 /);

    const [entry] = accessLines(logs);
    // Fastify's own value for a missing Host, as the line pino wrote had it.
    expect(entry?.req).toEqual({
      method: "GET",
      url: "/healthz",
      host: "",
      remoteAddress: "127.0.0.1",
      remotePort: expect.any(Number),
    });
  });

  it("is not written at LOG_LEVEL=warn, while warnings still are", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "warn" }, { logStream: logs.stream });
    await t.app.inject({ url: "/artifacts" });
    await t.app.inject({ url: "/trpc/artifacts.popular" });
    t.app.log.warn("still here");

    const messages = logs.entries().map((entry) => entry.msg);
    expect(messages).toContain("still here");
    expect(messages).not.toContain("request completed");
  });

  it("is written for Google's callback, without the sign-in code its URL carries", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    const callback = await t.app.inject({ url: "/auth/google/callback?code=secret-code&state=s" });
    expect(callback.statusCode).toBe(302);

    expect(logs.lines.join("\n")).not.toContain("secret-code");
    expect(accessLines(logs).map((entry) => (entry.req as { url: string }).url)).toEqual([
      "/auth/google/callback?code=[redacted]&state=[redacted]",
    ]);
  });
});

describe("the URL in a log line", () => {
  it("leaves out the values of personal query parameters, whatever the door", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    const batchInput = encodeURIComponent(
      JSON.stringify({ 0: { email: "batch@example.org" }, 1: { search: "vase" } }),
    );
    const cases = [
      ["/artifacts?email=owner%40example.org", "/artifacts?email=[redacted]"],
      ["/liked-artifact?email=liker@example.org", "/liked-artifact?email=[redacted]"],
      [
        `/trpc/users.byEmail,artifacts.list?batch=1&input=${batchInput}`,
        "/trpc/users.byEmail,artifacts.list?batch=1&input=[redacted]",
      ],
      [
        "/healthz?limit=2&Password=Secret123&access_token=tok-1&state=st-1&code=co-1&type=Tools",
        "/healthz?limit=2&Password=[redacted]&access_token=[redacted]&state=[redacted]&code=[redacted]&type=Tools",
      ],
      // An encoded name is still the same name.
      ["/healthz?%65mail=encoded%40example.org", "/healthz?%65mail=[redacted]"],
    ] as const;
    for (const [url] of cases) await t.app.inject({ url });

    expect(accessLines(logs).map((entry) => (entry.req as { url: string }).url)).toEqual(
      cases.map(([, logged]) => logged),
    );
    const everything = logs.lines.join("\n");
    for (const secret of ["example.org", "Secret123", "tok-1", "st-1", "co-1"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("is cut after 512 characters, with a marker that says how long it was", async () => {
    const logs = captureLogs();
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: logs.stream });
    const url = `/trpc/${Array.from({ length: 200 }, () => "artifacts.popular").join(",")}?batch=1`;
    expect(url.length).toBeGreaterThan(512);
    await t.app.inject({ url });

    const [entry] = accessLines(logs);
    expect((entry?.req as { url: string }).url).toBe(
      `${url.slice(0, 512)}...[cut: ${url.length} characters]`,
    );
  });

  it("is the same in lines that pino writes", async () => {
    const logs = captureLogs();
    const app = Fastify({
      logger: loggerOptions({ logLevel: "info" }, logs.stream, clientAddressRule(false)),
    });
    app.get("/echo", async (request) => {
      request.log.info({ req: request }, "with the request");
      return {};
    });
    try {
      await app.inject({
        url: "/echo?email=someone%40example.org&page=2",
        headers: { "accept-version": "1", cookie: "atlas_session=secret" },
      });
    } finally {
      await app.close();
    }
    const entry = logs.entries().find((line) => line.msg === "with the request");
    expect(entry?.req).toEqual({
      method: "GET",
      url: "/echo?email=[redacted]&page=2",
      host: "localhost:80",
      remoteAddress: "127.0.0.1",
    });
  });
});
