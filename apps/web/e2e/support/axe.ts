import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/**
 * The serious and critical axe violations of the page as it is now: the one way every browser test
 * asks axe. Legacy mode runs axe.run() in the page itself; the default opens a blank page per
 * analysis to merge the results of cross-origin frames, which Atlas does not have. Measured side
 * by side on the home page and All Artifacts: 1.2-2.2 s per analysis by default, 0.5-1.4 s in
 * legacy mode, the same violations and passes (decision 124). setLegacyMode is deprecated for axe
 * 5; when it goes, inject axe-core and call axe.run() here.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
}

/** Each serious or critical violation as "id: what it breaks", for an expectation to list. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((violation) => `${violation.id}: ${violation.help}`);
}
