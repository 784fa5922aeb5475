import type Database from "better-sqlite3";
import type { ArtifactType } from "@artifact-atlas/shared";
// One condition for what the public sees (decision 050): harvest_records has no status or
// deleted_at column, so the unqualified names read the artifacts table of each statement.
import { PUBLIC_ARTIFACT } from "../store/artifact-visibility";
import type { SetScope } from "./sets";

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
  /** The public collections it is in, by id (their sets), at most COLLECTION_SETS_PER_RECORD. */
  collectionIds: number[];
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

/** Which records a list holds: a time window (ms, both ends included) and a set. */
export interface ListScope {
  from: number | null;
  until: number | null;
  set: SetScope;
}

/**
 * A collection that is a set (issue 32's collections as OAI-PMH sets): curated (a saved search has
 * no items to name), public, published (not hidden by a curator) and not in the trash. Migration
 * 0045's triggers move a record's datestamp when this changes for a collection it is in.
 */
const PUBLIC_SET_COLLECTION = `c.kind = 'curated' and c.visibility = 'public'
  and c.status = 'published' and c.deleted_at is null`;

/**
 * The most collection sets a header names: anyone can put an artifact in collections, and a page
 * of 100 headers stays bounded however many hold one. The earliest made are named; the sets' own
 * lists are complete.
 */
export const COLLECTION_SETS_PER_RECORD = 20;

/** A public collection as ListSets names it. */
export interface SetCollection {
  id: number;
  title: string;
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

type HeaderRow = Omit<HarvestHeader, "harvestable" | "collectionIds"> & { harvestable: 0 | 1 };

/**
 * Each set kind's condition on harvest_records h. A collection's set reads its (at most 500)
 * items' records by key; `collection` walks the partial index of the records a public collection
 * holds (in_collection_set, kept by migration 0045's triggers): each page a range read, however
 * few of the records are in one.
 */
const SET_CONDITIONS: Record<SetScope["kind"], string> = {
  all: "",
  type: "h.artifact_type = :type and",
  collection: `h.artifact_id in (select ci.artifact_id from collection_items ci
      join collections c on c.id = ci.collection_id
      where ci.collection_id = :collection and ${PUBLIC_SET_COLLECTION}) and`,
  collections: "h.in_collection_set = 1 and",
};
const SET_KINDS = Object.keys(SET_CONDITIONS) as SetScope["kind"][];

/** Far outside any datestamp: an open end of the window. */
const NO_LOWER_BOUND = -1;
const NO_UPPER_BOUND = Number.MAX_SAFE_INTEGER;

export function createHarvestStore(sqlite: Database.Database) {
  // One statement per set kind, not one with `(:type is null or ...)`: SQLite then picks the
  // index that suits the set, and each page is a range read (decision 116).
  const windowed = (kind: SetScope["kind"]) =>
    `from harvest_records h where ${SET_CONDITIONS[kind]} h.datestamp between :from and :until`;
  const byKind = <T>(make: (kind: SetScope["kind"]) => T) =>
    Object.fromEntries(SET_KINDS.map((kind) => [kind, make(kind)])) as Record<SetScope["kind"], T>;
  const pages = byKind((kind) =>
    sqlite.prepare<Record<string, unknown>, HeaderRow>(
      `select ${HEADER_COLUMNS} ${windowed(kind)}
         and (h.datestamp, h.artifact_id) > (:afterDatestamp, :afterId)
       order by h.datestamp, h.artifact_id limit :limit`,
    ),
  );
  const counts = byKind((kind) =>
    sqlite.prepare<Record<string, unknown>, number>(`select count(*) ${windowed(kind)}`).pluck(),
  );
  const collectionIdsOf = sqlite.prepare<
    { ids: string; perRecord: number },
    { artifactId: number; collectionIds: string }
  >(
    `select j.value as artifactId, (select json_group_array(collection_id) from (
       select ci.collection_id from collection_items ci join collections c on c.id = ci.collection_id
       where ci.artifact_id = j.value and ${PUBLIC_SET_COLLECTION}
       order by ci.collection_id limit :perRecord)) as collectionIds
     from json_each(:ids) j`,
  );
  const setCollections = sqlite.prepare<{ afterId: number; limit: number }, SetCollection>(
    `select c.id, c.title from collections c where c.id > :afterId and ${PUBLIC_SET_COLLECTION}
     order by c.id limit :limit`,
  );
  const setCollectionCount = sqlite
    .prepare<[], number>(`select count(*) from collections c where ${PUBLIC_SET_COLLECTION}`)
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
    ...(scope.set.kind === "type" ? { type: scope.set.type } : {}),
    ...(scope.set.kind === "collection" ? { collection: scope.set.id } : {}),
  });

  /** The rows' headers, each with its public collections: one query for the whole page. */
  const toHeaders = (rows: HeaderRow[]): HarvestHeader[] => {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((row) => row.artifactId));
    const sets = new Map(
      collectionIdsOf
        .all({ ids, perRecord: COLLECTION_SETS_PER_RECORD })
        .map((row) => [row.artifactId, JSON.parse(row.collectionIds) as number[]]),
    );
    return rows.map((row) => ({
      ...row,
      harvestable: row.harvestable === 1,
      collectionIds: sets.get(row.artifactId) ?? [],
    }));
  };

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
      return toHeaders(pages[scope.set.kind].all(params));
    },
    /** The same, each with its artifact while it is harvestable (ListRecords). */
    records(scope: ListScope, after: ListPosition | null, limit: number): HarvestRecord[] {
      return withArtifacts(this.headers(scope, after, limit));
    },
    /** How many records the scope holds: completeListSize. */
    count(scope: ListScope): number {
      return counts[scope.set.kind].get(windowParams(scope)) ?? 0;
    },
    /** One record, or undefined when the artifact was never public. */
    record(artifactId: number): HarvestRecord | undefined {
      const row = header.get({ id: artifactId });
      return row ? withArtifacts(toHeaders([row]))[0] : undefined;
    },
    /** The oldest datestamp there is, in ms; null when nothing was ever public. */
    earliestDatestamp: (): number | null => earliest.pluck().get() ?? null,
    /** The newest datestamp, in ms: any change a harvest, a feed or a page could show. */
    latestDatestamp: (): number | null => latest.get() ?? null,
    /** The types of every record, so that ListSets names only sets that hold something. */
    typesInUse: (): ArtifactType[] => typesInUse.all(),
    /** Up to `limit` public collections (sets) after the id `afterId`, in id order. */
    setCollections: (afterId: number, limit: number): SetCollection[] =>
      setCollections.all({ afterId, limit }),
    /** How many public collections are sets. */
    setCollectionCount: (): number => setCollectionCount.get() ?? 0,
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
