import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const API = resolve(import.meta.dirname, "..");

describe("keepOneTickObject", () => {
  it("keeps the map of process.nextTick's tick objects through full collections", () => {
    const output = execFileSync(
      process.execPath,
      [
        "--expose-gc",
        "--allow-natives-syntax",
        "--import",
        "tsx",
        "test/support/tick-map-check.ts",
      ],
      { cwd: API, encoding: "utf8" },
    );

    expect(JSON.parse(output.trim())).toEqual({
      kept: true,
      keptIsTick: true,
      fresh: true,
      sameMap: true,
    });
  });
});
