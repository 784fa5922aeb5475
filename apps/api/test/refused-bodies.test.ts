import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_BODY_DRAIN_BYTES } from "../src/plugins/body-buffer";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";

/*
 * A body over the limit (decision 091): the client gets its 413 and the connection stays open
 * while the rest of the body arrives, up to a bound. Fastify closed it at once, and a client still
 * sending could see a reset instead of the answer.
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
    socket.write("GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n");
    await until(() => /HTTP\/1\.1 200 /.test(answered()), "the next answer");
    socket.destroy();
  });

  it("is read and thrown away only up to a bound, then the connection is closed", async () => {
    const bytes = REFUSED_BODY_DRAIN_BYTES * 4;
    const { socket, answered, closed } = await open();
    socket.write(postHeaders(bytes));
    await until(() => answered().includes("\r\n\r\n"), "the 413");
    expect(answered()).toMatch(/^HTTP\/1\.1 413 /);
    const sent = await send(socket, closed, bytes);
    await closed;
    // What the kernel's buffers hold on both sides is a few megabytes at most.
    expect(sent).toBeLessThan(REFUSED_BODY_DRAIN_BYTES * 2);
  });
});
