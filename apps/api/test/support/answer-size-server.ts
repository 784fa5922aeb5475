import { Readable } from "node:stream";
import { buildApp } from "../../src/app";
import { loadEnv } from "../../src/env";
import { BatchedLogOutput } from "../../src/log-output";
import { prepareDatabase } from "../../src/startup";

/*
 * The product's app, built by its factory as server.ts builds it, with routes that only
 * test/attacks/answer-size.test.ts adds: answers of a size it chooses, a stream it paces, and the
 * process's memory after a full collection (node runs it with --expose-gc).
 */

const CHUNK_BYTES = 1024 * 1024;

const env = loadEnv();
const db = await prepareDatabase(env);
const app = await buildApp({ env, db, logStream: new BatchedLogOutput() });

// A body held whole in memory: a JSON string, or a Buffer of the same bytes.
app.get<{ Querystring: { bytes: string; kind: string } }>(
  "/test-only/answer",
  async (request, reply) => {
    const bytes = Number(request.query.bytes);
    const text = `{"padding":"${"x".repeat(bytes - 14)}"}`;
    reply.type("application/json; charset=utf-8").header("cache-control", "public, max-age=60");
    return reply.send(request.query.kind === "buffer" ? Buffer.from(text) : text);
  },
);

// A stream of 1 MiB chunks whose last chunk waits until /test-only/release is called: a guard that
// collected the stream before sending it would never send the first chunk.
let release = () => {};
app.get<{ Querystring: { bytes: string } }>("/test-only/stream", async (request, reply) => {
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* chunks(total: number) {
    for (let sent = 0; sent < total; sent += CHUNK_BYTES) {
      if (sent + CHUNK_BYTES >= total) await released;
      yield Buffer.alloc(Math.min(CHUNK_BYTES, total - sent), 0x61);
    }
  }
  return reply
    .type("application/octet-stream")
    .send(Readable.from(chunks(Number(request.query.bytes)), { objectMode: false }));
});
app.get("/test-only/release", async () => {
  release();
  return { released: true };
});

app.get("/test-only/memory", async () => {
  globalThis.gc?.();
  return process.memoryUsage();
});

await app.listen({ port: env.port, host: env.host });
