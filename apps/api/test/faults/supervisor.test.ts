import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { request, signUpOn } from "../support/server";
import { listening, supervise, type Supervised } from "../support/supervised";

vi.setConfig({ testTimeout: 90_000 });

/*
 * `npm start` runs the server under scripts/supervise.mjs: a server that dies is started again,
 * one that cannot start is not. Here the supervisor runs the built server, as the other fault
 * tests do.
 */

let dir: string;
let supervised: Supervised | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "atlas-supervisor-"));
});

afterEach(async () => {
  if (supervised && supervised.child.exitCode === null) {
    supervised.child.kill("SIGTERM");
    await supervised.exited;
  }
  supervised = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const HANG_ON_SIGUSR2 = fileURLToPath(new URL("../support/hang-on-sigusr2.mjs", import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the supervisor of npm start", () => {
  it("starts a server that was killed again, says why, and loses nothing it acknowledged", async () => {
    supervised = supervise(dir);
    const first = await listening(supervised.stdout, 1);
    const cookie = await signUpOn(first.url, "survivor@example.com");
    expect(cookie).toMatch(/^atlas_session=/);

    process.kill(first.pid, "SIGKILL");
    const second = await listening(supervised.stdout, 2);

    expect(second.pid).not.toBe(first.pid);
    const why = supervised.stderr
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === "the server died; restarting it");
    expect(why).toMatchObject({ name: "supervisor", signal: "SIGKILL", restartInSeconds: 1 });
    const health = await fetch(`${second.url}/healthz`);
    expect(health.status).toBe(200);
    // The account made before the crash signs in on the new process.
    const login = await request(second.url, "POST", "/trpc/auth.login", {
      body: { email: "survivor@example.com", password: "Secret123" },
    });
    expect(login.status).toBe(200);

    supervised.child.kill("SIGTERM");
    expect(await supervised.exited).toBe(0);
    expect(isAlive(second.pid)).toBe(false);
  });

  it("kills a server whose event loop hangs, says why, and starts it again", async () => {
    supervised = supervise(dir, { ATLAS_WATCHDOG_SECONDS: "3" }, ["--import", HANG_ON_SIGUSR2]);
    const first = await listening(supervised.stdout, 1);
    // Answering, and saying so, for longer than the watchdog's time: not killed while it lives.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(isAlive(first.pid)).toBe(true);

    process.kill(first.pid, "SIGUSR2");
    const second = await listening(supervised.stdout, 2);

    expect(second.pid).not.toBe(first.pid);
    expect(isAlive(first.pid)).toBe(false);
    const lines = supervised.stderr
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const hung = lines.find(
      (entry) => entry.msg === "the server's event loop has not answered; killing it",
    );
    expect(hung).toMatchObject({
      name: "supervisor",
      level: 50,
      watchdogSeconds: 3,
      pid: first.pid,
    });
    expect(hung?.silentForSeconds).toBeGreaterThanOrEqual(3);
    expect(lines.find((entry) => entry.msg === "the server died; restarting it")).toMatchObject({
      signal: "SIGKILL",
    });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  });

  it("does not restart a server that cannot start, and exits with its code", async () => {
    supervised = supervise(dir, { PUBLIC_ORIGIN: "localhost:3000" });
    expect(await supervised.exited).toBe(1);
    const output = supervised.stderr.join("\n");
    expect(output).toContain('PUBLIC_ORIGIN: "localhost:3000" is not an origin');
    expect(output).toContain("the server stopped before it was ready; not restarting");
    expect(output.match(/Invalid configuration/g)).toHaveLength(1);
  });
});
