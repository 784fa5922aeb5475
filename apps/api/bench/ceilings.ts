import { initTRPC } from "@trpc/server";
import Fastify from "fastify";
import { artifactIdInput, TRPC_MAX_BATCH_SIZE } from "@artifact-atlas/shared";
import { AccessLog } from "../src/access-log";
import { clientAddressRule } from "../src/client-address";
import { BatchedLogOutput } from "../src/log-output";
import { loggerOptions, REQUEST_ID_HEADER, requestIdFor } from "../src/logging";
import { everyAnswerHeaders } from "../src/plugins/security-headers";
import { artifactParams } from "../src/rest/declarations";
import { trpcPlugin } from "../src/trpc/fastify-plugin";

/*
 * The two ceilings of `pnpm bench`, each a server of its own run like the product (bundled, plain
 * node, same Fastify, same tRPC plugin): what this machine answers when a request does no work.
 *
 *   node dist/bench/ceilings.js rest <port> <artifact JSON>  GET /artifacts/:id -> that JSON
 *   node dist/bench/ceilings.js trpc <port> <artifact JSON>  GET /trpc/noop -> null
 *
 * The tRPC server also answers GET /trpc/fixedArtifact?input={"id":n} with that JSON: byId's input
 * (the same schema) and answer, without hooks, log lines or database. Not a ceiling: it shows how
 * much of a read's distance from the do-nothing call is tRPC's own work on an input and an answer.
 *
 *   node dist/bench/ceilings.js rest-floor <port> <artifact JSON>  GET /artifacts/:id -> that JSON
 *
 * Not a ceiling either: the bare route plus only what every answer of the product owes, each done
 * once in the route and no more: the request id and its header, the security headers of a JSON
 * answer and Vary, the id checked with the REST path's own validation, and the access line through
 * the product's own logging (JSON lines to standard output, in batches). No hooks, no session,
 * CORS or origin check, no database. Its ratio to the bare route is about the most the product's
 * REST read could reach on this machine.
 */

async function main(): Promise<void> {
  const [mode, port, artifactJson] = process.argv.slice(2);
  // The floor logs as the product does.
  const floorLog = mode === "rest-floor" ? new BatchedLogOutput() : null;
  // Fastify's defaults (no logger), plus what the product needs for tRPC's batched paths.
  const app = Fastify({
    routerOptions: { maxParamLength: 5000 },
    ...(floorLog
      ? {
          logger: loggerOptions({ logLevel: "info" }, floorLog, clientAddressRule(false)),
          genReqId: requestIdFor,
          requestIdHeader: false,
          logController: new AccessLog(floorLog, clientAddressRule(false), "info"),
        }
      : {}),
  });
  if (mode === "rest-floor" && artifactJson) {
    const artifact = JSON.parse(artifactJson) as Record<string, unknown>;
    const everyAnswer = everyAnswerHeaders({ https: false });
    app.get("/artifacts/:id", async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id).headers(everyAnswer);
      reply.header("vary", "Origin, Accept");
      artifactParams.parse(request.params);
      return artifact;
    });
  } else if (mode === "rest" && artifactJson) {
    const artifact = JSON.parse(artifactJson) as Record<string, unknown>;
    app.get("/artifacts/:id", async () => artifact);
  } else if (mode === "trpc" && artifactJson) {
    const artifact = JSON.parse(artifactJson) as Record<string, unknown>;
    const t = initTRPC.create();
    const router = t.router({
      noop: t.procedure.query(() => null),
      fixedArtifact: t.procedure.input(artifactIdInput).query(() => artifact),
    });
    // The product's own tRPC plugin, so that this is the ceiling of the path the product takes.
    await app.register(trpcPlugin<typeof router>(), {
      prefix: "/trpc",
      router,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: () => ({}),
    });
  } else {
    throw new Error("usage: ceilings.js rest|rest-floor|trpc <port> <artifact JSON>");
  }
  await app.listen({ port: Number(port), host: "127.0.0.1" });
  const stop = () => void app.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
