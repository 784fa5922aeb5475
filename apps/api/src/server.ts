import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { closeDatabase } from "./db/client";
import { loadEnv } from "./env";
import { applyAdminEmails } from "./services/roles";
import { BatchedLogOutput } from "./log-output";
import { checkSmtp } from "./mail/outbox";
import { listenFailure, mailStatus, prepareDatabase } from "./startup";
import { startWatchdog } from "./watchdog";

/**
 * The exit code of a server that stops to be started again on a restored backup (EX_TEMPFAIL):
 * scripts/supervise.mjs starts it again at once; systemd's Restart=always does anyway.
 */
export const RESTART_EXIT_CODE = 75;

/** A line in the shape of the server's own log lines, for what happens before the app exists. */
function say(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(
    `${JSON.stringify({ level: levels[level], time: Date.now(), msg, ...fields })}\n`,
  );
}

/** In-flight requests get this long to finish after SIGTERM/SIGINT before the process gives up. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Starts the product: configuration, database (checked, migrated, seeded on first start), then
 * listen. Any failure before listening ends the process with a message and nothing half-started.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const db = await prepareDatabase(env, say);

  let server: FastifyInstance;
  let restart: () => void = () => undefined;
  try {
    server = await buildApp({
      env,
      db,
      logStream: new BatchedLogOutput(),
      restart: () => restart(),
    });
  } catch (error) {
    closeDatabase(db);
    throw error;
  }
  for (const email of applyAdminEmails(db, env.adminEmails)) {
    server.log.warn(
      { email },
      "ADMIN_EMAILS names an address with no account yet: it becomes an admin at the first start after it signs up",
    );
  }
  try {
    await server.listen({ port: env.port, host: env.host });
  } catch (error) {
    await server.close().catch(() => undefined);
    closeDatabase(db);
    throw listenFailure(env, error);
  }
  // Fastify's line above names the interface (HOST); people need the address writes come from.
  server.log.info({ publicOrigin: env.publicOrigin }, `Artifact Atlas is at ${env.publicOrigin}`);
  // Tells a supervisor (scripts/supervise.mjs over IPC, systemd over NOTIFY_SOCKET) that a later
  // exit is a crash worth a restart, not a start that cannot succeed; then that the event loop
  // still turns, every few seconds: a server that hangs is restarted.
  const stopWatchdog = startWatchdog({
    ...env.systemd,
    log: server.log,
    send: process.send ? (message) => process.send?.(message) : undefined,
  });

  const mail = mailStatus(env);
  server.log[mail.level](mail.message);
  // A mail server that is down now may be up by the time someone forgets a password: it is
  // reported, and the start goes on.
  if (env.mail) {
    void checkSmtp(env.mail.smtpUrl).then((problem) => {
      if (problem) server.log.warn({ problem }, "Mail is on, but the mail server did not answer");
    });
  }

  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    stopWatchdog();
    server.log.info({ signal }, "shutting down: finishing the requests in flight");
    const deadline = setTimeout(() => {
      server.log.error({ graceMs: SHUTDOWN_GRACE_MS }, "requests still running; stopping anyway");
      closeDatabase(db);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    // close() stops accepting connections, answers new requests on open ones with 503 and waits
    // for every in-flight request: each write is one synchronous transaction, so an answered
    // request is committed and an unanswered one changed nothing.
    let code = exitCode;
    try {
      await server.close();
    } catch (error) {
      server.log.error({ err: error }, "closing the server failed");
      code = 1;
    }
    // The last connection to close checkpoints the WAL into the database file.
    closeDatabase(db);
    server.log.info({ code }, "stopped");
    process.exit(code);
  };
  restart = () => void stop("restore", RESTART_EXIT_CODE);
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
