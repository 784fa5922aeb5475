import { DgramSocket } from "node-unix-socket";
import type { FastifyBaseLogger } from "fastify";

/*
 * The server tells whoever runs it that its event loop still turns (docs/operations.md, "Start,
 * stop and health"; decision 101): a heartbeat from a timer, which fires only while the loop is
 * free. `npm start`'s supervisor (scripts/supervise.mjs) gets it over its IPC channel; systemd
 * (Type=notify, WatchdogSec) over the NOTIFY_SOCKET datagram socket, in sd_notify's words
 * (READY=1, WATCHDOG=1, STOPPING=1). Either restarts a server whose heartbeats stop.
 */

/** How often the server says it is alive, unless systemd's WatchdogSec asks for more often. */
export const HEARTBEAT_MS = 1_000;

export interface WatchdogOptions {
  /** systemd's NOTIFY_SOCKET: the path of its datagram socket ("@..." for an abstract one). */
  notifySocket: string | undefined;
  /** systemd's WATCHDOG_USEC: the watchdog's timeout in microseconds, when WatchdogSec is set. */
  watchdogUsec: number | undefined;
  log: Pick<FastifyBaseLogger, "warn">;
  /** The IPC channel to a supervisor, when there is one (process.send). */
  send?: ((message: string) => void) | undefined;
}

/** sd_notify(3) over a datagram socket: one state change a datagram. */
export function notifier(socketPath: string, log: WatchdogOptions["log"]) {
  const socket = new DgramSocket();
  // An abstract socket's name starts with a NUL byte, which NOTIFY_SOCKET writes as "@".
  const path = socketPath.startsWith("@") ? `\0${socketPath.slice(1)}` : socketPath;
  let failing = false;
  return {
    notify(state: string): void {
      const message = Buffer.from(state);
      socket.sendTo(message, 0, message.length, path, (error) => {
        // Said once, not every heartbeat: systemd will restart a server it no longer hears.
        if (error && !failing) log.warn({ err: error, state }, "systemd notification failed");
        failing = Boolean(error);
      });
    },
    close: () => socket.close(),
  };
}

/**
 * Says "ready" now that the server listens, then a heartbeat every HEARTBEAT_MS (half of
 * systemd's timeout when that is shorter). Answers the function that says "stopping" and stops.
 */
export function startWatchdog(options: WatchdogOptions): () => void {
  const systemd = options.notifySocket ? notifier(options.notifySocket, options.log) : null;
  systemd?.notify("READY=1");
  options.send?.("ready");
  const everyMs = options.watchdogUsec
    ? Math.min(HEARTBEAT_MS, Math.floor(options.watchdogUsec / 2_000))
    : HEARTBEAT_MS;
  const timer = setInterval(() => {
    options.send?.("alive");
    if (options.watchdogUsec) systemd?.notify("WATCHDOG=1");
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    // The process exits soon after: its socket goes with it.
    systemd?.notify("STOPPING=1");
  };
}
