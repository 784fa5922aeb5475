import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  SERVER_FROM_BUILD,
  sourceEntry,
  serverNodeOptions,
  spawnServer,
  startServer as startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from "./server-process";

/*
 * The real server as a child process, the bundle `npm start` runs (`pnpm build` first; npm test
 * builds before its tests), configured as the fault tests need it: its own database, production
 * mode, log lines on standard output. The bundle starts in about half the time of the source under
 * tsx, and these tests start about sixty servers (decision 124).
 */

export { stopServer, type ServerProcess } from "./server-process";

export const API_DIR = fileURLToPath(new URL("../..", import.meta.url));
const TSX_CLI = join(
  dirname(createRequire(import.meta.url).resolve("tsx/package.json")),
  "dist/cli.mjs",
);

export interface SpawnOptions {
  databasePath: string;
  env?: NodeJS.ProcessEnv;
  /** The port to listen on; a free one when left out. */
  port?: number;
  /** See ServerProcessOptions.honourPermissions. */
  honourPermissions?: boolean;
  /** Modules node loads before the server (`--import`), e.g. one that changes process.versions. */
  preload?: string[];
  /** Run with the Node options `npm start` gives the server (its heap cap): the attack tests. */
  productionNodeOptions?: boolean;
  /** Node options after those (e.g. --expose-gc). */
  nodeOptions?: string[];
  /** Another entry than the server's, from the repository root: a test's own app (buildApp). */
  script?: string;
}

function processOptions(options: SpawnOptions): ServerProcessOptions {
  return {
    entry: options.script ? sourceEntry(options.script) : SERVER_FROM_BUILD,
    nodeOptions: [
      ...(options.productionNodeOptions ? serverNodeOptions() : []),
      ...(options.nodeOptions ?? []),
      ...(options.preload ?? []).flatMap((module) => ["--import", module]),
    ],
    honourPermissions: options.honourPermissions ?? false,
    ...(options.port === undefined ? {} : { port: options.port }),
    env: {
      NODE_ENV: "production",
      PUBLIC_ORIGIN: "http://localhost:3000",
      LOG_LEVEL: "info",
      SEED_DEMO_COLLECTION: "false",
      WEB_DIST_PATH: join(dirname(options.databasePath), "no-web-build"),
      WRITE_RATE_LIMIT_PER_MINUTE: "1000000",
      DATABASE_PATH: options.databasePath,
      ...options.env,
    },
  };
}

/** Starts the server and waits until it listens; throws with its output if it does not. */
export async function startServer(
  options: SpawnOptions,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  return startServerProcess({ ...processOptions(options), timeoutMs });
}

const LISTENING = /Server listening at http:/;

/** Starts the server expecting it to refuse: answers its exit code and output. */
export async function failToStart(options: SpawnOptions, timeoutMs = 30_000) {
  const started = await spawnServer(processOptions(options));
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
  return {
    status: response.status,
    body,
    setCookie: response.headers.getSetCookie(),
    retryAfter: response.headers.get("retry-after"),
  };
}

/**
 * Signs a new account up through tRPC and answers its session cookie. A server just started on a
 * busy machine may answer "too busy" (503 with Retry-After): the client waits as told and asks
 * again, twice at most, as a well-behaved script does.
 */
export async function signUpOn(base: string, email: string): Promise<string> {
  let response = await request(base, "POST", "/trpc/auth.signup", {
    body: { userName: "Fault Tester", email, password: "Secret123" },
  });
  for (let retry = 0; retry < 2 && response.status === 503 && response.retryAfter; retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, Number(response.retryAfter) * 1000));
    response = await request(base, "POST", "/trpc/auth.signup", {
      body: { userName: "Fault Tester", email, password: "Secret123" },
    });
  }
  const cookie = response.setCookie
    .map((c) => c.split(";")[0] as string)
    .find((c) => c.startsWith("atlas_session=") && c.length > 15);
  if (response.status !== 200 || !cookie) throw new Error(`signup failed: ${response.status}`);
  return cookie;
}
