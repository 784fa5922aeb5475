import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { requireCurrentBuild } from "./server-process";

/*
 * The built server under scripts/supervise.mjs, as `npm start` runs it: for the tests of
 * what only a supervisor does (a restart after a crash, a hang, a restore).
 */

const API_DIR = fileURLToPath(new URL("../..", import.meta.url));
const BUILT_SERVER = fileURLToPath(new URL("../../dist/server.js", import.meta.url));
const SUPERVISOR = fileURLToPath(new URL("../../../../scripts/supervise.mjs", import.meta.url));

export interface Supervised {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
}

/** The supervisor and its server, on a free port, with its database in `dir`. */
export function supervise(
  dir: string,
  env: NodeJS.ProcessEnv = {},
  nodeOptions: string[] = [],
): Supervised {
  requireCurrentBuild();
  const child = spawn(
    process.execPath,
    [SUPERVISOR, process.execPath, ...nodeOptions, BUILT_SERVER],
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
export async function listening(
  lines: string[],
  nth: number,
): Promise<{ url: string; pid: number }> {
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
