import type Database from "better-sqlite3";
import type { HarvestingOverview, MissingField } from "@artifact-atlas/shared";
import { PUBLIC_ARTIFACT } from "../store/artifact-visibility";
import { COPYRIGHT_NOT_EVALUATED, europeanaAccepts } from "./rights";

/*
 * How ready the harvested records are for Europeana (the Harvesting screen): their rights, and the
 * fields its EDM mapping guidelines require or recommend that Atlas leaves out. One read of the
 * harvested artifacts; an admin's screen, not a public door.
 */

type Readiness = Pick<HarvestingOverview, "harvested" | "deleted" | "rights" | "missingFields">;

/** The written types, whose EDM records Europeana wants a dc:language for. */
const TEXT_TYPES = "('Documents', 'Writings')";

export function createReadinessReport(sqlite: Database.Database) {
  const counts = sqlite.prepare<[], { harvested: number; deleted: number }>(
    `select coalesce(sum(harvestable = 1), 0) as harvested, coalesce(sum(harvestable = 0), 0) as deleted
     from harvest_records`,
  );
  const harvested = `from harvest_records h join artifacts a on a.id = h.artifact_id
    where h.harvestable = 1 and ${PUBLIC_ARTIFACT}`;
  // The primary image's rights (issue 30), never missing: "Copyright Not Evaluated" by default.
  const rights = sqlite.prepare<[], { rights: string; records: number }>(
    `select a.image_rights as rights, count(*) as records ${harvested} group by a.image_rights`,
  );
  const fields = sqlite.prepare<[], Record<string, number>>(
    `select
       coalesce(sum(a.artifact_type in ${TEXT_TYPES}), 0) as language,
       coalesce(sum(trim(a.created_at) = ''), 0) as created,
       coalesce(sum(trim(a.present_location) = ''), 0) as currentLocation,
       coalesce(sum(trim(a.image_alt) = ''), 0) as imageDescription
     ${harvested}`,
  );

  return (): Readiness => {
    const { harvested: harvestedCount, deleted } = counts.get()!;
    // None is without: every artifact's first image has rights (issue 30).
    const tally = { accepted: 0, notEvaluated: 0, notAccepted: 0 };
    for (const row of rights.all()) {
      if (!europeanaAccepts(row.rights)) tally.notAccepted += row.records;
      else {
        tally.accepted += row.records;
        if (row.rights === COPYRIGHT_NOT_EVALUATED) tally.notEvaluated += row.records;
      }
    }
    const missing = fields.get()!;
    const missingFields: MissingField[] = [
      {
        field: "dc:language",
        why: "Required for TEXT records (documents and writings); Atlas does not record a language.",
        records: missing.language ?? 0,
      },
      {
        field: "dcterms:created",
        why: "Recommended: when the object was made.",
        records: missing.created ?? 0,
      },
      {
        field: "edm:currentLocation",
        why: "Recommended: where the object is now.",
        records: missing.currentLocation ?? 0,
      },
      {
        field: "dc:description (image)",
        why: "Recommended: what the image shows, for people who cannot see it.",
        records: missing.imageDescription ?? 0,
      },
    ]
      .filter((field) => field.records > 0)
      .sort((a, b) => b.records - a.records);
    return { harvested: harvestedCount, deleted, rights: tally, missingFields };
  };
}
