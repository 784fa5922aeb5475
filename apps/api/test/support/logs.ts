import { Writable } from "node:stream";

/** Collects the app's JSON log lines in memory, for tests that read what was logged. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return {
    stream,
    lines,
    /** Every line parsed as JSON (the logger writes nothing else). */
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
