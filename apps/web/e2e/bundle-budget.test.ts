import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  FIRST_LOAD_BUDGET_KB,
  LAZY_PUBLIC_SCREENS,
  PROTECTED_SCREENS,
  publicFirstLoads,
  readManifest,
} from "./first-load";

/*
 * The size budget, checked on the production build that the test command makes first:
 * the JavaScript a browser needs before / or /allartifacts can run, gzipped, and the screens behind
 * the login kept out of it.
 */

const DIST = resolve(import.meta.dirname, "../dist");

describe("the first load of the public pages", () => {
  const loads = publicFirstLoads(DIST);

  it.each(loads.map((load) => [load.path, load] as const))(
    `%s needs at most ${FIRST_LOAD_BUDGET_KB} kB of JavaScript, gzipped`,
    (path, load) => {
      const kilobytes = load.gzipBytes / 1000;
      expect(kilobytes, `${path} loads ${load.files.join(", ")}`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET_KB,
      );
    },
  );

  it.each([...PROTECTED_SCREENS, ...LAZY_PUBLIC_SCREENS])(
    "%s is a chunk of its own, loaded only when opened",
    (screen) => {
      const chunk = readManifest(DIST)[screen];
      expect(chunk, `${screen} is not in the build's manifest`).toBeDefined();
      expect(chunk?.isDynamicEntry).toBe(true);
      for (const load of loads) {
        expect(load.files, `${load.path}'s first load`).not.toContain(chunk?.file);
      }
    },
  );
});
