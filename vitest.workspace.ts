import { defineProject } from "vitest/config";

/**
 * API tests that hold the server they start to a time (health within a second under attack,
 * answers within a bound, timing-safe resets): they run alone, one file at a time, after the
 * others, so that no browser or other file shares the two cores while they measure.
 */
const TIMED_API_TESTS = [
  "test/attacks/**/*.test.ts",
  "test/concurrency.test.ts",
  "test/load-shedding.test.ts",
  "test/password-reset-timing.test.ts",
];

/** The one list of test projects; vitest.config.ts hands it to `test.projects` (Vitest 4 has no workspace file). */
export const testProjects = [
  defineProject({
    test: {
      name: "shared",
      root: "./packages/shared",
      include: ["src/**/*.test.ts"],
      environment: "node",
      // Pure functions and schemas: the files share the worker's loaded modules.
      isolate: false,
    },
  }),
  defineProject({
    test: {
      name: "api",
      root: "./apps/api",
      include: ["test/**/*.test.ts"],
      exclude: TIMED_API_TESTS,
      environment: "node",
      testTimeout: 20_000,
      // Files in a worker share its loaded modules (each builds its own app and database): loading
      // the server's modules once per worker instead of once per file took a quarter of the CPU.
      isolate: false,
      // Migrates one database for the whole run; each test copies it (test/support/template-database.ts).
      globalSetup: ["./test/support/template-database.ts"],
    },
  }),
  defineProject({
    test: {
      name: "api-timed",
      root: "./apps/api",
      include: TIMED_API_TESTS,
      environment: "node",
      testTimeout: 20_000,
      globalSetup: ["./test/support/template-database.ts"],
      fileParallelism: false,
    },
  }),
  "./apps/web/vitest.config.ts",
  defineProject({
    test: {
      name: "e2e",
      root: "./apps/web",
      include: ["e2e/**/*.test.ts"],
      environment: "node",
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // A browser waits as Playwright's own checks do (10 s), not Vitest's 1 s: a reload and its
      // query took longer than a second on a busy two-core machine.
      expect: { poll: { timeout: 10_000 } },
      // Browser files run beside the others, one per core (vitest.config.ts), each with its own
      // server and browser.
    },
  }),
];
