import { hostname } from "node:os";
import type { Writable } from "node:stream";

/*
 * Where the server's JSON log lines go: standard output, in batches
 * (docs/decisions/014-batched-log-output.md). Written one by one, every access line was a system
 * call per request and woke the log reader (journald, docker, a pipe) as often; pino's own
 * buffered destination measures the length of its whole buffer again on every line, which cost
 * more than the write it saved (docs/benchmarks.md).
 *
 * Writing never waits for the reader. A reader that stops reading (a paused `docker logs`, a
 * stuck journald, a pager left open) must cost log lines, never the server's answers: lines wait
 * here and in the stream's own queue up to a bound in bytes, a line beyond it is dropped and
 * counted, and once there is room again a line says how many were dropped.
 */

/** A batch is written once this much is waiting (about fifteen access lines)... */
const BATCH_BYTES = 4096;
/** ...or when this much time has passed, so a quiet server's lines still show up at once. */
const FLUSH_INTERVAL_MS = 100;
/**
 * The most bytes of lines that may wait for a reader, here and in the stream's queue: a few
 * thousand access lines, enough to ride out a reader's hiccup and small beside the heap.
 */
export const MAX_WAITING_BYTES = 1024 * 1024;

const HOSTNAME = hostname();

/** The line that stands where lines were dropped, shaped like pino's lines (level 40 is warn). */
function droppedLinesLine(droppedLines: number): string {
  const entry = {
    level: 40,
    time: Date.now(),
    pid: process.pid,
    hostname: HOSTNAME,
    droppedLines,
    msg: "log lines dropped: the log reader did not keep up",
  };
  return `${JSON.stringify(entry)}\n`;
}

export interface BatchedLogOutputOptions {
  /** Tests use a small bound to reach it quickly. */
  maxWaitingBytes?: number;
}

export class BatchedLogOutput {
  readonly #destination: Writable;
  readonly #maxWaitingBytes: number;
  #lines: string[] = [];
  #bytes = 0;
  /** Lines dropped since the last line that said so. */
  #droppedLines = 0;
  /** The stream failed (EPIPE: the reader has gone away); nobody is left to read. */
  #broken = false;
  readonly #timer: NodeJS.Timeout;
  readonly #flush = () => this.flush();
  readonly #flushOnExit = () => this.#flushAtExit();
  readonly #onError = () => {
    this.#broken = true;
  };

  /**
   * Whatever is waiting is written every 100 ms, as soon as a stalled reader has caught up (the
   * stream's `drain`) and when the process exits, whether normally, on an uncaught error or after
   * SIGTERM/SIGINT. `destination` is standard output in the server: for a pipe or a socket Node
   * writes without blocking and queues what the reader has not taken yet.
   */
  constructor(destination: Writable = process.stdout, options: BatchedLogOutputOptions = {}) {
    this.#destination = destination;
    this.#maxWaitingBytes = options.maxWaitingBytes ?? MAX_WAITING_BYTES;
    this.#timer = setInterval(this.#flush, FLUSH_INTERVAL_MS).unref();
    destination.on("drain", this.#flush);
    // Without a listener, a reader that went away would end the process with an uncaught EPIPE.
    destination.on("error", this.#onError);
    process.on("exit", this.#flushOnExit);
  }

  /** Bytes of lines not yet taken by the reader: waiting here, and queued in the stream. */
  get waitingBytes(): number {
    return this.#bytes + this.#destination.writableLength;
  }

  /** pino's side: one JSON line, newline included. */
  write(line: string): void {
    if (this.#broken) return;
    const bytes = Buffer.byteLength(line, "utf8");
    if (this.#droppedLines > 0) this.#reportDroppedLines();
    if (this.#droppedLines > 0 || !this.#hasRoomFor(bytes)) {
      this.#droppedLines += 1;
      return;
    }
    this.#add(line, bytes);
    if (this.#bytes >= BATCH_BYTES) this.flush();
  }

  flush(): void {
    if (this.#broken) return;
    if (this.#droppedLines > 0) this.#reportDroppedLines();
    if (this.#lines.length === 0) return;
    const text = this.#lines.join("");
    this.#lines = [];
    this.#bytes = 0;
    // Bytes, not a string: the stream counts a queued string in characters, and the bound is bytes.
    this.#destination.write(Buffer.from(text, "utf8"));
  }

  /** Writes what is waiting and lets go of the stream (tests; the server's output lives as long as it). */
  close(): void {
    this.flush();
    clearInterval(this.#timer);
    this.#destination.off("drain", this.#flush);
    this.#destination.off("error", this.#onError);
    process.off("exit", this.#flushOnExit);
  }

  #hasRoomFor(bytes: number): boolean {
    return this.waitingBytes + bytes <= this.#maxWaitingBytes;
  }

  #add(line: string, bytes: number): void {
    this.#lines.push(line);
    this.#bytes += bytes;
  }

  /**
   * Once lines were dropped, none is kept until the reader has taken everything queued; then the
   * line that counts them goes first. A reader that keeps falling behind sees one gap and its
   * count, not a line kept here and there.
   */
  #reportDroppedLines(): void {
    if (this.#destination.writableLength > 0) return;
    const line = droppedLinesLine(this.#droppedLines);
    const bytes = Buffer.byteLength(line, "utf8");
    if (!this.#hasRoomFor(bytes)) return;
    this.#add(line, bytes);
    this.#droppedLines = 0;
  }

  /**
   * Nothing is left to protect at exit, so the count of dropped lines is added even beyond the
   * bound. Best effort: Node writes to a pipe at once only when nothing is queued before it, and
   * what is still queued when the process ends is lost.
   */
  #flushAtExit(): void {
    if (this.#droppedLines > 0) {
      const line = droppedLinesLine(this.#droppedLines);
      this.#add(line, Buffer.byteLength(line, "utf8"));
      this.#droppedLines = 0;
    }
    this.flush();
  }
}
