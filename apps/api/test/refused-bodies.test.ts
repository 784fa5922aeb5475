import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREAD_BODY_DRAIN_BYTES } from "../src/plugins/body-buffer";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";

/*
 * A body its answer did not wait for (decision 091): a 413 over the limit, or an answer that never
 * read it. The client gets the answer and the connection stays open while the rest of the body
 * arrives, up to a bound. Fastify closed it at once after a 413, and a client still sending could
 * see a reset instead of the answer; after an answer that never read it, the connection stalled
 * until the request timeout.
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** A connection to the server, with everything it has answered so far and whether it closed. */
async function open(): Promise<{ socket: Socket; answered: () => string; closed: Promise<void> }> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let answered = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (answered += chunk));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, answered: () => answered, closed };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5_000) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const postHeaders = (bytes: number) =>
  `POST /trpc/auth.login HTTP/1.1\r\nhost: localhost\r\norigin: ${TEST_ORIGIN}\r\n` +
  `content-type: application/json\r\ncontent-length: ${bytes}\r\n\r\n`;

const nextRequest = "GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n";

/** Writes up to `bytes` of body, taking the socket's pace, until it closes; answers how many. */
async function send(socket: Socket, closed: Promise<void>, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(256 * 1024, "a");
  let sent = 0;
  while (sent < bytes && !socket.destroyed) {
    const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
    sent += part.length;
    if (!socket.write(part)) {
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
    }
  }
  return sent;
}

describe("a body over the limit", () => {
  it("gets its 413 while it is still being sent, and the connection serves the next request", async () => {
    const bytes = 2 * 1024 * 1024;
    const { socket, answered, closed } = await open();
    socket.write(postHeaders(bytes));
    // The answer comes from the Content-Length alone, before any byte of the body.
    await until(() => answered().includes("\r\n\r\n"), "the 413");
    expect(answered()).toMatch(/^HTTP\/1\.1 413 /);
    expect(answered().toLowerCase()).not.toContain("connection: close");
    expect(await send(socket, closed, bytes)).toBe(bytes);
    socket.write(nextRequest);
    await until(() => /HTTP\/1\.1 200 /.test(answered()), "the next answer");
    socket.destroy();
  });

  it("gets its 413 when it has no Content-Length, and the connection serves the next request", async () => {
    const { socket, answered } = await open();
    socket.write(
      `POST /trpc/auth.login HTTP/1.1\r\nhost: localhost\r\norigin: ${TEST_ORIGIN}\r\n` +
        "content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n",
    );
    const chunk = "a".repeat(16 * 1024);
    // 128 KiB in chunks: the server refuses it once it has read more than its limit of 64 KiB.
    for (let i = 0; i < 8; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    await until(() => answered().includes("\r\n\r\n"), "the 413");
    expect(answered()).toMatch(/^HTTP\/1\.1 413 /);
    socket.write("0\r\n\r\n" + nextRequest);
    await until(() => /HTTP\/1\.1 200 /.test(answered()), "the next answer");
    socket.destroy();
  });

  it("is read after an answer that never read it, and the connection serves the next request", async () => {
    // A GET's body is never parsed: /healthz answers without it.
    const bytes = 1024 * 1024;
    const { socket, answered, closed } = await open();
    socket.write(`GET /healthz HTTP/1.1\r\nhost: localhost\r\ncontent-length: ${bytes}\r\n\r\n`);
    await until(() => answered().includes("\r\n\r\n"), "the first answer");
    expect(answered()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await send(socket, closed, bytes)).toBe(bytes);
    socket.write(nextRequest);
    await until(() => answered().match(/HTTP\/1\.1 200 /g)?.length === 2, "the next answer");
    socket.destroy();
  });

  it("is cut off before the request timeout, with no second answer after its 413", async () => {
    const { socket, answered, closed } = await open();
    socket.write(postHeaders(1024 * 1024));
    await until(() => answered().includes("\r\n\r\n"), "the 413");
    // A client that sends too slowly: a few bytes every 100 ms.
    const trickle = setInterval(() => socket.write("aaaa"), 100);
    await closed;
    clearInterval(trickle);
    expect(answered()).toMatch(/^HTTP\/1\.1 413 /);
    expect(answered()).not.toMatch(/HTTP\/1\.1 408/);
  }, 20_000);

  it("is read and thrown away only up to a bound, then the connection is closed", async () => {
    const bytes = UNREAD_BODY_DRAIN_BYTES * 4;
    const { socket, answered, closed } = await open();
    socket.write(postHeaders(bytes));
    await until(() => answered().includes("\r\n\r\n"), "the 413");
    expect(answered()).toMatch(/^HTTP\/1\.1 413 /);
    const sent = await send(socket, closed, bytes);
    await closed;
    // What the kernel's buffers hold on both sides is a few megabytes at most.
    expect(sent).toBeLessThan(UNREAD_BODY_DRAIN_BYTES * 2);
  });
});
