import { defineConfig } from "vitest/config";
import BrowserFilesFirst from "./scripts/browser-files-first.ts";
import { testProjects } from "./vitest.workspace.ts";

export default defineConfig({
  test: {
    projects: testProjects,
    // One test file per core. Vitest's default leaves one core free, which on these two-core
    // machines ran every file one after another, while most files wait on a server they started.
    maxWorkers: "100%",
    reporters: ["default", "./scripts/summary-reporter.ts"],
    sequence: { sequencer: BrowserFilesFirst },
  },
});
