import type Database from "better-sqlite3";
import { NOT_EVALUATED, type ArtifactType } from "@artifact-atlas/shared";
import type { AppDatabase } from "../../src/db/client";

/*
 * Collections for the harvesting tests (issue 34), written straight into the database as an
 * import or a long-lived community would have them: the triggers of migration 0032 keep the
 * harvest's records, as they do for every door.
 */

export interface HarvestedFields {
  artifactType: ArtifactType;
  status: "published" | "pending" | "rejected" | "hidden";
  presentLocation: string;
  imageAlt: string;
  /** The primary image's rights (issue 30); "Copyright Not Evaluated" when left out. */
  imageRights: string;
}

/**
 * `count` artifacts named "Harvested artifact {index}", owned by one new account, published
 * unless `fields` says otherwise; answers their ids in order.
 */
export function insertArtifacts(
  db: AppDatabase | Database.Database,
  count: number,
  fields: (index: number) => Partial<HarvestedFields> = () => ({}),
): number[] {
  const sqlite = "$client" in db ? db.$client : db;
  const owner = sqlite
    .prepare("insert into users (email, name) values (?, 'Harvest Owner') returning id")
    .pluck()
    .get(`harvest-owner-${Date.now()}-${Math.random()}@example.com`) as number;
  const insert = sqlite.prepare(
    `insert into artifacts (owner_id, artifact_name, artifact_image, artifact_type, historical_context,
       created_at, discovered_at, discovered_by, present_location, image_alt, username, status,
       image_rights)
     values (:owner, :name, :image, :type, :context, '100 BC', '1799', 'A field survey',
       :location, :alt, 'Harvest Owner', :status, :rights) returning id`,
  );
  return sqlite.transaction(() =>
    Array.from({ length: count }, (_, index) => {
      const given = fields(index);
      return insert.pluck().get({
        owner,
        name: `Harvested artifact ${index}`,
        image: `https://images.example.org/harvest-${index}.jpg`,
        type: given.artifactType ?? "Tools",
        context: `An object from a long gone workshop, number ${index}.`,
        location: given.presentLocation ?? "A regional museum",
        alt: given.imageAlt ?? "",
        status: given.status ?? "published",
        rights: given.imageRights ?? NOT_EVALUATED,
      }) as number;
    }),
  )();
}

/**
 * Moves every datestamp `ms` into the past, as if the records had last changed then: the tests
 * then see a later change by its datestamp alone, without waiting whole seconds.
 */
export function ageHarvestRecords(db: AppDatabase, ms: number): void {
  db.$client
    .prepare(
      "update harvest_records set datestamp = datestamp - ?, first_published_at = first_published_at - ?",
    )
    .run(ms, ms);
}

/** An OAI-PMH time (to the second, UTC) for milliseconds since the epoch. */
export function oaiTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * A curated collection of `artifactIds` (in that order) owned by `ownerId`, written straight into
 * the database as an import would: migration 0045's triggers still move the records' datestamps.
 */
export function insertCollection(
  db: AppDatabase | Database.Database,
  collection: { ownerId: number; title: string; visibility: string; artifactIds?: number[] },
): number {
  const sqlite = "$client" in db ? db.$client : db;
  return sqlite.transaction(() => {
    const id = sqlite
      .prepare(
        `insert into collections (owner_id, title, description, description_html, kind, visibility,
           created_at, updated_at) values (?, ?, '', '', 'curated', ?, 0, 0) returning id`,
      )
      .pluck()
      .get(collection.ownerId, collection.title, collection.visibility) as number;
    const item = sqlite.prepare(
      "insert into collection_items (collection_id, artifact_id, position, added_at) values (?, ?, ?, 0)",
    );
    for (const [position, artifactId] of (collection.artifactIds ?? []).entries()) {
      item.run(id, artifactId, position);
    }
    return id;
  })();
}
