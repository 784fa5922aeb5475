import { defineConfig } from "vitest/config";
import { testProjects } from "./vitest.workspace.ts";

export default defineConfig({
  test: {
    projects: testProjects,
    reporters: ["default", "./scripts/summary-reporter.ts"],
  },
});
