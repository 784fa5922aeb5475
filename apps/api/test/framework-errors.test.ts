import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { captureLogs } from "./support/logs";

/*
 * URLs that Fastify's router refuses before any hook runs (`GET /%`, a path segment longer than
 * maxParamLength): answered like every other error, with the request id, the security headers and
 * an access line, and never with the path echoed back.
 */

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** One GET over a plain socket, with the URL exactly as written (a client library would fix it). */
function rawGet(port: number, url: string, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolveAnswer, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(
        `GET ${url} HTTP/1.1\r\nHost: atlas.test\r\n${lines.join("")}Connection: close\r\n\r\n`,
      );
    });
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("end", () => {
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      resolveAnswer({
        status: Number(statusLine.split(" ")[1]),
        headers: new Map(
          headerLines.map((line) => {
            const colon = line.indexOf(":");
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        ),
        body,
      });
    });
    socket.on("error", reject);
  });
}

async function listeningApp(overrides: NodeJS.ProcessEnv = {}) {
  const logs = captureLogs();
  t = await createTestApp({ LOG_LEVEL: "info", ...overrides }, { logStream: logs.stream });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  return { logs, port };
}

function expectEveryAnswerHeaders(answer: RawAnswer) {
  expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  expect(answer.headers.get("x-frame-options")).toBe("DENY");
  expect(answer.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
}

function accessLinesOf(logs: ReturnType<typeof captureLogs>) {
  return logs.entries().filter((entry) => entry.msg === "request completed");
}

describe("a URL the router cannot take", () => {
  it("GET /% is a 400 in the product's error shape, with the request id, headers and access line", async () => {
    const { logs, port } = await listeningApp();
    const answer = await rawGet(port, "/%", { "x-request-id": "proxy-id-1" });

    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: "The address is not valid." });
    expect(answer.headers.get("x-request-id")).toBe("proxy-id-1");
    expectEveryAnswerHeaders(answer);

    const [entry] = accessLinesOf(logs);
    expect(entry).toMatchObject({
      level: 30,
      reqId: "proxy-id-1",
      req: { method: "GET", url: "/%", host: "atlas.test", remoteAddress: "127.0.0.1" },
      res: { statusCode: 400 },
    });
  });

  it("an over-long path is a 414 that never echoes the path", async () => {
    const { logs, port } = await listeningApp();
    const path = `/trpc/<script>alert(1)${"a".repeat(6000)}`;
    const answer = await rawGet(port, path);

    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ error: "The address is too long." });
    expect(answer.body).not.toContain("script");
    expect(answer.body).not.toContain("aaaa");
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expectEveryAnswerHeaders(answer);

    const [entry] = accessLinesOf(logs);
    expect(entry?.reqId).toBe(answer.headers.get("x-request-id"));
    expect(entry?.res).toEqual({ statusCode: 414 });
    // The access line keeps the start of the path, cut.
    expect((entry?.req as { url: string }).url).toBe(
      `${path.slice(0, 512)}...[cut: ${path.length} characters]`,
    );
  });

  it("a batched tRPC path over the limit is refused the same way", async () => {
    const { port } = await listeningApp();
    const procedures = Array.from({ length: 400 }, () => "artifacts.popular").join(",");
    const answer = await rawGet(port, `/trpc/${procedures}?batch=1`);

    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ error: "The address is too long." });
    expect(answer.body).not.toContain("artifacts.popular");
  });

  it("carries HSTS on an https deployment, as every answer does", async () => {
    const { port } = await listeningApp({ PUBLIC_ORIGIN: "https://atlas.example.org" });
    const answer = await rawGet(port, "/%");

    expect(answer.status).toBe(400);
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(answer.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("names the client behind a trusted proxy exactly as every other access line does", async () => {
    const { logs, port } = await listeningApp({ TRUST_PROXY: "127.0.0.1,::1" });
    // The client wrote an address of its own; the proxy on this box appended the one it saw.
    const hops = { "x-forwarded-for": "10.9.9.9, 198.51.100.7" };
    await rawGet(port, "/healthz", hops);
    await rawGet(port, "/%", hops);
    await rawGet(port, `/trpc/${"a".repeat(6000)}`, hops);

    const addresses = accessLinesOf(logs).map((entry) => [
      (entry.res as { statusCode: number }).statusCode,
      (entry.req as { remoteAddress: string }).remoteAddress,
    ]);
    expect(addresses).toEqual([
      [200, "198.51.100.7"],
      [400, "198.51.100.7"],
      [414, "198.51.100.7"],
    ]);
  });

  it("believes no X-Forwarded-For without TRUST_PROXY, there as everywhere", async () => {
    const { logs, port } = await listeningApp();
    await rawGet(port, "/%", { "x-forwarded-for": "198.51.100.7" });

    expect(accessLinesOf(logs)[0]?.req).toMatchObject({ remoteAddress: "127.0.0.1" });
  });

  it("is answered the same way through inject, and leaves the next request alone", async () => {
    t = await createTestApp();
    const bad = await t.app.inject({ url: "/%" });
    const good = await t.app.inject({ url: "/healthz" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "The address is not valid." });
    expect(good.statusCode).toBe(200);
  });
});
