import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Starts the browser files first, the accessibility runs before them all. Vitest's own order puts
 * files it has no timings for (every file on a fresh clone) largest first, by bytes: the browser
 * files are small and were started last, so two of the longest files of the run ran alone at its
 * end on two cores. The longest first shortens the run (longest-processing-time scheduling).
 */
export default class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Array sort is stable: within a weight, Vitest's own order stays.
    return ordered.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        weight(b) - weight(a),
    );
  }
}

function weight(spec: TestSpecification): number {
  if (spec.project.name !== "e2e") return 0;
  return spec.moduleId.includes("/e2e/accessibility-") ? 2 : 1;
}
