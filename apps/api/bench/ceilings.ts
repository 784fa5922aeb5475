import { initTRPC } from "@trpc/server";
import Fastify from "fastify";
import { artifactIdInput } from "@artifact-atlas/shared";
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
 */

async function main(): Promise<void> {
  const [mode, port, artifactJson] = process.argv.slice(2);
  // Fastify's defaults (no logger), plus what the product needs for tRPC's batched paths.
  const app = Fastify({ routerOptions: { maxParamLength: 5000 } });
  if (mode === "rest" && artifactJson) {
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
      createContext: () => ({}),
    });
  } else {
    throw new Error("usage: ceilings.js rest|trpc <port> <artifact JSON>");
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
