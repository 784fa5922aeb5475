import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import {
  MESSAGES,
  PAGE_SIZE,
  POPULAR_COUNT,
  SIMILAR_COUNT,
  type Artifact,
  type ArtifactFields,
  type ArtifactPage,
  type ArtifactType,
  type SessionUser,
  type SortValue,
} from "@artifact-atlas/shared";
import type { AppDatabase } from "../db/client";
import { artifacts } from "../db/schema";
import { ServiceError } from "./errors";
import { preparedPerDatabase } from "../db/prepared";
import { readCacheOf } from "../db/read-cache";

/** Who is acting: always the session's user, never an email taken from the input. */
export type Actor = Pick<SessionUser, "id" | "name">;

/**
 * The columns every client may see, selected explicitly: the owner's id and email, and the row
 * timestamps, stay on the server.
 */
export const artifactColumns = {
  id: artifacts.id,
  artifactName: artifacts.artifactName,
  artifactImage: artifacts.artifactImage,
  artifactType: artifacts.artifactType,
  historicalContext: artifacts.historicalContext,
  createdAt: artifacts.createdAt,
  discoveredAt: artifacts.discoveredAt,
  discoveredBy: artifacts.discoveredBy,
  presentLocation: artifacts.presentLocation,
  likeCount: artifacts.likeCount,
  username: artifacts.username,
} satisfies Record<keyof Artifact, unknown>;

/*
 * The list of the collection (artifacts.list), written for 100,000 artifacts and more: every
 * answer comes from an index, never from a scan of the table (plans in docs/benchmarks.md).
 *
 * - Each sort has an index in its order (migration 0003), narrow and holding the name: a page is
 *   the ids at an OFFSET in that index, then the page's eight rows by id.
 * - A search of three or more characters uses the trigram index of migration 0002, which answers
 *   exactly what `artifact_name LIKE '%term%'` answers (see there).
 * - One or two characters are too short for trigrams: LIKE over the sort's narrow index instead
 *   (still no table scan; it reads every name of the index to count them).
 * - A search's count is kept until a name changes (searchMatches).
 */

/**
 * Each list order, both ways, and the index that yields it without a sort step. A page is read
 * from whichever end of its order is nearer (see windowOf), so the deepest OFFSET is half a list.
 */
const LIST_ORDER = {
  default: { index: "artifacts_list_idx", forward: "id desc", backward: "id asc" },
  asc: {
    index: "artifacts_likes_idx",
    forward: "like_count asc, id asc",
    backward: "like_count desc, id desc",
  },
  desc: {
    index: "artifacts_likes_desc_idx",
    forward: "like_count desc, id asc",
    backward: "like_count asc, id desc",
  },
} as const satisfies Record<SortValue, Record<Direction, string> & { index: string }>;

type Direction = "forward" | "backward";

const SORTS = Object.keys(LIST_ORDER) as SortValue[];

/** A page as `limit` entries after skipping `offset`, counted from one end of the order. */
interface PageWindow {
  direction: Direction;
  offset: number;
  limit: number;
}

/** The window of `page` in a list of `total`, from the nearer end; null past the end. */
export function windowOf(page: number, total: number): PageWindow | null {
  const offset = (page - 1) * PAGE_SIZE;
  if (offset >= total) return null;
  const after = total - offset - PAGE_SIZE;
  if (after >= offset) return { direction: "forward", offset, limit: PAGE_SIZE };
  return {
    direction: "backward",
    offset: Math.max(0, after),
    limit: Math.min(PAGE_SIZE, total - offset),
  };
}

/** The Artifact columns under their API names, from artifactColumns so that the two cannot drift. */
const ARTIFACT_SELECT = Object.entries(artifactColumns)
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(", ");

const NAME_LIKE = "artifact_name like :pattern escape '\\'";
/**
 * Per row, sorting every match of the search index by likes (about 1.3 µs) costs about ten times
 * as much as walking an entry of a sort index with LIKE (about 0.12 µs), measured at 100,000
 * artifacts (docs/benchmarks.md).
 */
const SORT_MATCHES_COST = 10;

/**
 * The hot reads, prepared once per database: a rebuilt Drizzle query costs about 15 times a
 * prepared one (STACK_NOTES.md).
 */
function prepareStatements(db: AppDatabase) {
  const sqlite = db.$client;
  /**
   * A page in both directions: `ids(order)` selects the ids in that order, and the page's rows
   * come back in the sort's own order whichever end they were read from.
   */
  const paged = (
    sort: SortValue,
    ids: (order: string) => string,
    orders: Record<Direction, string> = LIST_ORDER[sort],
  ) => {
    const rows = (direction: Direction) =>
      sqlite.prepare<Record<string, unknown>, Artifact>(
        `select ${ARTIFACT_SELECT} from artifacts
         where id in (${ids(orders[direction])} limit :limit offset :offset)
         order by ${LIST_ORDER[sort].forward}`,
      );
    return { forward: rows("forward"), backward: rows("backward") };
  };
  const bySort = <T>(make: (sort: SortValue) => T) =>
    Object.fromEntries(SORTS.map((sort) => [sort, make(sort)])) as Record<SortValue, T>;
  const countOf = (query: string) =>
    sqlite.prepare<Record<string, unknown>, { total: number }>(query);

  const ofType = eq(artifacts.artifactType, sql.placeholder("type"));
  const mostLiked = (where: SQL | undefined) =>
    db
      .select(artifactColumns)
      .from(artifacts)
      .where(
        // The ids from the narrow index first: a deep OFFSET then skips index entries, not rows.
        inArray(
          artifacts.id,
          db
            .select({ id: artifacts.id })
            .from(artifacts)
            .where(where)
            .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
            .limit(sql.placeholder("limit"))
            .offset(sql.placeholder("offset")),
        ),
      )
      .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
      .prepare();
  const count = (where: SQL | undefined) =>
    db
      .select({ total: sql<number>`count(*)` })
      .from(artifacts)
      .where(where)
      .prepare();

  return {
    byId: db
      .select(artifactColumns)
      .from(artifacts)
      .where(eq(artifacts.id, sql.placeholder("id")))
      .prepare(),
    ownerOf: db
      .select({ ownerId: artifacts.ownerId })
      .from(artifacts)
      .where(eq(artifacts.id, sql.placeholder("id")))
      .prepare(),
    popular: db
      .select(artifactColumns)
      .from(artifacts)
      .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
      .limit(POPULAR_COUNT)
      .prepare(),
    similar: db
      .select(artifactColumns)
      .from(artifacts)
      .where(
        and(
          eq(artifacts.artifactType, sql.placeholder("type")),
          ne(artifacts.id, sql.placeholder("id")),
        ),
      )
      .orderBy(desc(artifacts.likeCount), asc(artifacts.id))
      .limit(SIMILAR_COUNT)
      .prepare(),
    mine: db
      .select(artifactColumns)
      .from(artifacts)
      .where(eq(artifacts.ownerId, sql.placeholder("ownerId")))
      .orderBy(desc(artifacts.id))
      .prepare(),
    list: {
      /** count(*) reads the smallest index: tens of microseconds at 100,000 artifacts. */
      total: countOf("select count(*) as total from artifacts"),
      page: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select id from artifacts indexed by ${LIST_ORDER[sort].index} order by ${order}`,
        ),
      ),
    },
    /** Three or more characters: the trigram index (:match is a quoted FTS5 phrase). */
    search: {
      total: countOf(
        "select count(*) as total from artifacts_name_fts where artifacts_name_fts match :match",
      ),
      /** The index yields its matches by id: newest first needs no sort and stops at the page. */
      newest: paged(
        "default",
        (order) =>
          `select rowid from artifacts_name_fts where artifacts_name_fts match :match order by ${order}`,
        { forward: "rowid desc", backward: "rowid asc" },
      ),
      /** Every match, its like count read from the narrow list index, then sorted. */
      sortMatches: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select a.id from artifacts_name_fts f
               cross join artifacts a indexed by artifacts_list_idx on a.id = f.rowid
             where artifacts_name_fts match :match order by ${order}`,
        ),
      ),
    },
    /** LIKE over the sort's narrow index: it stops as soon as the page is full. */
    walk: {
      total: countOf(
        `select count(*) as total from artifacts indexed by artifacts_list_idx where ${NAME_LIKE}`,
      ),
      firstIds: sqlite
        .prepare<Record<string, unknown>, number>(
          `select id from artifacts indexed by artifacts_list_idx where ${NAME_LIKE} limit :limit`,
        )
        .pluck(),
      page: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select id from artifacts indexed by ${LIST_ORDER[sort].index} where ${NAME_LIKE}
             order by ${order}`,
        ),
      ),
      /** A page of known matches (:ids, a JSON array). */
      ofIds: bySort((sort) =>
        paged(
          sort,
          (order) =>
            `select id from artifacts where id in (select value from json_each(:ids)) order by ${order}`,
        ),
      ),
    },
    mostLiked: { all: mostLiked(undefined), byType: mostLiked(ofType) },
    namesVersion: sqlite
      .prepare<[], number>("select version from artifact_names_version where id = 1")
      .pluck(),
    /** Searches already counted, by lowered term, oldest first (see searchMatches). */
    searches: new Map<string, SearchMatches>(),
    /** The size of the collection, and the artifact_names_version it was counted at. */
    collection: { version: -1, total: 0 },
    countByType: count(ofType),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

const statements = preparedPerDatabase(prepareStatements);

/** A LIKE pattern for "contains `search`", where `%`, `_` and `\` in the search are literal. */
export function containsPattern(search: string | undefined): string {
  if (!search) return "%";
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function notFound(): ServiceError {
  return new ServiceError("NOT_FOUND", MESSAGES.artifactNotFound);
}

/** Throws NOT_FOUND for unknown ids and FORBIDDEN when the actor did not add the artifact. */
function assertOwnedBy(db: AppDatabase, actor: Actor, id: number): void {
  const row = statements(db).ownerOf.get({ id });
  if (!row) throw notFound();
  if (row.ownerId !== actor.id) throw new ServiceError("FORBIDDEN", MESSAGES.notYourArtifact);
}

/** The home page's most liked artifacts; ties go to the older artifact. */
export function popularArtifacts(db: AppDatabase): Artifact[] {
  return readCacheOf(db).read("popular", () => statements(db).popular.all());
}

export interface ListArtifactsInput {
  /** Already trimmed; blank or missing means no filter. */
  search?: string | undefined;
  sort: SortValue;
  page: number;
}

/**
 * The FTS5 query for "contains `search`": one phrase in double quotes (a `"` inside doubled), so
 * that quotes, asterisks, colons and operators in a search are plain text. ASCII letters are
 * lowered as SQLite's lower() lowers the indexed names; nothing else is folded, as in LIKE.
 */
export function searchPhrase(search: string): string {
  const lowered = search.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  return `"${lowered.replaceAll('"', '""')}"`;
}

/**
 * Whether the trigram index can answer a search: it needs three characters (code points), and a
 * NUL would end the FTS5 query text early, so such a search walks with LIKE instead.
 */
export function usesSearchIndex(search: string): boolean {
  return [...search].length >= 3 && !search.includes("\u0000");
}

/** What a search matches, counted once for as long as no name changes. */
interface SearchMatches {
  /** artifact_names_version when it was counted. */
  version: number;
  total: number;
  /** The FTS5 phrase, when the trigram index answers this search. */
  match: string | null;
  pattern: string;
  /** The matches (a JSON array of ids) of a short search with few: walking would read every name. */
  ids: string | null;
}

const SEARCHES_KEPT = 2048;
const SHORT_SEARCH_IDS_KEPT = 256;

function countMatches(prepared: Statements, term: string, version: number): SearchMatches {
  const pattern = containsPattern(term);
  if (usesSearchIndex(term)) {
    const match = searchPhrase(term);
    const total = prepared.search.total.get({ match })?.total ?? 0;
    return { version, total, match, pattern, ids: null };
  }
  // One pass when there are few matches; a common term stops early and is then counted.
  const first = prepared.walk.firstIds.all({ pattern, limit: SHORT_SEARCH_IDS_KEPT + 1 });
  if (first.length <= SHORT_SEARCH_IDS_KEPT) {
    return { version, total: first.length, match: null, pattern, ids: JSON.stringify(first) };
  }
  const total = prepared.walk.total.get({ pattern })?.total ?? 0;
  return { version, total, match: null, pattern, ids: null };
}

/**
 * A search's count, kept until artifact_names_version moves: the triggers of migration 0002 move
 * it for every added, renamed or deleted artifact, whoever changes it; likes do not. Counting a
 * term too short for the trigram index reads every name (about 10 ms at 100,000 artifacts), and
 * the search box sends such terms while people type; a trigram count costs about a millisecond.
 * Keys are the term with ASCII letters lowered, as LIKE and the index compare them.
 */
function searchMatches(prepared: Statements, term: string): SearchMatches {
  const key = term.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const version = prepared.namesVersion.get() ?? 0;
  const cache = prepared.searches;
  let found = cache.get(key);
  if (found?.version !== version) found = countMatches(prepared, term, version);
  // Most recently used last; the oldest goes first when the cache is full.
  cache.delete(key);
  if (cache.size >= SEARCHES_KEPT) cache.delete(cache.keys().next().value as string);
  cache.set(key, found);
  return found;
}

type PagedStatement = Statements["list"]["page"][SortValue];

function readPage(
  statement: PagedStatement,
  window: PageWindow,
  params: Record<string, unknown>,
): Artifact[] {
  return statement[window.direction].all({ ...params, offset: window.offset, limit: window.limit });
}

/** How many artifacts there are: counted again only after an artifact was added or deleted. */
function collectionSize(prepared: Statements): number {
  const version = prepared.namesVersion.get() ?? 0;
  if (prepared.collection.version !== version) {
    prepared.collection = { version, total: prepared.list.total.get({})?.total ?? 0 };
  }
  return prepared.collection.total;
}

/** One page of the collection. A page past the end has no items but still the right total. */
export function listArtifacts(db: AppDatabase, input: ListArtifactsInput): ArtifactPage {
  const term = input.search?.trim() ?? "";
  // The term last: it is the only part that can hold a colon.
  const key = `list:${input.sort}:${input.page}:${term}`;
  return readCacheOf(db).read(key, () => readListPage(db, { ...input, search: term }));
}

function readListPage(db: AppDatabase, input: ListArtifactsInput): ArtifactPage {
  const prepared = statements(db);
  const { list, search, walk } = prepared;
  const { sort } = input;
  const term = input.search?.trim();
  const collection = () => collectionSize(prepared);
  let total: number;
  let read: (window: PageWindow) => Artifact[];

  if (!term) {
    total = collection();
    read = (window) => readPage(list.page[sort], window, {});
  } else {
    const found = searchMatches(prepared, term);
    const { match, pattern, ids } = found;
    total = found.total;
    read = (window) => {
      if (ids !== null) return readPage(walk.ofIds[sort], window, { ids });
      if (match === null) return readPage(walk.page[sort], window, { pattern });
      if (sort === "default") return readPage(search.newest, window, { match });
      // Walking the sort's index visits about (skipped + page) × collection / matches entries
      // before the page is full: few for a common term; sorting the matches wins for a rare one.
      const walked = ((window.offset + window.limit) * collection()) / total;
      return walked < SORT_MATCHES_COST * total
        ? readPage(walk.page[sort], window, { pattern })
        : readPage(search.sortMatches[sort], window, { match });
    };
  }
  const window = windowOf(input.page, total);
  return {
    items: window ? read(window) : [],
    total,
    page: input.page,
    pageCount: Math.ceil(total / PAGE_SIZE),
  };
}

export interface MostLikedInput {
  /** Only this type; missing means the whole collection. */
  type?: ArtifactType | undefined;
  limit: number;
  offset: number;
}

/**
 * A slice of the collection (or of one type of it), most liked first with ties by id, and how many
 * artifacts there are in all: the REST paths page through the collection with it.
 */
export function mostLikedArtifacts(
  db: AppDatabase,
  input: MostLikedInput,
): { items: Artifact[]; total: number } {
  const key = `mostLiked:${input.type ?? ""}:${input.limit}:${input.offset}`;
  return readCacheOf(db).read(key, () => readMostLiked(db, input));
}

function readMostLiked(
  db: AppDatabase,
  input: MostLikedInput,
): { items: Artifact[]; total: number } {
  const prepared = statements(db);
  const variant = input.type === undefined ? "all" : "byType";
  const params = { type: input.type, limit: input.limit, offset: input.offset };
  // A type's count moves when an artifact's type is edited, which the names version does not see.
  const total =
    variant === "all" ? collectionSize(prepared) : (prepared.countByType.get(params)?.total ?? 0);
  return { items: input.offset < total ? prepared.mostLiked[variant].all(params) : [], total };
}

export function getArtifact(db: AppDatabase, input: { id: number }): Artifact {
  const artifact = readCacheOf(db).read(
    `artifact:${input.id}`,
    () => statements(db).byId.get({ id: input.id }) ?? null,
  );
  if (!artifact) throw notFound();
  return artifact;
}

/** Up to SIMILAR_COUNT other artifacts of the same type, most liked first. */
export function similarArtifacts(db: AppDatabase, input: { id: number }): Artifact[] {
  const artifact = getArtifact(db, input);
  return readCacheOf(db).read(`similar:${artifact.id}`, () =>
    statements(db).similar.all({ type: artifact.artifactType, id: artifact.id }),
  );
}

/** The actor's own artifacts, newest first. */
export function myArtifacts(db: AppDatabase, actor: Actor): Artifact[] {
  return statements(db).mine.all({ ownerId: actor.id });
}

/** Owner and contributor name come from the session; a new artifact has no likes. */
export function createArtifact(db: AppDatabase, actor: Actor, fields: ArtifactFields): Artifact {
  return db
    .insert(artifacts)
    .values({ ...pickFields(fields), ownerId: actor.id, username: actor.name, likeCount: 0 })
    .returning(artifactColumns)
    .get();
}

/** Owner only. Saving an unchanged form succeeds and returns the artifact as it is. */
export function updateArtifact(
  db: AppDatabase,
  actor: Actor,
  input: { id: number; fields: ArtifactFields },
): Artifact {
  return db.transaction(
    (tx) => {
      assertOwnedBy(db, actor, input.id);
      const updated = tx
        .update(artifacts)
        .set({ ...pickFields(input.fields), editedAt: new Date() })
        .where(eq(artifacts.id, input.id))
        .returning(artifactColumns)
        .get();
      if (!updated) throw notFound();
      return updated;
    },
    { behavior: "immediate" },
  );
}

/** Owner only. The artifact's likes go with it (ON DELETE CASCADE). */
export function deleteArtifact(
  db: AppDatabase,
  actor: Actor,
  input: { id: number },
): { id: number; message: string } {
  return db.transaction(
    (tx) => {
      assertOwnedBy(db, actor, input.id);
      tx.delete(artifacts).where(eq(artifacts.id, input.id)).run();
      return { id: input.id, message: MESSAGES.artifactDeleted };
    },
    { behavior: "immediate" },
  );
}

/** Exactly the eight editable fields, whatever else a caller's object carries. */
function pickFields(fields: ArtifactFields): ArtifactFields {
  return {
    artifactName: fields.artifactName,
    artifactImage: fields.artifactImage,
    artifactType: fields.artifactType,
    historicalContext: fields.historicalContext,
    createdAt: fields.createdAt,
    discoveredAt: fields.discoveredAt,
    discoveredBy: fields.discoveredBy,
    presentLocation: fields.presentLocation,
  };
}
