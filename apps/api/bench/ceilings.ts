import { initTRPC } from "@trpc/server";
import Fastify from "fastify";
import { trpcPlugin } from "../src/trpc/fastify-plugin";

/*
 * The two ceilings of `pnpm bench`, each a server of its own run like the product (bundled, plain
 * node, same Fastify, same tRPC plugin): what this machine answers when a request does no work.
 *
 *   node dist/bench/ceilings.js rest <port> <artifact JSON>  GET /artifacts/:id -> that JSON
 *   node dist/bench/ceilings.js trpc <port>                  GET /trpc/noop -> null
 */

async function main(): Promise<void> {
  const [mode, port, artifactJson] = process.argv.slice(2);
  // Fastify's defaults (no logger), plus what the product needs for tRPC's batched paths.
  const app = Fastify({ routerOptions: { maxParamLength: 5000 } });
  if (mode === "rest" && artifactJson) {
    const artifact = JSON.parse(artifactJson) as Record<string, unknown>;
    app.get("/artifacts/:id", async () => artifact);
  } else if (mode === "trpc") {
    const t = initTRPC.create();
    const router = t.router({ noop: t.procedure.query(() => null) });
    // The product's own tRPC plugin, so that this is the ceiling of the path the product takes.
    await app.register(trpcPlugin<typeof router>(), {
      prefix: "/trpc",
      router,
      createContext: () => ({}),
    });
  } else {
    throw new Error("usage: ceilings.js rest <port> <artifact JSON> | trpc <port>");
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
