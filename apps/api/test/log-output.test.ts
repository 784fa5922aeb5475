import { execFile, execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { Socket, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BatchedLogOutput } from "../src/log-output";
import type { LogStream } from "../src/logging";
import { createTestApp, type TestApp } from "./support/app";
import { API_DIR } from "./support/server";

/*
 * The server's stdout: JSON lines written in batches, none lost when the process ends, and never a
 * wait for a reader that has stopped reading (lines beyond a bound are dropped, counted and
 * reported). The output writes into a real pipe, as it does under journald, docker or a shell.
 */

/**
 * A FIFO: the output writes to one end through a socket, as Node writes to a piped stdout; the test
 * reads the other end without waiting, or stops reading to play a stalled log reader.
 */
function openPipe(folder: string) {
  const path = join(folder, "pipe");
  execFileSync("mkfifo", [path]);
  // The read end first: opening the write end of a FIFO that has no reader fails.
  const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  const writer = new Socket({ fd: writeFd, readable: false, writable: true });
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(64 * 1024);
  return {
    writer,
    /** Takes what the pipe holds now and answers everything read so far. */
    received(): string {
      for (;;) {
        let count: number;
        try {
          count = readSync(readFd, buffer);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "EAGAIN") break;
          throw error;
        }
        if (count === 0) break;
        chunks.push(Buffer.from(buffer.subarray(0, count)));
      }
      return Buffer.concat(chunks).toString("utf8");
    },
    close() {
      writer.destroy();
      closeSync(readFd);
    },
  };
}

type Pipe = ReturnType<typeof openPipe>;

let folder: string;
let pipe: Pipe;
let output: BatchedLogOutput;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "atlas-log-output-"));
  pipe = openPipe(folder);
  output = new BatchedLogOutput(pipe.writer);
});

afterEach(() => {
  output.close();
  pipe.close();
  rmSync(folder, { recursive: true, force: true });
});

const line = (n: number) => `${JSON.stringify({ n, msg: "request completed" })}\n`;

/** Waits (reading the pipe meanwhile) until `done` holds; fails after `timeoutMs`. */
async function readUntil(done: (text: string) => boolean, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = pipe.received();
    if (done(text)) return text;
    if (Date.now() > deadline) throw new Error(`gave up waiting; read so far:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const isDroppedLinesLine = (entry: Record<string, unknown>) => "droppedLines" in entry;

/** The whole lines of `text`, parsed (a read can end inside a line). */
function parse(text: string): Record<string, unknown>[] {
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The lines that came through, the lines that say how many were dropped, and their sum. */
function account(text: string) {
  const entries = parse(text);
  const reports = entries.filter(isDroppedLinesLine);
  const dropped = reports.reduce((sum, entry) => sum + (entry.droppedLines as number), 0);
  return { entries, kept: entries.filter((entry) => !isDroppedLinesLine(entry)), reports, dropped };
}

it("keeps a few lines until a flush, then writes them in order", () => {
  output.write(line(1));
  output.write(line(2));
  expect(pipe.received()).toBe("");
  output.flush();
  expect(pipe.received()).toBe(line(1) + line(2));
});

it("writes a batch as soon as 4 KB is waiting", () => {
  const lines = Array.from({ length: 200 }, (_, n) => line(n));
  for (const text of lines) output.write(text);
  const text = pipe.received();
  expect(text.length).toBeGreaterThanOrEqual(4096);
  expect(lines.join("").startsWith(text)).toBe(true);
  output.flush();
  expect(pipe.received()).toBe(lines.join(""));
});

it("writes a waiting line within a fraction of a second on a quiet server", async () => {
  output.write(line(1));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(pipe.received()).toBe(line(1));
});

describe("a log reader that stops reading", () => {
  const MAX_WAITING_BYTES = 16 * 1024;

  beforeEach(() => {
    output.close();
    output = new BatchedLogOutput(pipe.writer, { maxWaitingBytes: MAX_WAITING_BYTES });
  });

  it("is never waited for: lines beyond the bound are dropped, counted and reported once it reads again", async () => {
    // Far more than the pipe (64 KB on Linux) and the bound hold together.
    const lines = Array.from({ length: 5_000 }, (_, n) => line(n));
    let mostWaiting = 0;
    for (const text of lines) {
      output.write(text);
      mostWaiting = Math.max(mostWaiting, output.waitingBytes);
    }
    output.flush();
    expect(mostWaiting).toBeGreaterThan(0);
    expect(mostWaiting).toBeLessThanOrEqual(MAX_WAITING_BYTES);

    // The reader catches up: every line written either came through or was counted.
    const text = await readUntil((read) => {
      const { kept, dropped } = account(read);
      return kept.length + dropped === lines.length;
    });
    const { entries, kept, reports, dropped } = account(text);
    expect(dropped).toBeGreaterThan(0);
    expect(reports).toHaveLength(1);
    expect(entries.at(-1)).toMatchObject({
      level: 40,
      pid: process.pid,
      droppedLines: dropped,
      msg: expect.any(String),
    });
    // Whole lines, the first ones, in order: what was dropped is the end of the run.
    expect(kept.map((entry) => entry.n)).toEqual(kept.map((_, index) => index));
    expect(output.waitingBytes).toBe(0);

    // Later lines are written again, after the report.
    output.write(line(-1));
    output.flush();
    expect(parse(pipe.received()).at(-1)).toEqual({ n: -1, msg: "request completed" });
  });

  it("lets the server answer every request meanwhile, and accounts for every line", async () => {
    let linesWritten = 0;
    const counting: LogStream = {
      write(text) {
        linesWritten += 1;
        output.write(text);
      },
    };
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: counting });
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as AddressInfo;
      const filler = "x".repeat(200);

      // Nobody reads the pipe until every request was answered.
      const requests = 1_000;
      const concurrency = 20;
      let slowestMs = 0;
      let mostWaiting = 0;
      for (let first = 0; first < requests; first += concurrency) {
        const started = Date.now();
        const statuses = await Promise.all(
          Array.from({ length: concurrency }, async (_, index) => {
            const url = `http://127.0.0.1:${port}/healthz?n=${first + index}&filler=${filler}`;
            const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
            await response.arrayBuffer();
            return response.status;
          }),
        );
        slowestMs = Math.max(slowestMs, Date.now() - started);
        mostWaiting = Math.max(mostWaiting, output.waitingBytes);
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
      expect(slowestMs).toBeLessThan(1_000);
      expect(mostWaiting).toBeLessThanOrEqual(MAX_WAITING_BYTES);

      // The reader catches up: every line written either came through or was counted.
      const text = await readUntil((read) => {
        const { kept, dropped } = account(read);
        return kept.length + dropped === linesWritten;
      });
      const { kept, dropped } = account(text);
      expect(dropped).toBeGreaterThan(0);
      const accessLines = kept.filter((entry) => entry.msg === "request completed");
      expect(accessLines.length).toBeGreaterThan(0);
      expect(accessLines.length + dropped).toBeGreaterThanOrEqual(requests);
    } finally {
      await t?.close();
    }
  });
});

it("writes what is waiting when the process dies of an uncaught error", async () => {
  const script = join(folder, "crash.ts");
  writeFileSync(
    script,
    `import { BatchedLogOutput } from ${JSON.stringify(join(API_DIR, "src/log-output.ts"))};
     const output = new BatchedLogOutput();
     output.write('{"msg":"last words"}\\n');
     throw new Error("boom");`,
  );
  const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    execFile(process.execPath, ["--import", "tsx", script], { cwd: API_DIR }, (error, stdout) =>
      resolve({ code: error ? (error.code as number) : 0, stdout }),
    );
  });
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('{"msg":"last words"}\n');
});

it("says at exit how many lines it dropped, even beyond the bound", async () => {
  const script = join(folder, "exit.ts");
  // Two of these 21-byte lines fill the bound and the third is dropped; the process exits before
  // any flush.
  writeFileSync(
    script,
    `import { BatchedLogOutput } from ${JSON.stringify(join(API_DIR, "src/log-output.ts"))};
     const output = new BatchedLogOutput(process.stdout, { maxWaitingBytes: 42 });
     for (const n of [1, 2, 3]) output.write(JSON.stringify({ n, msg: "xxxx" }) + "\\n");
     process.exit(0);`,
  );
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ["--import", "tsx", script], { cwd: API_DIR }, (error, text) =>
      error ? reject(error) : resolve(text),
    );
  });
  const entries = parse(stdout);
  expect(entries.slice(0, 2)).toEqual([
    { n: 1, msg: "xxxx" },
    { n: 2, msg: "xxxx" },
  ]);
  expect(entries[2]).toMatchObject({ level: 40, droppedLines: 1 });
  expect(entries).toHaveLength(3);
});
