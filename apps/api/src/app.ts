import fastifyCookie from "@fastify/cookie";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance } from "fastify";
import { googleAuthRoutes } from "./auth/google-routes";
import type { AppDatabase } from "./db/client";
import { createDeps, type Deps } from "./deps";
import type { Env } from "./env";
import { corsPlugin } from "./plugins/cors";
import { errorsPlugin } from "./plugins/errors";
import { originCheckPlugin } from "./plugins/origin-check";
import { sessionPlugin } from "./plugins/session";
import { spaPlugin } from "./plugins/spa";
import { restPlugin } from "./rest";
import { createContextFactory } from "./trpc/context";
import { appRouter, type AppRouter } from "./trpc/root";

export interface BuildAppOptions {
  env: Env;
  /** An open, migrated database; the caller owns it and closes it after the app. */
  db: AppDatabase;
}

/** The whole product as a Fastify instance; server.ts listens, tests inject. */
export async function buildApp({ env, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.logLevel, redact: ["req.headers.cookie", 'res.headers["set-cookie"]'] },
    trustProxy: env.trustProxy,
    bodyLimit: 64 * 1024,
    // Batched tRPC calls put every procedure name in one path segment (fastify/fastify#5066).
    routerOptions: { maxParamLength: 5000 },
  });
  const deps: Deps = createDeps(env, db);
  app.decorate("deps", deps);

  await app.register(errorsPlugin);
  await app.register(fastifyCookie);
  await app.register(corsPlugin, { corsOrigins: env.corsOrigins });
  await app.register(originCheckPlugin, { allowedOrigins: env.allowedOrigins });
  await app.register(sessionPlugin, { deps });

  await app.register(googleAuthRoutes, { deps });

  app.get("/healthz", async (_request, reply) => {
    const row = db.$client.prepare("select 1 as ok").get() as { ok: number } | undefined;
    return reply.send({ status: row?.ok === 1 ? "ok" : "degraded" });
  });

  // A plain register, not fastify-plugin: tRPC swaps the body parser inside its own scope (trpc/trpc#4820).
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(deps),
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR")
          app.log.error({ err: error, path }, "tRPC failed");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  await app.register(spaPlugin, { distPath: env.webDistPath });
  // After the web app: GET /artifacts/{id} hands browser navigations to its page.
  await app.register(restPlugin);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}
