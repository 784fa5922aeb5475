import { describe, expect, it, vi } from "vitest";
import type { TestModule } from "vitest/node";
import SummaryReporter from "../../../scripts/summary-reporter";

/*
 * The closing line CI reads ("N passed, N failed"). A file whose beforeAll throws reports its
 * tests as skipped: the line counted them as skipped and said "0 failed" for a red run.
 */

type State = "passed" | "failed" | "skipped";

/** The parts of Vitest's TestModule the reporter reads, for a file in `state` with these tests. */
function testModule(state: "passed" | "failed", tests: State[]): TestModule {
  const allTests = () => tests.map((test) => ({ result: () => ({ state: test }) }));
  return { state: () => state, children: { allTests } } as unknown as TestModule;
}

function closingLine(modules: TestModule[], unhandledErrors: unknown[] = []): string {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    new SummaryReporter().onTestRunEnd(modules, unhandledErrors);
    return String(write.mock.calls.at(-1)?.[0]).trim();
  } finally {
    write.mockRestore();
  }
}

describe("the test run's closing line", () => {
  it("counts passed, failed and skipped tests", () => {
    const modules = [
      testModule("passed", ["passed", "passed", "skipped"]),
      testModule("failed", ["passed", "failed"]),
    ];
    expect(closingLine(modules)).toBe("3 passed, 1 failed, 1 skipped");
  });

  it("counts the tests of a file whose set-up failed as failed, not skipped", () => {
    expect(closingLine([testModule("failed", ["skipped", "skipped"])])).toBe("0 passed, 2 failed");
  });

  it("counts a file that failed to load, and each unhandled error, as one failure", () => {
    expect(closingLine([testModule("failed", [])], [new Error("late")])).toBe("0 passed, 2 failed");
  });
});
