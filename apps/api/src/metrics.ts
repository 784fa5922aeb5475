import { statSync } from "node:fs";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Deps } from "./deps";

/*
 * GET /metrics in Prometheus's text format (prom-client), for the addresses METRICS_ALLOW lists
 * (loopback by default), named by the one client-address rule; anyone else gets the 404 of a path
 * that does not exist. Labels are bounded: a route is its pattern ("/artifacts/:id"), never the URL.
 */

/** Latency buckets in seconds: the bench targets sit at 5 and 20 ms. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export function metricsRoutes(app: FastifyInstance, deps: Deps): void {
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: "atlas_http_requests_total",
    help: "Answered requests by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: "atlas_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const shed = new Counter({
    name: "atlas_answers_shed_total",
    help: "Requests turned away as too busy (429 or 503 with Retry-After), by status.",
    labelNames: ["status"] as const,
    registers: [register],
  });
  const { databasePath } = deps.env;
  new Gauge({
    name: "atlas_database_bytes",
    help: "The database file and its write-ahead log, in bytes.",
    registers: [register],
    collect() {
      this.set(fileBytes(databasePath) + fileBytes(`${databasePath}-wal`));
    },
  });
  new Gauge({
    name: "atlas_outbox_waiting",
    help: "Mails waiting, being sent or waiting to be tried again.",
    registers: [register],
    collect() {
      this.set(deps.outbox?.pending ?? 0);
    },
  });
  new Gauge({
    name: "atlas_image_queue_taken",
    help: "Places taken in the image processing line (uploads arrived whole, waiting or processed).",
    registers: [register],
    collect() {
      this.set(deps.images.queue.taken);
    },
  });
  new Gauge({
    name: "atlas_backup_last_good_age_seconds",
    help: "Age of the newest good backup; -1 when there is none.",
    registers: [register],
    collect() {
      const { lastGoodAt } = deps.backups.health();
      this.set(lastGoodAt === null ? -1 : (deps.now() - lastGoodAt) / 1000);
    },
  });
  new Gauge({
    name: "atlas_backup_last_result",
    help: "The latest backup this server tried to make: 1 good, 0 failed, -1 none tried yet.",
    registers: [register],
    collect() {
      const last = deps.backups.lastAttempt();
      this.set(last === null ? -1 : last.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: "atlas_backup_late",
    help: "1 when the newest good backup is older than twice BACKUP_SCHEDULE's period.",
    registers: [register],
    collect() {
      this.set(deps.backups.health().state === "late" ? 1 : 0);
    },
  });
  new Gauge({
    name: "atlas_backup_sends_failed",
    help: "Backups whose latest send to BACKUP_TARGET failed (tried again later).",
    registers: [register],
    collect() {
      this.set(deps.backups.list().filter((backup) => backup.send?.state === "failed").length);
    },
  });

  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "(no route)";
    if (route === "/metrics") return done();
    const status = reply.statusCode;
    requests.inc({ route, method: request.method, status });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if ((status === 429 || status === 503) && reply.hasHeader("retry-after")) shed.inc({ status });
    done();
  });

  const allowed = proxyAddr.compile(deps.env.metricsAllow);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const client = deps.clientAddress.of(request.raw);
    if (!client || !allowed(client, 0)) {
      return reply.callNotFound();
    }
    reply.header("cache-control", "no-store");
    reply.type(register.contentType);
    return register.metrics();
  });
}
