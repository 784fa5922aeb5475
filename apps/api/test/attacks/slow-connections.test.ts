import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_CONNECTIONS_PER_CLIENT } from "../../src/connections";
import { startServer, stopServer, type ServerProcess } from "../support/server";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * Slowloris from one address (issue 28): 600 connections that each send a request line and then a
 * header line a second, never ending their headers, and connect again whenever one is closed.
 * Before the per-client cap, they held all 512 of the server's connections and /healthz answered
 * one check in 29 from elsewhere. The attacker speaks from 127.0.0.2, the health checks from
 * 127.0.0.1: two addresses of the loopback network.
 */

const ATTACKER = "127.0.0.2";
const CONNECTIONS = 600;
const ATTACK_MS = 20_000;
const RECONNECT_AFTER_MS = 1_000;

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-slow-connections-"));
  server = await startServer({ databasePath: join(dir, "atlas.db"), productionNodeOptions: true });
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The attack, in a thread of its own (as another machine would be), so that the health checks'
 * times are the server's and not the attacker's: each of `connections` trickles, and connects
 * again a second after the server closes it, until the attack ends. Answers the connections made.
 */
function trickleFromAnotherThread(port: number, connections: number, ms: number) {
  const worker = new Worker(
    `const { connect } = require("node:net");
     const { workerData, parentPort } = require("node:worker_threads");
     const { port, connections, until, from, reconnectAfterMs } = workerData;
     let opened = 0;
     function trickle() {
       if (Date.now() > until) return Promise.resolve();
       return new Promise((resolve) => {
         const socket = connect({ port, host: "127.0.0.1", localAddress: from });
         let timer;
         let line = 0;
         const done = () => {
           clearInterval(timer);
           socket.destroy();
           resolve();
         };
         socket.on("connect", () => {
           opened += 1;
           socket.write("GET /healthz HTTP/1.1\\r\\nHost: localhost\\r\\n");
           timer = setInterval(() => {
             if (Date.now() > until) return done();
             socket.write("X-Slow-" + (line += 1) + ": a\\r\\n");
           }, 1000);
         });
         socket.on("close", done);
         socket.on("error", done);
       }).then(() => new Promise((wait) => setTimeout(wait, reconnectAfterMs))).then(trickle);
     }
     Promise.all(Array.from({ length: connections }, trickle)).then(() => parentPort.postMessage(opened));`,
    {
      eval: true,
      workerData: {
        port,
        connections,
        until: Date.now() + ms,
        from: ATTACKER,
        reconnectAfterMs: RECONNECT_AFTER_MS,
      },
    },
  );
  return new Promise<number>((resolve, reject) => {
    worker.once("message", (opened: number) => resolve(opened));
    worker.once("error", reject);
  });
}

/** GET /healthz on a new connection (as a new visitor would come), within a second: its status. */
function freshHealthCheck(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 1_000 },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer within a second")));
    request.on("error", reject);
  });
}

/**
 * A health check from 127.0.0.1 every 250 ms while `attack` runs: each answer's time, or null
 * when it failed (the reasons are printed).
 */
async function healthChecks(port: number, attack: Promise<unknown>) {
  let over = false;
  void attack.finally(() => (over = true));
  const times: (number | null)[] = [];
  const failures = new Map<string, number>();
  while (!over) {
    const started = Date.now();
    try {
      const status = await freshHealthCheck(port);
      times.push(status === 200 ? Date.now() - started : null);
    } catch (error) {
      times.push(null);
      const reason = (error as Error).message;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (failures.size > 0) console.log("health checks failed:", Object.fromEntries(failures));
  return times;
}

describe("600 slow connections from one address", () => {
  it("leave others their connections: /healthz answers within a second throughout", async () => {
    const attack = trickleFromAnotherThread(server.port, CONNECTIONS, ATTACK_MS);
    const times = await healthChecks(server.port, attack);
    const opened = await attack;

    const answered = times.filter((time): time is number => time !== null);
    console.log(
      `health: ${answered.length} of ${times.length} answered within 1 s ` +
        `(slowest ${Math.max(...answered)} ms); attacker connections opened ${opened}`,
    );
    expect(times.length).toBeGreaterThan(20);
    expect(answered).toHaveLength(times.length);

    // Past its share, the attacker's connections are closed as soon as they open; the ones it
    // keeps are cut when their headers are late, each with an access line saying so.
    const lines = server.stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
    const timedOut = lines.filter(
      (line) =>
        line.msg === "request timed out" &&
        line.timeout === "headers" &&
        (line.req as { remoteAddress?: string }).remoteAddress === ATTACKER,
    );
    expect(timedOut.length).toBeGreaterThanOrEqual(MAX_CONNECTIONS_PER_CLIENT);
    expect(timedOut[0]).toMatchObject({ level: 40, res: { statusCode: 408 } });
    expect(
      lines.some(
        (line) => line.msg === "a client holds its most connections" && line.client === ATTACKER,
      ),
    ).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });
});

describe("a request whose body stops arriving", () => {
  it("is answered 408 after the request timeout, with an access line naming the request", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect({ port: server.port, host: "127.0.0.1" });
      let received = "";
      socket.on("connect", () =>
        socket.write(
          "POST /trpc/auth.login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
            'Content-Length: 100\r\n\r\n{"email":',
        ),
      );
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("close", () => resolve(received));
    });
    expect(answer.slice(0, 28)).toBe("HTTP/1.1 408 Request Timeout");
    // Log lines leave in batches, at least every 100 ms.
    const timedOutLine = () =>
      server.stdout
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.msg === "request timed out" && entry.timeout === "request");
    const deadline = Date.now() + 2_000;
    while (!timedOutLine() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const line = timedOutLine();
    expect(line).toMatchObject({
      level: 40,
      req: { method: "POST", url: "/trpc/auth.login", remoteAddress: "127.0.0.1" },
      res: { statusCode: 408 },
    });
    expect(line?.reqId).toEqual(expect.any(String));
  });
});
