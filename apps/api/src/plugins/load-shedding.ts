import { getHeapStatistics } from "node:v8";
import underPressure from "@fastify/under-pressure";
import fp from "fastify-plugin";
import { ServiceError } from "../services/errors";

export interface LoadSheddingOptions {
  /** Heap in use above which new requests are turned away; 0 turns the check off. */
  maxHeapUsedBytes: number;
  /** Mean event-loop delay above which new requests are turned away; 0 turns the check off. */
  maxEventLoopDelayMs: number;
}

/** The defaults: most of the heap cap (package.json serverNodeOptions), and a second of delay. */
export function defaultLoadShedding(): LoadSheddingOptions {
  return {
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.85),
    maxEventLoopDelayMs: 1_000,
  };
}

export const OVERLOADED_MESSAGE =
  "Artifact Atlas is very busy right now. Please try again in a moment.";
const RETRY_AFTER_SECONDS = 5;

/**
 * An overloaded server answers 503 with Retry-After instead of taking on work until it dies
 * (docs/operations.md, "Limits"). @fastify/under-pressure samples the heap and the event loop once a
 * second; while either is past its bound every request is turned away before any work is done,
 * except /healthz, which must keep saying whether the process is alive.
 */
export const loadSheddingPlugin = fp<LoadSheddingOptions>(
  async (app, options) => {
    await app.register(underPressure, {
      maxHeapUsedBytes: options.maxHeapUsedBytes,
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      // A rejected promise goes to the error handlers, which answer every refusal the same way.
      pressureHandler: async (request, _reply, type, value) => {
        if (request.url === "/healthz") return;
        request.log.warn({ pressure: type, value }, "overloaded: request turned away");
        throw new ServiceError("SERVICE_UNAVAILABLE", OVERLOADED_MESSAGE, RETRY_AFTER_SECONDS);
      },
    });
  },
  { name: "atlas-load-shedding" },
);
