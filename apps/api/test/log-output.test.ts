import { execFile } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { BatchedLogOutput } from "../src/log-output";
import { API_DIR } from "./support/server";

/* The server's stdout: JSON lines written in batches, none lost when the process ends. */

let folder: string;
let file: string;
let fd: number;
let output: BatchedLogOutput;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "atlas-log-output-"));
  file = join(folder, "out.log");
  fd = openSync(file, "w");
  output = new BatchedLogOutput(fd);
});

afterEach(() => {
  output.close();
  closeSync(fd);
  rmSync(folder, { recursive: true, force: true });
});

const written = () => readFileSync(file, "utf8");
const line = (n: number) => `${JSON.stringify({ n, msg: "request completed" })}\n`;

it("keeps a few lines until a flush, then writes them in order", () => {
  output.write(line(1));
  output.write(line(2));
  expect(written()).toBe("");
  output.flush();
  expect(written()).toBe(line(1) + line(2));
});

it("writes a batch as soon as 4 KB is waiting", () => {
  const lines = Array.from({ length: 200 }, (_, n) => line(n));
  for (const text of lines) output.write(text);
  const text = written();
  expect(text.length).toBeGreaterThanOrEqual(4096);
  expect(lines.join("").startsWith(text)).toBe(true);
  output.flush();
  expect(written()).toBe(lines.join(""));
});

it("writes a waiting line within a fraction of a second on a quiet server", async () => {
  output.write(line(1));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(written()).toBe(line(1));
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
