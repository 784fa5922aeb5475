import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { IMAGE_UPLOAD_LIMITS, MESSAGES } from "@artifact-atlas/shared";
import { MAX_UPLOADS_AT_ONCE } from "../../src/store/image-store";
import { jpeg, multipartBody } from "../support/images";
import { signUpOn, startServer, stopServer, type ServerProcess } from "../support/server";
import {
  expectHealthyWithinASecond,
  healthyThroughout,
  MEMORY_BUDGET_MB,
  residentMegabytes,
} from "./support";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

/*
 * POST /images against the real server process with npm start's heap cap: the one route whose body
 * may be 15 MB. Each attack leaves the server up, answering /healthz within a second, and within
 * its memory budget (docs/operations.md, "Memory"). The image bombs are in image-bombs.test.ts.
 */

let dir: string;
let server: ServerProcess;
let cookie: string;
/** Other accounts: an account sends one upload at a time, so a crowd of uploads needs a crowd. */
let others: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atlas-image-uploads-"));
  server = await startServer({ databasePath: join(dir, "atlas.db"), productionNodeOptions: true });
  cookie = await signUpOn(server.url, "uploader@example.com");
  others = [];
  for (let index = 0; index < 12; index += 1) {
    others.push(await signUpOn(server.url, `crowd${index}@example.com`));
  }
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
    const attack = Promise.all(
      others.slice(0, 3).map((account) => post(bomb, { cookie: account }, "bomb.png")),
    );
    await healthyThroughout(server.url, attack);
    for (const response of await attack) {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: MESSAGES.imageTooManyPixels });
    }
    expect(residentMegabytes(server.child.pid as number)).toBeLessThan(MEMORY_BUDGET_MB);
  });

  it("answers 503 with Retry-After past the uploads it takes on at once, and stays within memory", async () => {
    const files = await Promise.all(
      others.map(async (account, index) => ({ account, file: await jpeg(3000 + index, 2000) })),
    );
    let peakMb = 0;
    const sampling = setInterval(() => {
      peakMb = Math.max(peakMb, residentMegabytes(server.child.pid as number));
    }, 50);
    const attack = Promise.all(files.map(({ account, file }) => post(file, { cookie: account })));
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
    expect(peakMb).toBeLessThan(MEMORY_BUDGET_MB);
    // The slots are all given back: a new upload goes through.
    expect((await post(await jpeg(640, 480), { cookie })).status).toBe(201);
  });

  it("lets a member's upload through at once while four accounts trickle theirs in", async () => {
    const senders = others.slice(0, MAX_UPLOADS_AT_ONCE).map((account) => trickle(account));
    // Every slot of the line would have been taken by now, had trickling uploads held them.
    await new Promise((wait) => setTimeout(wait, 1_000));
    const started = Date.now();
    const response = await post(await jpeg(640, 480), { cookie });
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(5_000);
    const attack = Promise.all(senders);
    await healthyThroughout(server.url, attack);
    for (const { answer, tookMs } of await attack) {
      // Cut off by the request timeout (10 s), each with an access line saying so.
      expect(tookMs).toBeLessThan(20_000);
      expect(["", "HTTP/1.1 408 Request Timeout"]).toContain(answer.slice(0, 28));
    }
    await waitFor(() => droppedLines(408).length >= MAX_UPLOADS_AT_ONCE);
    expect(droppedLines(408)).toHaveLength(MAX_UPLOADS_AT_ONCE);
    expect(server.child.exitCode).toBeNull();
  });

  it("holds one account to one upload at a time, its own trickling one included", async () => {
    const trickling = trickle(others[4] as string);
    await new Promise((wait) => setTimeout(wait, 500));
    const second = await post(await jpeg(400, 300), { cookie: others[4] as string });
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("5");
    expect(await second.json()).toEqual({ error: MESSAGES.imageUploadInProgress });
    await trickling;
    // Its trickling upload cut off, the account may upload again.
    expect((await post(await jpeg(400, 300), { cookie: others[4] as string })).status).toBe(201);
  });

  it("stops the work of clients that leave before their answer, frees their slots and logs them", async () => {
    const before = imageFolders();
    const leaving = others.slice(5, 5 + MAX_UPLOADS_AT_ONCE);
    // 49 megapixels each (just under the limit): processing one takes longer than the 300 ms its
    // client waits before leaving, on any machine; a smaller photo could be answered before.
    const photos = await Promise.all(leaving.map((_, index) => jpeg(7000 + index, 7000)));
    // Each sends a whole photo, then leaves while it waits in line or is being processed.
    await Promise.all(
      leaving.map((account, index) => sendAndLeave(photos[index] as Buffer, account)),
    );
    const started = Date.now();
    const response = await post(await jpeg(800, 600), { cookie });
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Nothing was kept of the uploads whose clients left: only the member's image.
    expect(imageFolders()).toBe(before + 1);
    await waitFor(() => droppedLines(499).length >= MAX_UPLOADS_AT_ONCE);
    expect(droppedLines(499)).toHaveLength(MAX_UPLOADS_AT_ONCE);
    for (const line of droppedLines(499)) {
      expect(line).toMatchObject({
        level: 30,
        req: { method: "POST", url: "/images", remoteAddress: "127.0.0.1" },
        msg: "request aborted: the client left before the answer",
      });
      expect(line.responseTime).toBeGreaterThan(0);
    }
  });
});

/** The access lines of uploads whose connection closed before their answer, with `status`. */
function droppedLines(status: 408 | 499): Record<string, unknown>[] {
  return server.stdout
    .filter((line) => line.includes("request aborted"))
    .map((line) => JSON.parse(line) as { res: { statusCode: number } })
    .filter((line) => line.res.statusCode === status);
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 50 && !condition(); tries += 1) {
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** Opens an upload of 5 MB and sends it 100 bytes every 10 ms (over eight minutes in all). */
function trickle(account: string): Promise<{ answer: string; tookMs: number }> {
  const { hostname, port } = new URL(server.url);
  const boundary = "----slowupload";
  return new Promise((resolve) => {
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
        `POST /images HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${account}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${5 * 1024 * 1024}\r\n\r\n--${boundary}\r\n` +
          'Content-Disposition: form-data; name="file"; filename="slow.jpg"\r\n' +
          "Content-Type: image/jpeg\r\n\r\n",
      );
      timer = setInterval(() => socket.write(Buffer.alloc(100, 1)), 10);
    });
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", finish);
    socket.on("close", finish);
    setTimeout(finish, 30_000);
  });
}

/** Sends a whole upload, waits until the server has it, and closes the connection unanswered. */
function sendAndLeave(file: Buffer, account: string): Promise<void> {
  const { hostname, port } = new URL(server.url);
  const { payload, contentType } = multipartBody(file);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST /images HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${account}\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload, () => {
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    socket.on("error", () => resolve());
  });
}
