import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The real server as a child process from its entry, src/main.ts, under tsx's loader
 * (no build needed). `node --import tsx` keeps it one process, so SIGKILL and SIGTERM reach the
 * server itself rather than a launcher that would leave it running.
 */

export const API_DIR = fileURLToPath(new URL("../..", import.meta.url));
const TSX_CLI = join(
  dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
  "dist/cli.mjs",
);

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, once listening. */
  url: string;
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface SpawnOptions {
  databasePath: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Meet permission bits as any service account would, even when the tests run as root: root's
   * right to ignore them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) is dropped for the server with
   * util-linux's setpriv. It stays root, so it still reaches a checkout only root may enter.
   */
  honourPermissions?: boolean;
  /** Modules node loads before the server (`--import`), e.g. one that changes process.versions. */
  preload?: string[];
}

const ROOT_IGNORES_PERMISSIONS = process.getuid?.() === 0;

function spawnServer(options: SpawnOptions) {
  const preload = (options.preload ?? []).flatMap((module) => ["--import", module]);
  const node = [process.execPath, ...preload, "--import", "tsx", "src/main.ts"];
  const command =
    options.honourPermissions && ROOT_IGNORES_PERMISSIONS
      ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", ...node]
      : node;
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      PUBLIC_ORIGIN: "http://localhost:3000",
      LOG_LEVEL: "info",
      SEED_DEMO_COLLECTION: "false",
      WEB_DIST_PATH: join(dirname(options.databasePath), "no-web-build"),
      WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
      DATABASE_PATH: options.databasePath,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout
    ?.setEncoding("utf8")
    .on("data", (chunk: string) => stdout.push(...chunk.split("\n").filter(Boolean)));
  child.stderr
    ?.setEncoding("utf8")
    .on("data", (chunk: string) => stderr.push(...chunk.split("\n").filter(Boolean)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, stdout, stderr, exited };
}

const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

/** Starts the server and waits until it listens; throws with its output if it exits first. */
export async function startServer(
  options: SpawnOptions,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  const started = spawnServer(options);
  const deadline = Date.now() + timeoutMs;
  let exitedEarly: { code: number | null } | null = null;
  void started.exited.then((result) => {
    exitedEarly = result;
  });
  while (Date.now() < deadline) {
    const line = started.stdout.find((text) => LISTENING.test(text));
    if (line) return { ...started, url: (LISTENING.exec(line) as RegExpExecArray)[1] as string };
    if (exitedEarly) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  started.child.kill("SIGKILL");
  throw new Error(
    `the server did not start (exit ${JSON.stringify(exitedEarly)}):\n${started.stderr.join("\n")}\n${started.stdout.join("\n")}`,
  );
}

/** Starts the server expecting it to refuse: answers its exit code and output. */
export async function failToStart(options: SpawnOptions, timeoutMs = 30_000) {
  const started = spawnServer(options);
  const timer = setTimeout(() => started.child.kill("SIGKILL"), timeoutMs);
  const { code } = await started.exited;
  clearTimeout(timer);
  return {
    code,
    stdout: started.stdout.join("\n"),
    stderr: started.stderr.join("\n"),
    listened: started.stdout.some((line) => LISTENING.test(line)),
  };
}

/** Stops a server with SIGTERM and waits for it to exit. */
export async function stopServer(server: ServerProcess) {
  server.child.kill("SIGTERM");
  return server.exited;
}

/** Runs `tsx src/db/cli.ts ...args` as the package scripts do. */
export function runCli(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [TSX_CLI, "src/db/cli.ts", ...args], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A JSON request to the spawned server, as curl would send it (no Origin). */
export async function request(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: response.status, body, setCookie: response.headers.getSetCookie() };
}

/** Signs a new account up through tRPC and answers its session cookie. */
export async function signUpOn(base: string, email: string): Promise<string> {
  const response = await request(base, "POST", "/trpc/auth.signup", {
    body: { userName: "Fault Tester", email, password: "Secret123" },
  });
  const cookie = response.setCookie
    .map((c) => c.split(";")[0] as string)
    .find((c) => c.startsWith("atlas_session=") && c.length > 15);
  if (response.status !== 200 || !cookie) throw new Error(`signup failed: ${response.status}`);
  return cookie;
}
