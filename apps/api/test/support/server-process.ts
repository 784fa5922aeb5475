import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { connect, createServer } from "node:net";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

/*
 * A server as a child process of the tests or the benchmark: a free port, the process with its
 * environment, the wait until it listens, and its stop. The API's fault tests, the web app's
 * browser tests (as "@artifact-atlas/api/test-support/server-process") and `pnpm bench` all
 * start servers through this module and nothing else.
 */

/** The repository's root: the server runs from there, as `pnpm start` runs it. */
const REPO_ROOT = resolve(import.meta.dirname, "../../../..");

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/**
 * Node's arguments that run the server from its TypeScript source under tsx's loader: no build.
 * The loader rather than the tsx command keeps it one process, so SIGKILL and SIGTERM reach the
 * server itself rather than a launcher that would leave it running.
 */
export const SERVER_FROM_SOURCE = sourceEntry("apps/api/src/main.ts");

/** Node's arguments that run `script` (from the repository root) the same way: a test's own app. */
export function sourceEntry(script: string): string[] {
  return ["--import", TSX_LOADER, script];
}
/** Node's arguments that run the production bundle (`pnpm build` first), as `pnpm start` does. */
export const SERVER_FROM_BUILD = ["apps/api/dist/server.js"];

/** The newest modification time of any file under `dir`, in milliseconds. */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Refuses to start a bundle older than the source it is built from: a test would otherwise pass or
 * fail on yesterday's server. `npm test` builds first; a single test file wants `pnpm build`.
 */
export function requireCurrentBuild(): void {
  const bundle = join(REPO_ROOT, SERVER_FROM_BUILD[0] as string);
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const sources = ["apps/api/src", "packages/shared/src"].map((dir) => join(REPO_ROOT, dir));
  if (sources.some((dir) => newestChange(dir) > built)) {
    throw new Error(
      `${bundle} is missing or older than the server's source: run \`pnpm build\` first (npm test does).`,
    );
  }
}

function rootConfig(): { serverNodeOptions: string; serverEnvironment: string } {
  return JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).config;
}

/** Node's options for the server, as scripts/start.sh passes them (package.json "config"). */
export function serverNodeOptions(): string[] {
  return rootConfig().serverNodeOptions.split(" ");
}

/** The server's environment settings, as scripts/start.sh exports them (package.json "config"). */
export function serverEnvironment(): Record<string, string> {
  return Object.fromEntries(
    rootConfig()
      .serverEnvironment.split(" ")
      .map((setting) => setting.split("=") as [string, string]),
  );
}

/** A budget of work (WORK_BUDGET_MS_PER_MINUTE) that no test or benchmark reaches. */
export const UNBOUNDED_WORK_BUDGET = "1000000000";

/** A port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface ServerProcessOptions {
  /** What node runs: SERVER_FROM_SOURCE, SERVER_FROM_BUILD, or a script and its arguments. */
  entry: string[];
  /** The port it listens on (PORT, on HOST 127.0.0.1); a free one when left out. */
  port?: number;
  /**
   * Its environment besides PATH, serverEnvironment(), HOST and PORT; nothing else is inherited
   * from the tests.
   */
  env?: NodeJS.ProcessEnv;
  /** Node's options before the entry: serverNodeOptions(), `--cpu-prof`, `--import` of a module. */
  nodeOptions?: string[];
  /**
   * Meet permission bits as any service account would, even when the tests run as root: root's
   * right to ignore them (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) is dropped for the server with
   * util-linux's setpriv. It stays root, so it still reaches a checkout only root may enter.
   */
  honourPermissions?: boolean;
  /**
   * Receives standard output instead of `stdout` keeping its lines: a server under load writes
   * more log than a test should hold, and a log collector reads the pipe just as fast.
   */
  onStdout?: (chunk: Buffer) => void;
  /** Names the server in errors ("the server" when left out). */
  name?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Its standard output, line by line (empty when `onStdout` took it). */
  stdout: string[];
  /** Its standard error, line by line. */
  stderr: string[];
  /** Settles once it has exited and its output is all read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const ROOT_IGNORES_PERMISSIONS = process.getuid?.() === 0;

/** Starts the process and returns at once; see startServer to wait until it listens. */
export async function spawnServer(options: ServerProcessOptions): Promise<ServerProcess> {
  if (options.entry === SERVER_FROM_BUILD) requireCurrentBuild();
  const port = options.port ?? (await freePort());
  const node = [process.execPath, ...(options.nodeOptions ?? []), ...options.entry];
  const command =
    options.honourPermissions && ROOT_IGNORES_PERMISSIONS
      ? ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--", ...node]
      : node;
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      ...serverEnvironment(),
      // Tests and benchmarks ask more of the server from one address than any person would; the
      // budget is still asked and charged on every call. attacks/work-budget sets its own.
      WORK_BUDGET_MS_PER_MINUTE: UNBOUNDED_WORK_BUDGET,
      ...options.env,
      HOST: "127.0.0.1",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  if (options.onStdout) child.stdout.on("data", options.onStdout);
  else createInterface({ input: child.stdout }).on("line", (line) => stdout.push(line));
  createInterface({ input: child.stderr }).on("line", (line) => stderr.push(line));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once("close", (code, signal) => done({ code, signal }));
  });
  return { child, port, url: `http://127.0.0.1:${port}`, stdout, stderr, exited };
}

/** Starts the server and waits until it listens; throws with its output if it does not. */
export async function startServer(
  options: ServerProcessOptions & { timeoutMs?: number },
): Promise<ServerProcess> {
  const server = await spawnServer(options);
  const name = options.name ?? "the server";
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void server.exited.then((result) => (exit = result));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  while (!exit && Date.now() < deadline) {
    if (await acceptsConnections(server.port)) return server;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  const why = exit ? `exited (${JSON.stringify(exit)})` : `did not listen within ${timeoutMs} ms`;
  server.child.kill("SIGKILL");
  await server.exited;
  throw new Error(`${name} ${why}:\n${[...server.stderr, ...server.stdout].join("\n")}`);
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      answer(true);
    });
    socket.once("error", () => answer(false));
  });
}

/** Stops the server with SIGTERM, as a service manager would, and waits until it has exited. */
export async function stopServer(
  server: ServerProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  server.child.kill("SIGTERM");
  return server.exited;
}
