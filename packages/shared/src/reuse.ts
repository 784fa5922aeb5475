/*
 * "Can I reuse it?" (issue 30): the four groups of rights, apart from the statements themselves
 * (rights.ts) so that All Artifacts' filter in the URL costs the first load these few bytes and not
 * the whole list of statements, which the bundler cannot prove free of side effects.
 */

/** What "Can I reuse it?" answers for an image, from its rights (Europeana's grouping). */
export const REUSE_VALUES = ["free", "conditions", "ask", "unknown"] as const;
export type Reuse = (typeof REUSE_VALUES)[number];

export const REUSE_LABELS: Record<Reuse, string> = {
  free: "Free to reuse",
  conditions: "Reuse with conditions",
  ask: "Ask the holder",
  unknown: "Not evaluated",
};
