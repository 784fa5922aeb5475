import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { googleAuthRoutes } from "./auth/google-routes";
import { isDatabaseBusy, type AppDatabase } from "./db/client";
import { createDeps, type Deps } from "./deps";
import type { Env } from "./env";
import { AccessLog } from "./access-log";
import { clientAddressRule } from "./client-address";
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
import { notificationCleanupPlugin } from "./plugins/notification-cleanup";
import { originCheckPlugin } from "./plugins/origin-check";
import { privateAnswersPlugin } from "./plugins/private-answers";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { sessionPlugin } from "./plugins/session";
import { spaPlugin } from "./plugins/spa";
import { publicPagesPlugin } from "./public-pages/plugin";
import { restPlugin } from "./rest";
import { startDailyDigests } from "./services/conversation/digest";
import { startImagePruning } from "./services/images/prune";
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
  /** The clock of reset links and sessions; Date.now when not given (tests move their own). */
  now?: () => number;
  /** Waits before each new try of a failed mail; the outbox's defaults when not given. */
  mailRetryDelaysMs?: readonly number[];
  /** The uploaded images' clean-up: its clock and how often it runs (a minute). */
  imagePruning?: { now?: () => number; intervalMs?: number };
}

/** The largest request body: a maximal artifact is about 12 kB of JSON. */
const BODY_LIMIT_BYTES = 64 * 1024;
/** How often the server removes the images that nothing refers to any more. */
const IMAGE_PRUNE_INTERVAL_MS = 60_000;
/** A request must arrive whole (headers and body) within this time; checked every second. */
const REQUEST_TIMEOUT_MS = 10_000;
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/** Open connections at once; a connection past it is closed at once (memory: at most one body each). */
const MAX_CONNECTIONS = 512;

/** The whole product as a Fastify instance; server.ts listens, tests inject. */
export async function buildApp({
  env,
  db,
  logStream,
  loadShedding = defaultLoadShedding(),
  now,
  mailRetryDelaysMs,
  imagePruning = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  // One stream for pino's lines and the access lines, so that they stay in order.
  const logDestination: LogStream = logStream ?? process.stdout;
  // One rule names the client everywhere: access and error lines, rate limits, Fastify's request.ip.
  const clientAddress = clientAddressRule(env.trustProxy);
  const accessLog = new AccessLog(logDestination, clientAddress);
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
    trustProxy: clientAddress.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients are cut off (docs/operations.md, "Limits"): a request must arrive whole within
    // 10 s (408 after that), and a connection with nothing to do closes after 5 s.
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    connectionTimeout: 60_000,
    http: { headersTimeout: 10_000, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    // Batched tRPC calls put every procedure name in one path segment (fastify/fastify#5066);
    // TRPC_MAX_BATCH_SIZE names of at most ~30 characters each fit in 500.
    routerOptions: { maxParamLength: 500 },
  });
  app.server.maxConnections = MAX_CONNECTIONS;
  const deps: Deps = createDeps(env, db, {
    log: app.log,
    clientAddress,
    ...(now ? { now } : {}),
    ...(mailRetryDelaysMs ? { mailRetryDelaysMs } : {}),
    ...(imagePruning.now ? { imagesNow: imagePruning.now } : {}),
  });
  app.decorate("deps", deps);
  // Last of the close hooks: mail waiting for a retry is dropped (and counted in the log).
  app.addHook("onClose", (_app, done) => {
    deps.outbox?.close();
    done();
  });
  configureSharp();
  // Images no artifact refers to any more go within a minute (decision 037).
  let stopImagePruning = () => {};
  app.addHook("onReady", async () => {
    deps.images.storage.prepare();
    stopImagePruning = startImagePruning(
      deps.images,
      imagePruning.intervalMs ?? IMAGE_PRUNE_INTERVAL_MS,
      (error) => app.log.error({ err: error }, "image clean-up failed"),
    );
  });
  app.addHook("onClose", async () => stopImagePruning());
  // The daily digest of follows (issue 33), checked hourly: its own timer until one scheduler
  // runs the periodic jobs (issue 28).
  let stopDigests = () => {};
  app.addHook("onReady", async () => {
    stopDigests = startDailyDigests(deps, app.log);
  });
  app.addHook("onClose", async () => stopDigests());

  // Before every other hook, so that even refused and preflight answers carry it.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
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

  await app.register(googleAuthRoutes, { deps });

  // Reads a real table, so a closed, missing or unreadable database answers 503.
  const healthQuery = db.$client.prepare("select count(*) as migrations from __drizzle_migrations");
  app.get("/healthz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      healthQuery.get();
      return reply.send({ status: "ok", database: "ok" });
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

  await app.register(spaPlugin, { distPath: env.webDistPath });
  await app.register(publicPagesPlugin);
  // After the web app: GET /artifacts/{id} hands browser navigations to its page.
  await app.register(restPlugin);
  await app.register(notificationCleanupPlugin, { db, now: () => new Date() });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}
