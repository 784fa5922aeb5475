import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES, type SessionUser } from "@artifact-atlas/shared";
// The web app type-checks this file (through the tRPC context): the augmentations it relies on.
import type {} from "./plugins/body-buffer";
import type {} from "./plugins/session";
import type { Deps } from "./deps";
import { clientKey, type RateLimiter } from "./rate-limit";
import { ServiceError } from "./services/errors";

/*
 * The budget of work (docs/operations.md, "Limits"; decision 100): each client, an account or
 * else an address, may use WORK_BUDGET_MS_PER_MINUTE milliseconds of the server's time a minute.
 * Every tRPC call (each call of a batch on its own) and every REST request is charged what it
 * took, so an expensive call costs more; past the budget a client is answered 429 with
 * Retry-After until its bucket has refilled. The calls of one request run one at a time and give
 * the event loop a turn between two when the request has held it a while, so that a batch of
 * expensive calls cannot hold every other client's request behind it.
 */

/** A request that has held the event loop this long lets other requests in before its next call. */
export const YIELD_AFTER_MS = 10;

/** Whom work is charged to: the signed-in account, else the client's address (IPv6: its /64). */
export function workClient(user: Pick<SessionUser, "id"> | null | undefined, ip: string): string {
  return user ? `account ${user.id}` : `address ${clientKey(ip)}`;
}

/** Refuses with 429, Retry-After and its wait while the client has spent its budget. */
export function assertWorkAllowed(budget: RateLimiter, client: string): void {
  const wait = budget.wait(client);
  if (wait > 0) {
    throw new ServiceError("TOO_MANY_REQUESTS", MESSAGES.workBudgetSpent(wait), wait);
  }
}

/** Runs one call of a request: in its turn, within its client's budget, charged what it took. */
export type InTurn = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * The calls of one request (a tRPC batch), one at a time: tRPC starts them all at once, so without
 * a line they would run back to back in one turn of the event loop. Before each, the client's
 * budget is asked; after it, charged the call's time. Between two, when the request has held the
 * event loop YIELD_AFTER_MS since its last turn, everyone else's waiting work goes first.
 */
export function callsInTurn(budget: RateLimiter, client: string): InTurn {
  let previous: Promise<unknown> = Promise.resolve();
  let heldSince = performance.now();
  return <T>(call: () => Promise<T>): Promise<T> => {
    const turn = previous.then(async () => {
      if (performance.now() - heldSince >= YIELD_AFTER_MS) {
        await nextTurn();
        heldSince = performance.now();
      }
      assertWorkAllowed(budget, client);
      const started = performance.now();
      try {
        return await call();
      } finally {
        budget.spend(client, performance.now() - started);
      }
    });
    previous = turn.catch(() => undefined);
    return turn;
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** When the handler began (performance.now()), for the budget of work. */
    workStartedAt?: number;
  }
}

/**
 * The budget of work for REST requests (a tRPC call is charged by its procedure): refused before
 * anything is read, charged from the handler's start to its answer. An upload, which reads its
 * body in the handler, is bounded by its own slots instead, and a stream (an export) by its own.
 */
export function chargeRestWork(
  app: FastifyInstance,
  deps: Pick<Deps, "workBudget" | "clientAddress">,
): void {
  const clientOf = (request: FastifyRequest) =>
    workClient(request.session?.user, deps.clientAddress.of(request.raw) ?? "");
  app.addHook("onRequest", (request, _reply, done) => {
    try {
      assertWorkAllowed(deps.workBudget, clientOf(request));
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook("preHandler", (request, _reply, done) => {
    if (!request.routeOptions.config.streamsBody) request.workStartedAt = performance.now();
    done();
  });
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.workStartedAt !== undefined) {
      deps.workBudget.spend(clientOf(request), performance.now() - request.workStartedAt);
    }
    done(null, payload);
  });
}
