import { writeSync } from "node:fs";

/*
 * Where the server's JSON log lines go: standard output, in batches
 * (docs/decisions/014-batched-log-output.md). Written one by one, every access line was a system
 * call per request and woke the log reader (journald, docker, a pipe) as often; pino's own
 * buffered destination measures the length of its whole buffer again on every line, which cost
 * more than the write it saved (docs/benchmarks.md).
 */

/** A batch is written once this much is waiting (about fifteen access lines)... */
const BATCH_CHARS = 4096;
/** ...or when this much time has passed, so a quiet server's lines still show up at once. */
const FLUSH_INTERVAL_MS = 100;
/** How long to wait for a reader that has let the pipe fill up before trying again. */
const FULL_PIPE_WAIT_MS = 10;

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes `text` completely to `fd`, synchronously. A full pipe (EAGAIN) waits for the reader, as
 * writing line by line did; once the reader has gone away (EPIPE) nobody is left to read.
 */
function writeFully(fd: number, text: string): "written" | "reader gone" {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") Atomics.wait(pause, 0, 0, FULL_PIPE_WAIT_MS);
      else if (code === "EPIPE") return "reader gone";
      else throw error;
    }
  }
  return "written";
}

export class BatchedLogOutput {
  readonly #fd: number;
  #lines: string[] = [];
  #chars = 0;
  #readerGone = false;
  readonly #timer: NodeJS.Timeout;
  readonly #flushOnExit = () => this.flush();

  /**
   * Whatever is waiting is written every 100 ms and when the process exits, whether normally, on
   * an uncaught error or after SIGTERM/SIGINT: only a power cut or SIGKILL loses the last 100 ms.
   */
  constructor(fd = 1) {
    this.#fd = fd;
    this.#timer = setInterval(() => this.flush(), FLUSH_INTERVAL_MS).unref();
    process.on("exit", this.#flushOnExit);
  }

  /** pino's side: one JSON line, newline included. */
  write(line: string): void {
    if (this.#readerGone) return;
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= BATCH_CHARS) this.flush();
  }

  flush(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join("");
    this.#lines = [];
    this.#chars = 0;
    if (writeFully(this.#fd, text) === "reader gone") this.#readerGone = true;
  }

  /** Writes what is waiting and stops the timer (tests; the server's output lives as long as it). */
  close(): void {
    this.flush();
    clearInterval(this.#timer);
    process.off("exit", this.#flushOnExit);
  }
}
