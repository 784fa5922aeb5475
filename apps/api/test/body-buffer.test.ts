import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bufferedBody } from "../src/plugins/body-buffer";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./support/app";

/** A request body may arrive in any number of pieces; the parsers see it whole. */

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function bytewise(text: string): Readable {
  return Readable.from(
    [...Buffer.from(text)].map((byte) => Buffer.from([byte])),
    { objectMode: false },
  );
}

describe("bufferedBody", () => {
  it("hands on a body sent a byte at a time as one buffer, whatever the Content-Length says", async () => {
    const text = JSON.stringify({ name: "Ögedei’s seal", note: "x".repeat(5_000) });
    for (const declared of [Buffer.byteLength(text), 0, 10]) {
      const chunks: Buffer[] = [];
      for await (const chunk of bufferedBody(bytewise(text), declared, 64 * 1024)) {
        chunks.push(chunk as Buffer);
      }
      expect(chunks).toHaveLength(1);
      expect(Buffer.concat(chunks).toString()).toBe(text);
    }
  });

  it("lets the bytes past the limit through, for Fastify to refuse", async () => {
    const text = "y".repeat(100);
    const out = await collect(bufferedBody(bytewise(text), 0, 40));
    expect(out.toString()).toBe(text);
  });
});

describe("bodies through the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("signs up with a body sent a byte at a time", async () => {
    const body = JSON.stringify({
      userName: "Slow Sender",
      email: "slow@example.com",
      password: "Secret123",
    });
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.signup",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: bytewise(body),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.email).toBe("slow@example.com");
  });

  it("refuses a chunked body over 64 kB with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/artifacts",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: Readable.from(Array.from({ length: 70 }, () => Buffer.alloc(1024, 0x61))),
    });
    expect(response.statusCode).toBe(413);
  });
});
