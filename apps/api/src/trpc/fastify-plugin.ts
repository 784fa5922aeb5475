import type { AnyTRPCRouter, inferRouterContext, TRPCError } from "@trpc/server";
import { resolveResponse } from "@trpc/server/http";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import { appendVary } from "../plugins/cors";

/*
 * tRPC over Fastify: a request becomes a Fetch Request for tRPC's own resolveResponse (the same
 * call @trpc/server's adapters make), and its Response goes back out through the reply.
 *
 * Why not @trpc/server's Fastify adapter: it ties every Request to an AbortController of its own,
 * aborted when the answer closes. Undici follows such a signal through a WeakRef, which no
 * young-generation collection may clear, so each request's objects reached the old generation and
 * full collections ran several times a second; the abort on close also built a DOMException with
 * its stack for every answer. A tRPC call cost about twice as much CPU that way
 * (docs/benchmarks.md). Our procedures are synchronous SQLite calls that a hung-up client could not
 * interrupt anyway. The do-nothing ceiling of `pnpm bench` registers this same plugin.
 */

export interface TrpcPluginOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  /** Batches with more calls are refused with 400. */
  maxBatchSize: number;
  createContext: (request: FastifyRequest, reply: FastifyReply) => inferRouterContext<TRouter>;
  onError?: (failure: {
    error: TRPCError;
    path: string | undefined;
    request: FastifyRequest;
  }) => void;
}

function fetchHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const name in incoming) {
    const value = incoming[name];
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

function fetchRequest(request: FastifyRequest): Request {
  // tRPC reads the path from its own argument and only the query and body from the Request.
  const url = new URL(request.url, "http://localhost");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: fetchHeaders(request.headers),
    ...(hasBody && typeof request.body === "string" ? { body: request.body } : {}),
  });
}

/** Register with a prefix (`/trpc`): every procedure answers at `<prefix>/<path>`. */
export function trpcPlugin<TRouter extends AnyTRPCRouter>(): FastifyPluginAsync<
  TrpcPluginOptions<TRouter>
> {
  return async (app, { router, maxBatchSize, createContext, onError }) => {
    // tRPC parses bodies itself (one call or a batch): it gets the text. Only inside this plugin.
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );

    app.all<{ Params: { path: string } }>("/:path", async (request, reply) => {
      const response = await resolveResponse<TRouter>({
        router,
        req: fetchRequest(request),
        path: request.params.path,
        maxBatchSize,
        error: null,
        createContext: async () => createContext(request, reply),
        onError: ({ error, path }) => onError?.({ error, path, request }),
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        // tRPC's "trpc-accept, accept" joins what the answer already varies on (Origin, for CORS).
        if (name === "vary") appendVary(reply, value);
        else reply.header(name, value);
      });
      return reply.send(await response.text());
    });
  };
}
