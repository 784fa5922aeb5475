import type { Reporter, TestModule } from "vitest/node";

/** Prints the closing line CI reads: "N passed, N failed" (Vitest's own summary is not recognised). */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      // A file whose set-up failed (a hook, or loading it) reports its tests as skipped: each is
      // a failure all the same, and a file with no test left counts as one.
      const moduleFailed = module.state() === "failed";
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed" || moduleFailed) failedHere += 1;
        else skipped += 1;
      }
      failed += moduleFailed ? Math.max(failedHere, 1) : failedHere;
    }
    failed += unhandledErrors.length;
    const tail = skipped > 0 ? `, ${skipped} skipped` : "";
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }
}
