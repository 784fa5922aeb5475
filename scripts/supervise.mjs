// Runs the server and starts it again when it dies, so that one crash does not leave the site down
// until someone notices (docs/operations.md). Used by `npm start`; under systemd, the unit's
// Restart=always does this job instead (deploy/artifact-atlas.service).
//
//   node scripts/supervise.mjs <command> [args...]
//
// - The command is started with an IPC channel; the server sends "ready" once it listens.
// - A server that exits before it was ever ready (a bad setting, a damaged database, a taken port)
//   is not restarted: it said why, and starting it again would only say it again.
// - A server that dies after it was ready is started again after 1 s, then 2, 4, ... up to 30 s
//   while it keeps dying soon after starting; once it stays up a minute, the wait is back to 1 s.
// - A server that exits with 75 (EX_TEMPFAIL) asked to be started again: an admin restored a
//   backup on the Backups screen, and the start puts it in place. It is started again at once.
// - SIGINT and SIGTERM go to the server, and the supervisor exits with it.
// - Once ready, the server says "alive" every second from a timer, which fires only while its event
//   loop turns. A server silent for ATLAS_WATCHDOG_SECONDS (30) hangs: it is killed (SIGKILL, as
//   a hung loop never runs a SIGTERM handler), with a line saying so, and started again as above.
import { spawn } from "node:child_process";

const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
/** The exit code of a server that asks to be started again (apps/api/src/server.ts). */
const RESTART_EXIT_CODE = 75;
/** How long a ready server may stay silent before it counts as hung (tests shorten it). */
const WATCHDOG_MS = Number(process.env.ATLAS_WATCHDOG_SECONDS ?? 30) * 1_000;

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/supervise.mjs <command> [args...]");
  process.exit(2);
}

/** One JSON line on stderr, in the shape of the server's own log lines (pino's levels). */
function log(level, msg, fields = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = { level: levels[level], time: Date.now(), name: "supervisor", msg, ...fields };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

let child = null;
let stopping = false;
let delayMs = MIN_DELAY_MS;

function start() {
  const startedAt = Date.now();
  let ready = false;
  let lastHeard = Date.now();
  child = spawn(command, args, { stdio: ["inherit", "inherit", "inherit", "ipc"] });
  const started = child;
  child.on("message", (message) => {
    if (message === "ready") ready = true;
    if (message === "ready" || message === "alive") lastHeard = Date.now();
  });
  const watchdog = setInterval(() => {
    const silentMs = Date.now() - lastHeard;
    if (!ready || stopping || silentMs < WATCHDOG_MS) return;
    clearInterval(watchdog);
    log("error", "the server's event loop has not answered; killing it", {
      silentForSeconds: Math.round(silentMs / 1000),
      watchdogSeconds: WATCHDOG_MS / 1000,
      pid: started.pid,
    });
    started.kill("SIGKILL");
  }, 1_000);
  child.on("exit", (code, signal) => {
    clearInterval(watchdog);
    child = null;
    if (stopping) {
      process.exit(code ?? 1);
    }
    if (!ready) {
      log("error", "the server stopped before it was ready; not restarting", { code, signal });
      process.exit(code ?? 1);
    }
    if (code === RESTART_EXIT_CODE) {
      log("info", "the server stopped to be started again (a restore); starting it", { code });
      start();
      return;
    }
    if (Date.now() - startedAt >= STABLE_AFTER_MS) delayMs = MIN_DELAY_MS;
    log("error", "the server died; restarting it", {
      code,
      signal,
      restartInSeconds: delayMs / 1000,
      upForSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
    setTimeout(start, delayMs);
    delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

start();
