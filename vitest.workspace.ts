import { defineProject } from "vitest/config";

/** The one list of test projects; vitest.config.ts hands it to `test.projects` (Vitest 4 has no workspace file). */
export const testProjects = [
  defineProject({
    test: {
      name: "shared",
      root: "./packages/shared",
      include: ["src/**/*.test.ts"],
      environment: "node",
    },
  }),
  defineProject({
    test: {
      name: "api",
      root: "./apps/api",
      include: ["test/**/*.test.ts"],
      environment: "node",
      testTimeout: 20_000,
      // Migrates one database for the whole run; each test copies it (test/support/template-database.ts).
      globalSetup: ["./test/support/template-database.ts"],
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
      // Browser files run beside the others, one per core (vitest.config.ts), each with its own
      // server and browser.
    },
  }),
];
