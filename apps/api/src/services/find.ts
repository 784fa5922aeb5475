import {
  MESSAGES,
  PAGE_SIZE,
  type Artifact,
  type ArtifactHighlights,
  type CollectionFind,
  type FindAnswer,
  type FindQuery,
  type LikedArtifact,
  type ReviewedArtifact,
} from "@artifact-atlas/shared";
import { matchRanges, searchWords } from "../store/all-fields-search";
import type { ArtifactStore } from "../store/artifact-store";
import type { MemberRow } from "../store/find";
import type { ExportRow } from "../store/place-columns";
import type { KeysetReader } from "../store/public-artifacts";
import { lowerAscii } from "../store/find-sql";
import type { Viewer } from "./artifacts";
import { positionBefore, toCursorPage } from "./cursor-pages";
import { loadCollection, savedSearchOf } from "./collections/access";
import { ServiceError } from "./errors";

/*
 * The one find (issue 27): every list of artifacts, through tRPC and REST alike, is a FindQuery
 * answered here. The public collection's answers are kept by the read cache under one family of
 * keys (`find:`); a member's own lists are theirs alone and never kept.
 */

type MemberFind = Extract<FindQuery, { list: "mine" | "liked" }>;

/** What a list holds: public artifacts, a member's own with their review state, or liked rows. */
type ItemOf<Query extends FindQuery> = Query extends { list: "mine" }
  ? ReviewedArtifact
  : Query extends { list: "liked" }
    ? LikedArtifact
    : Artifact;

export function find<Query extends FindQuery>(
  store: ArtifactStore,
  viewer: Viewer,
  query: Query,
): FindAnswer<ItemOf<Query>> {
  if (query.list === "collection") {
    const collectionQuery = query as CollectionFind;
    const finding =
      collectionQuery.collection === undefined
        ? collectionQuery
        : findOfCollection(store, viewer, collectionQuery);
    return findInCollection(store, finding) as FindAnswer<ItemOf<Query>>;
  }
  // A member's lists are the session's own: no door names another member.
  if (!viewer) throw new ServiceError("UNAUTHORIZED", MESSAGES.signInRequired);
  return findOfMember(store, viewer.id, query as MemberFind) as FindAnswer<ItemOf<Query>>;
}

/**
 * A find with the `collection` filter (issue 32): NOT_FOUND unless the viewer may see the
 * collection. A curated one's filter stays (store/find-sql.ts); a saved search is its own find,
 * whose search and filters replace the query's.
 */
function findOfCollection(
  store: ArtifactStore,
  viewer: Viewer,
  query: CollectionFind,
): CollectionFind {
  const { row } = loadCollection(store, viewer, query.collection!);
  const saved = savedSearchOf(row);
  if (!saved) return query;
  const { collection: _collection, ...rest } = query;
  return { ...rest, ...saved };
}

function findInCollection(store: ArtifactStore, query: CollectionFind): FindAnswer<Artifact> {
  return store.readCache.read(`find:${cacheKey(query)}`, () => readCollection(store, query));
}

/**
 * The read cache's key: what the answer depends on, in one order whoever built the query. ASCII
 * case is lowered: "Lamp", "LAMP" and "lamp" find the same, so that case variants cannot each
 * take room. Last, as it can hold any character.
 */
function cacheKey(query: CollectionFind): string {
  const what = [query.total, query.facets, query.allFieldsTotal, query.collection];
  const place = [query.bbox, query.near, query.placeKind];
  const filters = [query.types, query.eras, query.fromYear, query.toYear, query.locations];
  const more = [query.rights, query.countries];
  const parts = [query.in, ...filters, ...more, query.sort, query.window, what, place];
  return `${JSON.stringify(parts)}:${lowerAscii(query.search ?? "")}`;
}

function readCollection(store: ArtifactStore, query: CollectionFind): FindAnswer<Artifact> {
  const answer: FindAnswer<Artifact> = { items: [] };
  const { window } = query;
  if (window) {
    const slice =
      "page" in window ? { offset: (window.page - 1) * PAGE_SIZE, limit: PAGE_SIZE } : window;
    Object.assign(answer, store.find.page(query, slice, query.total ?? false));
    const highlights = highlightsOf(query, answer.items);
    if (highlights) answer.highlights = highlights;
    if (query.allFieldsTotal && answer.total === 0 && query.search && query.in !== "all") {
      const inAll = store.find.allFieldsCount(query);
      answer.allFieldsTotal = inAll.total;
      if (inAll.estimated) answer.allFieldsEstimated = true;
    }
  }
  if (query.facets) answer.facets = store.find.facets(query);
  return answer;
}

/** What an all-fields search matched in each card's name and context (data, never HTML). */
function highlightsOf(query: CollectionFind, items: Artifact[]): ArtifactHighlights[] | undefined {
  if (query.in !== "all" || !query.search) return undefined;
  const words = searchWords(query.search);
  return items.map((item) => ({
    artifactName: matchRanges(item.artifactName, words),
    historicalContext: matchRanges(item.historicalContext, words),
  }));
}

function findOfMember(
  store: ArtifactStore,
  person: number,
  query: MemberFind,
): FindAnswer<ReviewedArtifact | LikedArtifact> {
  const { list, window } = query;
  const total = query.total ? store.find.memberTotal(list, person) : undefined;
  const answer: FindAnswer<ReviewedArtifact | LikedArtifact> = {
    items: [],
    ...(total === undefined ? {} : { total }),
  };
  if (!window) return answer;
  if ("cursor" in window) {
    const before = positionBefore(window.cursor);
    const rows = store.find.member(list, person, { before, limit: window.limit + 1 });
    const page = toCursorPage(rows, window.limit, (row) => row.cursor, withoutCursor);
    return { ...answer, ...page };
  }
  if (total === undefined || window.offset < total) {
    answer.items = store.find.member(list, person, window).map(withoutCursor);
  }
  return answer;
}

function withoutCursor({ cursor: _cursor, ...item }: MemberRow): ReviewedArtifact | LikedArtifact {
  return item;
}

/** Ids of an export's find read at a time: 40 kB of numbers, a fraction of a page of rows. */
const IDS_PER_READ = 5_000;

/**
 * The export's rows (GET /export): the find's public artifacts in id order, a keyset page at a
 * time. The ids are read IDS_PER_READ at a time and kept by this export's reader: a search's
 * condition (an FTS match, a LIKE over the list index) is worked out whole each time it is asked,
 * so asking it once per page of rows made a common word's export quadratic (decision 073). Each
 * page's rows are read again by id, still public: one hidden or deleted since drops out.
 */
export function exportRows(
  store: ArtifactStore,
  viewer: Viewer,
  asked: CollectionFind,
): KeysetReader<ExportRow> {
  // A collection's export (issue 32): NOT_FOUND before the first row unless the viewer may see it.
  const query = asked.collection === undefined ? asked : findOfCollection(store, viewer, asked);
  let waiting: number[] = [];
  let exhausted = false;
  return (after, limit) => {
    waiting = waiting.filter((id) => id > after);
    for (;;) {
      if (waiting.length === 0 && !exhausted) {
        waiting = store.find.idsAfter(query, after, IDS_PER_READ);
        exhausted = waiting.length < IDS_PER_READ;
      }
      if (waiting.length === 0) return [];
      const ids = waiting.splice(0, limit);
      const rows = store.find.exportRowsById(ids);
      if (rows.length > 0) return rows;
      after = ids[ids.length - 1]!;
    }
  };
}
