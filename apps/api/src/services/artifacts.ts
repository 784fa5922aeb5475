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
import { prepareSearchStatements, searchPages, type StatementBuilders } from "./artifact-search";
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
 * - A search has its own indexes, statements and kept counts: see artifact-search.ts.
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

export type Direction = "forward" | "backward";

const SORTS = Object.keys(LIST_ORDER) as SortValue[];

/** A page as `limit` entries after skipping `offset`, counted from one end of the order. */
export interface PageWindow {
  direction: Direction;
  offset: number;
  limit: number;
}

/** Reads the rows of a window of one paged statement, in its sort's order. */
export type PageReader = (window: PageWindow, params: Record<string, unknown>) => Artifact[];

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
  const paged: StatementBuilders["paged"] = (sort, ids, orders = LIST_ORDER[sort]) => {
    const rows = (direction: Direction) =>
      sqlite.prepare<Record<string, unknown>, Artifact>(
        `select ${ARTIFACT_SELECT} from artifacts
         where id in (${ids(orders[direction])} limit :limit offset :offset)
         order by ${LIST_ORDER[sort].forward}`,
      );
    const byDirection = { forward: rows("forward"), backward: rows("backward") };
    return (window, params) =>
      byDirection[window.direction].all({ ...params, offset: window.offset, limit: window.limit });
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
    /** artifact-search.ts's statements and kept counts. */
    search: prepareSearchStatements({
      sqlite,
      paged,
      bySort,
      countOf,
      sortIndex: (sort) => LIST_ORDER[sort].index,
    }),
    mostLiked: { all: mostLiked(undefined), byType: mostLiked(ofType) },
    namesVersion: sqlite
      .prepare<[], number>("select version from artifact_names_version where id = 1")
      .pluck(),
    /** The size of the collection, and the artifact_names_version it was counted at. */
    collection: { version: -1, total: 0 },
    countByType: count(ofType),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

const statements = preparedPerDatabase(prepareStatements);

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
  const { sort } = input;
  const term = input.search?.trim();
  const collection = () => collectionSize(prepared);
  const { total, read } = term
    ? searchPages(
        prepared.search,
        { term, sort, namesVersion: prepared.namesVersion.get() ?? 0 },
        collection,
      )
    : { total: collection(), read: (window: PageWindow) => prepared.list.page[sort](window, {}) };
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
