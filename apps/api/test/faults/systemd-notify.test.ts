import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DgramSocket } from "node-unix-socket";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startServer, stopServer, type ServerProcess } from "../support/server";

vi.setConfig({ testTimeout: 60_000 });

/*
 * Under systemd (deploy/artifact-atlas.service: Type=notify, WatchdogSec) the server speaks
 * sd_notify's protocol on the NOTIFY_SOCKET datagram socket. Here the socket is a real unix
 * datagram socket bound by the test, standing where systemd's would be, and the server is the
 * real process.
 */

const HANG_ON_SIGUSR2 = fileURLToPath(new URL("../support/hang-on-sigusr2.mjs", import.meta.url));

let dir: string;
let socket: DgramSocket;
let received: { state: string; at: number }[];
let server: ServerProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-notify-"));
  received = [];
  socket = new DgramSocket();
  socket.bind(join(dir, "notify.sock"));
  socket.on("data", (data: Buffer) => received.push({ state: data.toString(), at: Date.now() }));
});

afterEach(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  server = undefined;
  socket.close();
  rmSync(dir, { recursive: true, force: true });
});

const states = () => received.map((message) => message.state);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("systemd's notify protocol", () => {
  it("says READY=1 once listening, WATCHDOG=1 while its loop turns, and STOPPING=1", async () => {
    server = await startServer({
      databasePath: join(dir, "atlas.db"),
      env: { NOTIFY_SOCKET: join(dir, "notify.sock"), WATCHDOG_USEC: "2000000" },
    });
    await wait(3_500);
    expect(states()[0]).toBe("READY=1");
    // Half of the 2 s WatchdogSec: a heartbeat a second.
    expect(states().filter((state) => state === "WATCHDOG=1").length).toBeGreaterThanOrEqual(2);

    await stopServer(server);
    await wait(200);
    expect(states().at(-1)).toBe("STOPPING=1");
  });

  it("falls silent when its event loop hangs, so that systemd's watchdog ends it", async () => {
    server = await startServer({
      databasePath: join(dir, "atlas.db"),
      env: { NOTIFY_SOCKET: join(dir, "notify.sock"), WATCHDOG_USEC: "2000000" },
      nodeOptions: ["--import", HANG_ON_SIGUSR2],
    });
    await wait(2_500);
    expect(states()).toContain("WATCHDOG=1");
    process.kill(server.child.pid!, "SIGUSR2");
    await wait(200);
    const hungAt = Date.now();
    await wait(3_000);
    expect(received.filter((message) => message.at > hungAt)).toEqual([]);
  });

  it("says only READY=1 without a watchdog, and nothing at all without systemd", async () => {
    server = await startServer({
      databasePath: join(dir, "atlas.db"),
      env: { NOTIFY_SOCKET: join(dir, "notify.sock") },
    });
    await wait(2_500);
    expect(states()).toEqual(["READY=1"]);
    await stopServer(server);

    received = [];
    server = await startServer({ databasePath: join(dir, "other.db") });
    await wait(1_500);
    expect(received).toEqual([]);
  });
});
