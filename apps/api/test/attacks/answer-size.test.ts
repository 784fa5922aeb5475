import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LIMITS,
  MY_ARTIFACTS_PAGE_SIZE,
  TRPC_MAX_BATCH_SIZE,
  type MyArtifactsPage,
} from "@artifact-atlas/shared";
import { MAX_ANSWER_BYTES } from "../../src/plugins/answer-size";
import { maximumArtifact } from "../support/artifacts";
import { request, signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { expectHealthyWithinASecond } from "./support";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/*
 * Answers above a size are refused (docs/decisions/081-answers-above-a-size.md): behind the pages
 * and the batch cap, one guard refuses any body held whole in memory over MAX_ANSWER_BYTES, and
 * leaves streams alone. The server is the product's app from its factory with routes that only
 * this test adds (test/support/answer-size-server.ts), under npm start's heap cap.
 */

const MiB = 1024 * 1024;
/** Clients that ask for an over-sized answer and then read no further. */
const STALLED_READERS = 8;

let dir: string;
let server: ServerProcess;
let cookie: string;

async function processMemory(): Promise<{ rss: number; heapUsed: number }> {
  const answer = await fetch(`${server.url}/test-only/memory`);
  return (await answer.json()) as { rss: number; heapUsed: number };
}

/**
 * Asks for an over-sized answer over a plain socket and reads only its first packet: the answer's
 * head (and, when refused, its whole small body). The socket stays open, its reader stalled.
 */
function stalledReader(bytes: number): Promise<{ socket: Socket; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(`GET /test-only/answer?bytes=${bytes}&kind=string HTTP/1.1\r\nHost: a\r\n\r\n`);
    });
    socket.once("data", (chunk: Buffer) => {
      socket.pause();
      resolve({ socket, head: chunk.toString("latin1").split("\r\n\r\n")[0] ?? "" });
    });
    socket.once("error", reject);
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-answer-size-"));
  server = await startServer({
    databasePath: join(dir, "atlas.db"),
    productionNodeOptions: true,
    nodeOptions: ["--expose-gc"],
    script: "apps/api/test/support/answer-size-server.ts",
  });
  cookie = await signUpOn(server.url, "maximal@example.com");
  for (let index = 0; index < MY_ARTIFACTS_PAGE_SIZE; index += 1) {
    const created = await request(server.url, "POST", "/trpc/artifacts.create", {
      cookie,
      body: maximumArtifact(index, "文"),
    });
    expect(created.status).toBe(200);
  }
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

describe("an answer body above MAX_ANSWER_BYTES", () => {
  it("leaves the largest legitimate answer alone: a full batch of full pages of maximal artifacts", async () => {
    const calls = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => "artifacts.mine").join(",");
    const inputs = Object.fromEntries(
      Array.from({ length: TRPC_MAX_BATCH_SIZE }, (_, i) => [i, {}]),
    );
    const answer = await fetch(
      `${server.url}/trpc/${calls}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`,
      { headers: { cookie } },
    );
    const body = await answer.text();
    const bytes = Buffer.byteLength(body);

    expect(answer.status).toBe(200);
    const pages = (JSON.parse(body) as { result: { data: MyArtifactsPage } }[]).map(
      (call) => call.result.data,
    );
    expect(pages.map((page) => page.items.length)).toEqual(
      Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => MY_ARTIFACTS_PAGE_SIZE),
    );
    // Every artifact is at its longest in 3-byte characters: no page can be larger.
    expect(bytes).toBeGreaterThan(
      TRPC_MAX_BATCH_SIZE * MY_ARTIFACTS_PAGE_SIZE * LIMITS.historicalContext * 3,
    );
    // With room for three versions of each (a review queue entry of an edit).
    expect(bytes * 3).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it.each(["string", "buffer"])(
    "is refused, as a %s, with a 500 in the product's error shape and a logged reason",
    async (kind) => {
      const atTheBound = await fetch(
        `${server.url}/test-only/answer?bytes=${MAX_ANSWER_BYTES}&kind=${kind}`,
      );
      expect(atTheBound.status).toBe(200);
      expect((await atTheBound.arrayBuffer()).byteLength).toBe(MAX_ANSWER_BYTES);

      const over = await fetch(
        `${server.url}/test-only/answer?bytes=${MAX_ANSWER_BYTES + 1}&kind=${kind}`,
      );
      expect(over.status).toBe(500);
      expect(await over.json()).toEqual({ error: "Internal server error" });
      expect(over.headers.get("content-type")).toBe("application/json; charset=utf-8");
      // The route said public; a refused answer is kept by no cache.
      expect(over.headers.get("cache-control")).toBe("no-store");
      expect(over.headers.get("content-security-policy")).toContain("default-src 'self'");
      const requestId = over.headers.get("x-request-id");

      await expect
        .poll(() =>
          server.stdout
            .map((line) => JSON.parse(line) as Record<string, unknown>)
            .filter((entry) => entry.reqId === requestId)
            .map((entry) => [
              entry.msg,
              entry.answerBytes ?? (entry.res as { statusCode: number })?.statusCode,
            ]),
        )
        .toEqual([
          ["answer too large: refused", MAX_ANSWER_BYTES + 1],
          ["request completed", 500],
        ]);
    },
  );

  it("is refused before it is written, so readers that stall hold no memory", async () => {
    const before = await processMemory();
    const readers: Socket[] = [];
    try {
      for (let index = 0; index < STALLED_READERS; index += 1) {
        const { socket, head } = await stalledReader(MAX_ANSWER_BYTES + MiB);
        readers.push(socket);
        expect(head.split("\r\n")[0]).toBe("HTTP/1.1 500 Internal Server Error");
        // Each over-sized answer was built in the heap: collect it before the next one.
        await processMemory();
      }
      const during = await processMemory();
      // Written whole, each answer would wait in the server for its reader: about 17 MB apiece.
      expect((during.rss - before.rss) / MiB).toBeLessThan(32);
      await expectHealthyWithinASecond(server.url);
    } finally {
      for (const socket of readers) socket.destroy();
    }
    await expectHealthyWithinASecond(server.url);
  });
});

describe("a streamed answer", () => {
  it("is sent as its reader takes it, however long, and never measured", async () => {
    const total = MAX_ANSWER_BYTES + 2 * MiB;
    const answer = await fetch(`${server.url}/test-only/stream?bytes=${total}`);
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    let received = 0;
    // The stream's last chunk waits for the release: a guard that collected the stream first
    // would send nothing until then, and this read would wait for ever.
    while (received < MiB) {
      const { value } = await reader.read();
      received += value?.byteLength ?? 0;
    }
    expect((await fetch(`${server.url}/test-only/release`)).status).toBe(200);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    expect(received).toBe(total);
  }, 15_000);
});
