import type Database from "better-sqlite3";
import type { ArtifactType } from "@artifact-atlas/shared";
// One condition for what the public sees (decision 050): harvest_records has no status or
// deleted_at column, so the unqualified names read the artifacts table of each statement.
import { PUBLIC_ARTIFACT } from "../store/artifact-visibility";

/*
 * The reads of harvesting, feeds and linked data (issue 34), prepared once with the database. A
 * list walks harvest_records in (datestamp, id) order from where the last page ended, along an
 * index whatever from, until and set say; the artifacts of a page are read by id and must still be
 * public, so that a record becomes deleted at once, whatever the triggers have written.
 */

/** A record's header: what a list or a deleted record shows. */
export interface HarvestHeader {
  artifactId: number;
  /** Milliseconds since the epoch. */
  datestamp: number;
  harvestable: boolean;
  artifactType: ArtifactType;
}

/** What the metadata formats, the feeds and the readiness report say of an artifact. */
export interface HarvestArtifact {
  id: number;
  artifactName: string;
  artifactImage: string;
  imageAlt: string;
  artifactType: ArtifactType;
  historicalContext: string;
  createdAt: string;
  discoveredAt: string;
  discoveredBy: string;
  presentLocation: string;
  /**
   * The primary image's rights statement (a URI, issue 30): "Copyright Not Evaluated" when nobody
   * has said, never missing.
   */
  rights: string;
}

/** A header and, while it is harvestable and public, its artifact. */
export interface HarvestRecord {
  header: HarvestHeader;
  artifact: HarvestArtifact | null;
}

/** Which records a list holds: a time window (ms, both ends included) and a set's condition. */
export interface ListScope {
  from: number | null;
  until: number | null;
  /** An artifact type for a `type:` set; null for every record. */
  type: ArtifactType | null;
}

/** Where a page starts: after this (datestamp, id). */
export interface ListPosition {
  datestamp: number;
  artifactId: number;
}

const ARTIFACT_COLUMNS = `a.id, a.artifact_name as artifactName, a.artifact_image as artifactImage,
  a.image_alt as imageAlt, a.artifact_type as artifactType,
  a.historical_context as historicalContext, a.created_at as createdAt,
  a.discovered_at as discoveredAt, a.discovered_by as discoveredBy,
  a.present_location as presentLocation, a.image_rights as rights`;

const HEADER_COLUMNS = `h.artifact_id as artifactId, h.datestamp, h.harvestable,
  h.artifact_type as artifactType`;

type HeaderRow = Omit<HarvestHeader, "harvestable"> & { harvestable: 0 | 1 };
const toHeader = (row: HeaderRow): HarvestHeader => ({
  ...row,
  harvestable: row.harvestable === 1,
});

/** Far outside any datestamp: an open end of the window. */
const NO_LOWER_BOUND = -1;
const NO_UPPER_BOUND = Number.MAX_SAFE_INTEGER;

export function createHarvestStore(sqlite: Database.Database) {
  // Two statements per list shape, not one with `(:type is null or ...)`: SQLite then picks the
  // index that starts with the set's column, and each page is a range read (decision 116).
  const windowed = (typed: boolean) =>
    `from harvest_records h where ${typed ? "h.artifact_type = :type and" : ""}
      h.datestamp between :from and :until`;
  const pageAll = sqlite.prepare<Record<string, unknown>, HeaderRow>(
    `select ${HEADER_COLUMNS} ${windowed(false)}
       and (h.datestamp, h.artifact_id) > (:afterDatestamp, :afterId)
     order by h.datestamp, h.artifact_id limit :limit`,
  );
  const pageTyped = sqlite.prepare<Record<string, unknown>, HeaderRow>(
    `select ${HEADER_COLUMNS} ${windowed(true)}
       and (h.datestamp, h.artifact_id) > (:afterDatestamp, :afterId)
     order by h.datestamp, h.artifact_id limit :limit`,
  );
  const countAll = sqlite
    .prepare<Record<string, unknown>, number>(`select count(*) ${windowed(false)}`)
    .pluck();
  const countTyped = sqlite
    .prepare<Record<string, unknown>, number>(`select count(*) ${windowed(true)}`)
    .pluck();
  const header = sqlite.prepare<{ id: number }, HeaderRow>(
    `select ${HEADER_COLUMNS} from harvest_records h where h.artifact_id = :id`,
  );
  const publicArtifacts = sqlite.prepare<{ ids: string }, HarvestArtifact>(
    `select ${ARTIFACT_COLUMNS} from artifacts a
     where a.id in (select value from json_each(:ids)) and ${PUBLIC_ARTIFACT}`,
  );
  const earliest = sqlite.prepare<[], number | null>("select min(datestamp) from harvest_records");
  const latest = sqlite
    .prepare<[], number | null>("select max(datestamp) from harvest_records")
    .pluck();
  const typesInUse = sqlite
    .prepare<[], ArtifactType>(
      "select distinct artifact_type from harvest_records order by artifact_type",
    )
    .pluck();
  // CROSS JOIN keeps harvest_records outside (SQLite's way to fix the join order): the newest
  // are then read down harvest_records_published_idx, 50 index entries. Left to itself the planner
  // scanned the public artifacts and sorted them all: 109 ms at 100,000 artifacts, now 0.02 ms.
  const newestAll = sqlite.prepare<{ limit: number }, HarvestArtifact & FeedTimes>(
    `select ${ARTIFACT_COLUMNS}, h.first_published_at as publishedAt, h.datestamp as updatedAt
     from harvest_records h cross join artifacts a on a.id = h.artifact_id
     where ${PUBLIC_ARTIFACT}
     order by h.first_published_at desc, h.artifact_id desc limit :limit`,
  );
  const newestTyped = sqlite.prepare<{ type: string; limit: number }, HarvestArtifact & FeedTimes>(
    `select ${ARTIFACT_COLUMNS}, h.first_published_at as publishedAt, h.datestamp as updatedAt
     from harvest_records h join artifacts a on a.id = h.artifact_id
     where h.artifact_type = :type and ${PUBLIC_ARTIFACT}
     order by h.first_published_at desc, h.artifact_id desc limit :limit`,
  );

  const windowParams = (scope: ListScope) => ({
    from: scope.from ?? NO_LOWER_BOUND,
    until: scope.until ?? NO_UPPER_BOUND,
    ...(scope.type ? { type: scope.type } : {}),
  });

  /** The harvestable ones' artifacts, by id; one that is no longer public is left out. */
  const artifactsOf = (headers: HarvestHeader[]): Map<number, HarvestArtifact> => {
    const ids = headers.filter((each) => each.harvestable).map((each) => each.artifactId);
    if (ids.length === 0) return new Map();
    const rows = publicArtifacts.all({ ids: JSON.stringify(ids) });
    return new Map(rows.map((row) => [row.id, row]));
  };

  const withArtifacts = (headers: HarvestHeader[]): HarvestRecord[] => {
    const artifacts = artifactsOf(headers);
    return headers.map((each) => {
      const artifact = artifacts.get(each.artifactId) ?? null;
      // Public by the triggers but not by the artifact's row: answered as deleted, never shown.
      return { header: { ...each, harvestable: artifact !== null }, artifact };
    });
  };

  return {
    /** Up to `limit` headers of the scope after `after`, in (datestamp, id) order. */
    headers(scope: ListScope, after: ListPosition | null, limit: number): HarvestHeader[] {
      const params = {
        ...windowParams(scope),
        afterDatestamp: after?.datestamp ?? NO_LOWER_BOUND,
        afterId: after?.artifactId ?? 0,
        limit,
      };
      const rows = scope.type ? pageTyped.all(params) : pageAll.all(params);
      return rows.map(toHeader);
    },
    /** The same, each with its artifact while it is harvestable (ListRecords). */
    records(scope: ListScope, after: ListPosition | null, limit: number): HarvestRecord[] {
      return withArtifacts(this.headers(scope, after, limit));
    },
    /** How many records the scope holds: completeListSize. */
    count(scope: ListScope): number {
      const params = windowParams(scope);
      return (scope.type ? countTyped.get(params) : countAll.get(params)) ?? 0;
    },
    /** One record, or undefined when the artifact was never public. */
    record(artifactId: number): HarvestRecord | undefined {
      const row = header.get({ id: artifactId });
      return row ? withArtifacts([toHeader(row)])[0] : undefined;
    },
    /** The oldest datestamp there is, in ms; null when nothing was ever public. */
    earliestDatestamp: (): number | null => earliest.pluck().get() ?? null,
    /** The newest datestamp, in ms: any change a harvest, a feed or a page could show. */
    latestDatestamp: (): number | null => latest.get() ?? null,
    /** The types of every record, so that ListSets names only sets that hold something. */
    typesInUse: (): ArtifactType[] => typesInUse.all(),
    /** The `limit` public artifacts first published most recently, of one type or all. */
    newest(type: ArtifactType | null, limit: number): (HarvestArtifact & FeedTimes)[] {
      return type ? newestTyped.all({ type, limit }) : newestAll.all({ limit });
    },
  };
}

/** When a feed's entry was first published and last changed, in ms. */
export interface FeedTimes {
  publishedAt: number;
  updatedAt: number;
}

export type HarvestStore = ReturnType<typeof createHarvestStore>;
