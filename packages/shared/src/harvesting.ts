import { z } from "zod";
import { email, isWellFormedText } from "./schemas/fields";

/*
 * Harvesting, feeds and linked data (issue 34): the addresses both apps name, the admin's
 * settings and what the Harvesting screen shows (docs/harvesting-and-linked-data.md).
 */

/** The OAI-PMH 2.0 endpoint (its base URL is the site's origin followed by this). */
export const OAI_PATH = "/oai";
/** The Atom feed of newly published artifacts, all types. */
export const FEED_PATH = "/feeds/artifacts.atom";
/** The dataset's description (VoID, in Turtle). */
export const VOID_PATH = "/.well-known/void";

/** The Atom feed of one type's newly published artifacts: /feeds/artifacts/tools.atom. */
export function typeFeedPath(type: string): string {
  return `/feeds/artifacts/${type.toLowerCase()}.atom`;
}

/** The texts of harvesting (not in the specification). */
export const HARVESTING_MESSAGES = {
  busy: "Several harvests are running right now. Please try again in a few seconds.",
} as const;

/** The longest name or address the settings take. */
export const HARVEST_SETTING_MAX_LENGTH = 200;

const settingText = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(
      HARVEST_SETTING_MAX_LENGTH,
      `${label} must be at most ${HARVEST_SETTING_MAX_LENGTH} characters long.`,
    )
    .refine(isWellFormedText, `${label} holds a broken character.`);

/** harvesting.updateSettings: an empty text means "the default" (shown beside each field). */
export const harvestSettingsInput = z.object({
  onlyApproved: z.boolean({ error: "onlyApproved must be true or false." }),
  dataProvider: settingText("Data provider"),
  provider: settingText("Provider"),
  adminEmail: z.union([z.literal(""), email]),
});
export type HarvestSettingsInput = z.output<typeof harvestSettingsInput>;

/** How many harvested records lack a field, by the field's EDM name. */
export interface MissingField {
  field: string;
  /** Why it matters, in a few words. */
  why: string;
  records: number;
}

/** The Harvesting screen (admins): where harvesters go and how ready the records are. */
export interface HarvestingOverview {
  endpoint: string;
  feed: string;
  dataset: string;
  settings: HarvestSettingsInput;
  /** What harvesters are told when a setting is empty. */
  defaults: { dataProvider: string; provider: string; adminEmail: string };
  /** Records harvested now (public, and approved when the setting asks it). */
  harvested: number;
  /** Records answered as deleted: public once, not now. */
  deleted: number;
  rights: {
    /** With a rights statement Europeana accepts. */
    accepted: number;
    /** Of those, "Copyright Not Evaluated": accepted, but Europeana shows them least. */
    notEvaluated: number;
    /** With a rights statement Europeana does not take. */
    notAccepted: number;
  };
  /** Fields Europeana needs or recommends, most often missing first; none missing: empty. */
  missingFields: MissingField[];
}
