import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { healthyThroughout, expectHealthyWithinASecond } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * Slow bodies, no account needed: many connections that each send a large body one byte at a
 * time. Before the fix, 50 of them to POST /trpc/auth.login filled the 128 MB heap in about 19 s.
 */

const CONNECTIONS = 50;
const BODY_BYTES = 65_000;
const ATTACK_MS = 20_000;

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-slow-bodies-"));
  server = await startServer({
    databasePath: join(dir, "atlas.db"),
    productionNodeOptions: true,
  });
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Opens a connection that sends a POST's headers, then its body a few bytes every millisecond
 * until `until`. Answers what the server sent and when the connection ended.
 */
function slowBody(
  base: string,
  path: string,
  until: number,
): Promise<{ answer: string; endedAt: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    socket.setNoDelay(true);
    let answer = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, endedAt: Date.now() });
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${BODY_BYTES}\r\n\r\n{"email":"`,
      );
      timer = setInterval(() => {
        if (Date.now() > until || sent >= BODY_BYTES - 20) return finish();
        // Several bytes a tick, each its own write: timers fire about every millisecond.
        for (let i = 0; i < 4; i += 1) socket.write("a");
        sent += 4;
      }, 1);
    });
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", finish);
    socket.on("close", finish);
  });
}

describe("slow bodies", () => {
  it.each([["/trpc/auth.login"], ["/trpc/artifacts.create"], ["/artifacts"]])(
    "%s: the server stays up and answers, and slow senders are cut off",
    async (path) => {
      const until = Date.now() + ATTACK_MS;
      const attack = Promise.all(
        Array.from({ length: CONNECTIONS }, () => slowBody(server.url, path, until)),
      );
      const checks = await healthyThroughout(server.url, attack);
      const answers = await attack;

      expect(checks).toBeGreaterThan(5);
      // Cut off by the server after its 10 s request timeout, long before our senders would have
      // stopped: with a 408, or a reset that can overtake it while we are still writing.
      for (const { answer, endedAt } of answers) {
        expect(endedAt).toBeLessThan(until - 5_000);
        expect(["", "HTTP/1.1 408 Request Timeout"]).toContain(answer.slice(0, 28));
      }
      expect(server.child.exitCode).toBeNull();
      await expectHealthyWithinASecond(server.url);
      // The server still does its work: a new account can sign up.
      const cookie = await signUpOn(server.url, `after-${path.replace(/\W/g, "")}@example.com`);
      const me = await request(server.url, "GET", "/trpc/auth.me", { cookie });
      expect(me.status).toBe(200);
    },
  );
});
