import type Database from "better-sqlite3";
import { createSlots } from "../open-data/slots";
import { createReadinessReport } from "./readiness";
import { createHarvestStore } from "./store";

/**
 * OAI-PMH answers in the making at once: each holds a page (up to about 1 MB of EDM) until the
 * client has taken it; past it a harvester is told to come back (503, Retry-After), as the
 * protocol's flow control allows. Like the export's slots, they bound memory, not speed: a page is
 * made in a few milliseconds.
 */
export const MAX_CONCURRENT_HARVEST_ANSWERS = 8;

/** Harvesting's statements and slots, made once with the database (deps.harvesting). */
export function createHarvesting(sqlite: Database.Database) {
  return {
    store: createHarvestStore(sqlite),
    readiness: createReadinessReport(sqlite),
    slots: createSlots(MAX_CONCURRENT_HARVEST_ANSWERS),
  };
}

export type Harvesting = ReturnType<typeof createHarvesting>;
