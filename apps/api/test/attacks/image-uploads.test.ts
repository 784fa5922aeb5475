import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { IMAGE_UPLOAD_LIMITS, MESSAGES } from "@artifact-atlas/shared";
import { MAX_UPLOADS_AT_ONCE } from "../../src/store/image-store";
import { jpeg } from "../support/images";
import { signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import { expectHealthyWithinASecond, healthyThroughout, residentMegabytes } from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * POST /images against the real server process with npm start's heap cap: the one route whose body
 * may be 15 MB. Each attack leaves the server up, answering /healthz within a second, and within
 * its memory budget (docs/operations.md: systemd's MemoryHigh is 384 MB).
 */

const MEMORY_HIGH_MB = 384;

let dir: string;
let server: ServerProcess;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-image-uploads-"));
  server = await startServer({ databasePath: join(dir, "atlas.db"), productionNodeOptions: true });
  cookie = await signUpOn(server.url, "uploader@example.com");
});

afterAll(async () => {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
});

function post(file: Buffer, headers: Record<string, string> = {}, filename = "photo.jpg") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), filename);
  return fetch(`${server.url}/images`, { method: "POST", headers, body: form });
}

/** The images the server keeps (its images folder is made when it starts). */
const imageFolders = () =>
  readdirSync(join(dir, "images")).filter((name) => name !== ".incoming").length;

describe("POST /images under attack", () => {
  it("refuses a visitor who is not signed in, and a write from another site", async () => {
    const file = await jpeg(200, 100);
    const anonymous = await post(file);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: MESSAGES.signInRequired });
    const forged = await post(file, { cookie, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: MESSAGES.crossOriginRefused });
  });

  it("refuses a file over 15 MB with its message and keeps nothing", async () => {
    const before = imageFolders();
    const huge = Buffer.alloc(IMAGE_UPLOAD_LIMITS.maxBytes + 1024 * 1024, 7);
    const response = await post(huge, { cookie });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: MESSAGES.imageTooLarge });
    expect(imageFolders()).toBe(before);
    expect(readdirSync(join(dir, "images", ".incoming"))).toEqual([]);
    await expectHealthyWithinASecond(server.url);
  });

  it("refuses decompression bombs without decoding them", async () => {
    // 10,000 x 10,000 pixels of one grey (100 megapixels, 300 MB decoded) in a small PNG.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: "#808080" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const attack = Promise.all(Array.from({ length: 3 }, () => post(bomb, { cookie }, "bomb.png")));
    await healthyThroughout(server.url, attack);
    for (const response of await attack) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: MESSAGES.imageTooManyPixels });
    }
    expect(residentMegabytes(server.child.pid as number)).toBeLessThan(MEMORY_HIGH_MB);
  });

  it("answers 503 with Retry-After past the uploads it takes on at once, and stays within memory", async () => {
    const files = await Promise.all(
      Array.from({ length: 12 }, (_, index) => jpeg(3000 + index, 2000)),
    );
    let peakMb = 0;
    const sampling = setInterval(() => {
      peakMb = Math.max(peakMb, residentMegabytes(server.child.pid as number));
    }, 50);
    const attack = Promise.all(files.map((file) => post(file, { cookie })));
    try {
      await healthyThroughout(server.url, attack);
    } finally {
      clearInterval(sampling);
    }
    const responses = await attack;
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(
      MAX_UPLOADS_AT_ONCE,
    );
    const refused = responses.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    for (const response of refused) {
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ error: MESSAGES.imageUploadsBusy });
    }
    expect(peakMb).toBeLessThan(MEMORY_HIGH_MB);
    // The slots are all given back: a new upload goes through.
    expect((await post(await jpeg(640, 480), { cookie })).status).toBe(201);
  });

  it("cuts a slow upload off after the request timeout and gives its slot back", async () => {
    const { hostname, port } = new URL(server.url);
    const boundary = "----slowupload";
    const senders = Array.from(
      { length: MAX_UPLOADS_AT_ONCE },
      () =>
        new Promise<{ answer: string; tookMs: number }>((resolve) => {
          const started = Date.now();
          const socket = connect(Number(port), hostname);
          let answer = "";
          let timer: NodeJS.Timeout | undefined;
          const finish = () => {
            clearInterval(timer);
            socket.destroy();
            resolve({ answer, tookMs: Date.now() - started });
          };
          socket.on("connect", () => {
            socket.write(
              `POST /images HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${cookie}\r\n` +
                `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
                `Content-Length: ${5 * 1024 * 1024}\r\n\r\n--${boundary}\r\n` +
                'Content-Disposition: form-data; name="file"; filename="slow.jpg"\r\n' +
                "Content-Type: image/jpeg\r\n\r\n",
            );
            // 100 bytes every 10 ms: 10 kB/s, a 5 MB photo in over eight minutes.
            timer = setInterval(() => socket.write(Buffer.alloc(100, 1)), 10);
          });
          socket.on("data", (chunk) => (answer += chunk.toString()));
          socket.on("error", finish);
          socket.on("close", finish);
          setTimeout(finish, 30_000);
        }),
    );
    const attack = Promise.all(senders);
    await healthyThroughout(server.url, attack);
    for (const { answer, tookMs } of await attack) {
      expect(tookMs).toBeLessThan(20_000);
      expect(["", "HTTP/1.1 408 Request Timeout"]).toContain(answer.slice(0, 28));
    }
    // Every slot came back: an upload after them is taken.
    expect((await post(await jpeg(400, 300), { cookie })).status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  });
});
