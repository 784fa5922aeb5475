import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { request, signUpOn } from "../support/server";

vi.setConfig({ testTimeout: 90_000 });

/*
 * `npm start` runs the server under scripts/supervise.mjs: a server that dies is started again,
 * one that cannot start is not. Here the supervisor runs the server from source, as the other
 * fault tests do.
 */

const API_DIR = fileURLToPath(new URL("../..", import.meta.url));
const SUPERVISOR = fileURLToPath(new URL("../../../../scripts/supervise.mjs", import.meta.url));

interface Supervised {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

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

function supervise(env: NodeJS.ProcessEnv = {}, nodeOptions: string[] = []): Supervised {
  const child = spawn(
    process.execPath,
    [SUPERVISOR, process.execPath, ...nodeOptions, "--import", "tsx", "src/main.ts"],
    {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: "0",
        PUBLIC_ORIGIN: "http://localhost:3000",
        SEED_DEMO_COLLECTION: "false",
        DATABASE_PATH: join(dir, "atlas.db"),
        WEB_DIST_PATH: join(dir, "no-web-build"),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout
    ?.setEncoding("utf8")
    .on("data", (chunk: string) => stdout.push(...chunk.split("\n")));
  child.stderr
    ?.setEncoding("utf8")
    .on("data", (chunk: string) => stderr.push(...chunk.split("\n")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stdout, stderr, exited };
}

/** The nth "Server listening" line's address and the pid of the server that wrote it. */
async function listening(lines: string[], nth: number): Promise<{ url: string; pid: number }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = lines.filter((line) => line.includes("Server listening at"));
    const line = found[nth - 1];
    if (line) {
      const entry = JSON.parse(line) as { pid: number; msg: string };
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(entry.msg)?.[1] as string;
      return { url, pid: entry.pid };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no start number ${nth}:\n${lines.join("\n")}`);
}

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
    supervised = supervise();
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
    supervised = supervise({ ATLAS_WATCHDOG_SECONDS: "3" }, ["--import", HANG_ON_SIGUSR2]);
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
    supervised = supervise({ PUBLIC_ORIGIN: "localhost:3000" });
    expect(await supervised.exited).toBe(1);
    const output = supervised.stderr.join("\n");
    expect(output).toContain('PUBLIC_ORIGIN: "localhost:3000" is not an origin');
    expect(output).toContain("the server stopped before it was ready; not restarting");
    expect(output.match(/Invalid configuration/g)).toHaveLength(1);
  });
});
