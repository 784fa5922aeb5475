import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { GOOGLE_SIGN_IN_META, TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { googleAuthRoutes } from "./auth/google-routes";
import { isDatabaseBusy, type AppDatabase } from "./db/client";
import { createDeps, type Deps, type DepsOptions } from "./deps";
import { metricsRoutes } from "./metrics";
import { fillPlaceCountries, refreshPublicPlaces } from "./services/places/places";
import type { Env } from "./env";
import { AccessLog } from "./access-log";
import { clientAddressRule } from "./client-address";
import {
  capConnectionsPerClient,
  clientErrorHandler,
  closeSilentConnections,
  MAX_CONNECTIONS_PER_CLIENT,
  trackRequestsOnConnections,
} from "./connections";
import { loggerOptions, REQUEST_ID_HEADER, requestIdFor, type LogStream } from "./logging";
import { bodyBufferPlugin } from "./plugins/body-buffer";
import { corsPlugin } from "./plugins/cors";
import { answerSizePlugin } from "./plugins/answer-size";
import { errorsPlugin, frameworkErrorAnswer } from "./plugins/errors";
import {
  defaultLoadShedding,
  loadSheddingPlugin,
  type LoadSheddingOptions,
} from "./plugins/load-shedding";
import { originCheckPlugin } from "./plugins/origin-check";
import { privateAnswersPlugin } from "./plugins/private-answers";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { sessionPlugin } from "./plugins/session";
import { spaPlugin } from "./plugins/spa";
import { publicPagesPlugin } from "./public-pages/plugin";
import { restPlugin } from "./rest";
import { DIGEST_CHECK_EVERY_MS, sendDailyDigests } from "./services/conversation/digest";
import { pruneImages } from "./services/images/prune";
import {
  NOTIFICATION_CLEANUP_INTERVAL_MS,
  removeOldNotifications,
} from "./services/notification-list";
import { purgeExpiredTrash, TRASH_PURGE_INTERVAL_MS } from "./services/trash";
import { everyOnTheWall, scheduleJobs, type Every } from "./jobs";
import { purgeExpiredCollections } from "./services/collections/collections";
import { configureSharp } from "./services/images/processing";
import { ServiceError } from "./services/errors";
import { createContextFactory } from "./trpc/context";
import { trpcPlugin } from "./trpc/fastify-plugin";
import { appRouter, type AppRouter } from "./trpc/root";

export interface BuildAppOptions {
  env: Env;
  /** An open, migrated database; the caller owns it and closes it after the app. */
  db: AppDatabase;
  /** Where the JSON log lines go; stdout when not given. */
  logStream?: LogStream;
  /** When to turn requests away with 503; defaultLoadShedding() when not given. */
  loadShedding?: LoadSheddingOptions;
  /** The one clock (sessions, reset links, edits, the periodic jobs); Date.now when not given. */
  now?: () => number;
  /** The periodic jobs' timer; tests pass their own to run a job when they choose. */
  every?: Every;
  /** Waits before each new try of a failed mail; the outbox's defaults when not given. */
  mailRetryDelaysMs?: readonly number[];
  /** Where backups are sent, instead of BACKUP_TARGET's (tests). */
  backupTarget?: DepsOptions["backupTarget"];
  /** Stops the server for its supervisor to start it again (server.ts); a restore asks for it. */
  restart?: () => void;
}

/** The largest request body: a maximal artifact is about 12 kB of JSON. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** How often the server removes the images that nothing refers to any more (decision 037). */
const IMAGE_PRUNE_INTERVAL_MS = 60_000;
/** How often the backup job looks whether a backup is due or a send waits. */
const BACKUP_CHECK_INTERVAL_MS = 60_000;
/** A request must arrive whole (headers and body) within this time; checked every second. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Its headers within this time: a browser sends them in one packet. */
const HEADERS_TIMEOUT_MS = 5_000;
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** Open connections at once; a connection past it is closed at once (memory: at most one body each). */
const MAX_CONNECTIONS = 512;

const RESTORING_MESSAGE =
  "Artifact Atlas is restoring a backup and starts again in a moment. Please try again then.";
const RESTORING_RETRY_AFTER_SECONDS = 10;

/** The whole product as a Fastify instance; server.ts listens, tests inject. */
export async function buildApp({
  env,
  db,
  logStream,
  loadShedding = defaultLoadShedding(),
  now,
  every = everyOnTheWall,
  mailRetryDelaysMs,
  backupTarget,
  restart,
}: BuildAppOptions): Promise<FastifyInstance> {
  // One stream for pino's lines and the access lines, so that they stay in order.
  const logDestination: LogStream = logStream ?? process.stdout;
  // One rule names the client everywhere: access and error lines, rate limits, Fastify's request.ip.
  const clientAddress = clientAddressRule(env.trustProxy);
  const accessLog = new AccessLog(logDestination, clientAddress, env.logLevel);
  const app = Fastify({
    logger: loggerOptions(env, logDestination, clientAddress),
    // Every log line of a request carries its id; a sane X-Request-Id from a proxy is kept.
    genReqId: requestIdFor,
    requestIdHeader: false,
    logController: accessLog,
    // A URL the router cannot take is answered before any hook runs; this adds what hooks add.
    frameworkErrors: frameworkErrorAnswer({
      https: env.publicOrigin.startsWith("https:"),
      accessLog,
    }),
    // A connection closed for taking too long gets its 408 and an access line (connections.ts).
    clientErrorHandler: clientErrorHandler(accessLog),
    trustProxy: clientAddress.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients are cut off (docs/operations.md, "Limits"): headers must arrive within 5 s and
    // a whole request within 10 s (408 after that), a connection with nothing to do closes after
    // 5 s, and one silent for 60 s in the middle of a request (a reader that stopped) is closed.
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    connectionTimeout: 60_000,
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    // Batched tRPC calls put every procedure name in one path segment (fastify/fastify#5066);
    // TRPC_MAX_BATCH_SIZE names of at most ~30 characters each fit in 500.
    routerOptions: { maxParamLength: 500 },
  });
  app.server.maxConnections = MAX_CONNECTIONS;
  // One address cannot take every connection: each client may hold a share (connections.ts).
  capConnectionsPerClient(app.server, {
    clientAddress,
    log: app.log,
    max: MAX_CONNECTIONS_PER_CLIENT,
  });
  closeSilentConnections(app.server, accessLog);
  const deps: Deps = createDeps(env, db, {
    log: app.log,
    clientAddress,
    ...(now ? { now } : {}),
    ...(mailRetryDelaysMs ? { mailRetryDelaysMs } : {}),
    ...(backupTarget !== undefined ? { backupTarget } : {}),
    ...(restart ? { restart } : {}),
  });
  app.decorate("deps", deps);
  refreshPublicPlaces(db, env.findspotPublicPrecision);
  // Places saved before migration 0048 or by an older country lookup: filled once the gazetteer's
  // worker answers, without holding up the start. Nothing to fill (an index says) builds nothing.
  void fillPlaceCountries(db).catch((error: unknown) =>
    app.log.error({ err: error }, "the places' countries could not be looked up"),
  );
  // Last of the close hooks: mail waiting for a retry is dropped (and counted in the log).
  app.addHook("onClose", async () => {
    deps.outbox?.close();
    await deps.backups.close();
  });
  configureSharp();
  app.addHook("onReady", async () => deps.images.storage.prepare());
  let closing = false;
  app.addHook("onClose", async () => {
    closing = true;
  });
  // Every periodic job of the server, on the app's one clock.
  scheduleJobs(
    app,
    [
      {
        // In the upload line, so that a round never meets an upload of the same image.
        name: "image clean-up",
        everyMs: IMAGE_PRUNE_INTERVAL_MS,
        atStart: false,
        run: async () => ({ ...(await deps.images.queue.run(() => pruneImages(deps.images))) }),
      },
      {
        name: "notification clean-up",
        everyMs: NOTIFICATION_CLEANUP_INTERVAL_MS,
        atStart: true,
        run: () => removeOldNotifications(db, new Date(deps.now())),
      },
      {
        name: "trash purge",
        everyMs: TRASH_PURGE_INTERVAL_MS,
        atStart: true,
        run: () => ({
          ...purgeExpiredTrash(db, deps.now()),
          collections: purgeExpiredCollections(db, deps.now()).purged,
        }),
      },
      {
        // Daily per member (issue 33), checked hourly; a round stops when the app closes.
        name: "daily digests",
        everyMs: DIGEST_CHECK_EVERY_MS,
        atStart: false,
        run: () => sendDailyDigests(deps, deps.now(), () => closing),
      },
      {
        // BACKUP_SCHEDULE's backups when due, then the sends that wait (issue 35).
        name: "backups",
        everyMs: BACKUP_CHECK_INTERVAL_MS,
        atStart: false,
        run: () => deps.backups.tick(),
      },
    ],
    every,
  );

  // Before every other hook, so that even refused and preflight answers carry it.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  trackRequestsOnConnections(app);
  metricsRoutes(app, deps);
  await app.register(errorsPlugin);
  await app.register(bodyBufferPlugin, {
    bodyLimit: BODY_LIMIT_BYTES,
    drainUntilMs: REQUEST_TIMEOUT_MS - TIMEOUT_CHECK_INTERVAL_MS,
  });
  await app.register(securityHeadersPlugin, { https: env.publicOrigin.startsWith("https:") });
  // Before any work is done for a request, but after the headers every answer carries.
  await app.register(loadSheddingPlugin, loadShedding);
  await app.register(fastifyCookie);
  await app.register(privateAnswersPlugin);
  // Defence in depth behind the pages and the batch cap: no body held whole over 16 MiB is sent.
  await app.register(answerSizePlugin);
  await app.register(corsPlugin, { corsOrigins: env.corsOrigins });
  await app.register(originCheckPlugin, { allowedOrigins: env.allowedOrigins });
  await app.register(sessionPlugin, { deps });
  // A restore was asked for: the server stops soon, and a write now would be lost with it.
  app.addHook("onRequest", async (request) => {
    if (deps.backups.restoring() && request.method !== "GET" && request.method !== "HEAD") {
      throw new ServiceError(
        "SERVICE_UNAVAILABLE",
        RESTORING_MESSAGE,
        RESTORING_RETRY_AFTER_SECONDS,
      );
    }
  });

  await app.register(googleAuthRoutes, { deps });

  // Reads a real table, so a closed, missing or unreadable database answers 503.
  const healthQuery = db.$client.prepare("select count(*) as migrations from __drizzle_migrations");
  app.get("/healthz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      healthQuery.get();
      // A late backup is a warning for the operator, not a reason to take the server out.
      return reply.send({ status: "ok", database: "ok", backup: deps.backups.health().state });
    } catch (error) {
      request.log.error({ err: error }, "health check: the database does not answer");
      return reply.code(503).send({ status: "unavailable", database: "unavailable" });
    }
  });

  // A plain register, not fastify-plugin: tRPC's body parser stays inside its own scope.
  await app.register(trpcPlugin<AppRouter>(), {
    prefix: "/trpc",
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: createContextFactory(deps),
    // Never the input: it can hold a password.
    onError({ error, path, request }) {
      if (isDatabaseBusy(error)) request.log.warn({ err: error, path }, "database busy");
      // A service's refusal (not found, forbidden, ...) comes as an internal error that it caused;
      // it is an answer, which the errorFormatter gives its own code (trpc/init.ts), not a fault.
      else if (error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof ServiceError))
        request.log.error({ err: error, path }, "tRPC failed");
    },
  });

  await app.register(spaPlugin, {
    distPath: env.webDistPath,
    headTags: env.google ? `<meta name="${GOOGLE_SIGN_IN_META}" content="on">` : "",
  });
  await app.register(publicPagesPlugin);
  // After the web app: GET /artifacts/{id} hands browser navigations to its page.
  await app.register(restPlugin);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}
