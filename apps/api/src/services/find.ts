import {
  MESSAGES,
  PAGE_SIZE,
  type Artifact,
  type ArtifactFacets,
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
import type { FacetCounts } from "../store/find-facets";
import { lowerAscii } from "../store/find-sql";
import type { Viewer } from "./artifacts";
import { positionBefore, toCursorPage } from "./cursor-pages";
import { ServiceError } from "./errors";

/*
 * The one find (issue 27): every list of artifacts, through tRPC and REST alike, is a FindQuery
 * answered here. The public collection's answers are kept by the read cache under one family of
 * keys (`find:`); a member's own lists are theirs alone and never kept.
 */

type MemberFind = Extract<FindQuery, { list: "mine" | "liked" }>;

export function find(
  store: ArtifactStore,
  viewer: Viewer,
  query: CollectionFind,
): FindAnswer<Artifact>;
export function find(
  store: ArtifactStore,
  viewer: Viewer,
  query: MemberFind & { list: "mine" },
): FindAnswer<ReviewedArtifact>;
export function find(
  store: ArtifactStore,
  viewer: Viewer,
  query: MemberFind & { list: "liked" },
): FindAnswer<LikedArtifact>;
export function find(
  store: ArtifactStore,
  viewer: Viewer,
  query: FindQuery,
): FindAnswer<Artifact | ReviewedArtifact | LikedArtifact> {
  if (query.list === "collection") return findInCollection(store, query);
  // A member's lists are the session's own: no door names another member.
  if (!viewer) throw new ServiceError("UNAUTHORIZED", MESSAGES.signInRequired);
  return findOfMember(store, viewer.id, query);
}

function findInCollection(store: ArtifactStore, query: CollectionFind): FindAnswer<Artifact> {
  const { window } = query;
  if (window && "cursor" in window) {
    // The export's reads, in id order: each is read once, and never kept.
    const items = store.find.after(query, window.cursor ?? 0, window.limit + 1);
    return toCursorPage(
      items,
      window.limit,
      (item) => item.id,
      (item) => item,
    );
  }
  return store.readCache.read(`find:${cacheKey(query)}`, () => readCollection(store, query));
}

/**
 * The read cache's key: what the answer depends on, in one order whoever built the query. ASCII
 * case is lowered: "Lamp", "LAMP" and "lamp" find the same, so that case variants cannot each
 * take room. Last, as it can hold any character.
 */
function cacheKey(query: CollectionFind): string {
  const { in: scope, types, eras, fromYear, toYear, locations, sort, window } = query;
  const what = [query.total, query.facets, query.allFieldsTotal];
  const parts = [scope, types, eras, fromYear, toYear, locations, sort, window, what];
  return `${JSON.stringify(parts)}:${lowerAscii(query.search ?? "")}`;
}

function readCollection(store: ArtifactStore, query: CollectionFind): FindAnswer<Artifact> {
  const answer: FindAnswer<Artifact> = { items: [] };
  const { window } = query;
  const slice = !window
    ? null
    : "page" in window
      ? { offset: (window.page - 1) * PAGE_SIZE, limit: PAGE_SIZE }
      : "offset" in window
        ? window
        : null;
  if (slice) {
    const page = store.find.page(query, slice, query.total ?? false);
    answer.items = page.items;
    if (page.total !== undefined) answer.total = page.total;
    if (page.estimated) answer.estimated = true;
    const highlights = highlightsOf(query, page.items);
    if (highlights) answer.highlights = highlights;
    if (query.allFieldsTotal && answer.total === 0 && query.search && query.in !== "all") {
      answer.allFieldsTotal = store.find.allFieldsCount(query);
    }
  }
  if (query.facets) answer.facets = facetsOf(store.find.facets(query));
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

/** The facets as the web app reads them: the undated apart from the centuries. */
function facetsOf({ types, centuries, locations, estimated }: FacetCounts): ArtifactFacets {
  return {
    types,
    centuries: centuries.flatMap((row) =>
      row.value === null ? [] : [{ value: row.value, count: row.count }],
    ),
    locations,
    undated: centuries.find((row) => row.value === null)?.count ?? 0,
    ...(estimated ? { estimated: true as const } : {}),
  };
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
