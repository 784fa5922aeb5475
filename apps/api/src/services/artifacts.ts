import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
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

/** `name LIKE :pattern ESCAPE '\'`: SQLite's LIKE ignores ASCII case, which is what search wants. */
const nameMatches = sql`${artifacts.artifactName} LIKE ${sql.placeholder("pattern")} ESCAPE '\\'`;

/** Default is newest first; the like sorts break ties by id so that pages never overlap. */
const LIST_ORDER = {
  default: [desc(artifacts.id)],
  asc: [asc(artifacts.likeCount), asc(artifacts.id)],
  desc: [desc(artifacts.likeCount), asc(artifacts.id)],
} as const satisfies Record<SortValue, unknown>;

/**
 * The hot reads, prepared once per database: a rebuilt Drizzle query costs about 15 times a
 * prepared one (STACK_NOTES.md).
 */
function prepareStatements(db: AppDatabase) {
  const listPage = (sort: SortValue) =>
    db
      .select(artifactColumns)
      .from(artifacts)
      .where(nameMatches)
      .orderBy(...LIST_ORDER[sort])
      .limit(PAGE_SIZE)
      .offset(sql.placeholder("offset"))
      .prepare();

  const ofType = eq(artifacts.artifactType, sql.placeholder("type"));
  const mostLiked = (where: SQL | undefined) =>
    db
      .select(artifactColumns)
      .from(artifacts)
      .where(where)
      .orderBy(...LIST_ORDER.desc)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
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
    listPage: { default: listPage("default"), asc: listPage("asc"), desc: listPage("desc") },
    listTotal: db
      .select({ total: sql<number>`count(*)` })
      .from(artifacts)
      .where(nameMatches)
      .prepare(),
    mostLiked: { all: mostLiked(undefined), byType: mostLiked(ofType) },
    count: { all: count(undefined), byType: count(ofType) },
  };
}

const statementsByDb = new WeakMap<AppDatabase, ReturnType<typeof prepareStatements>>();

function statements(db: AppDatabase) {
  let prepared = statementsByDb.get(db);
  if (!prepared) {
    prepared = prepareStatements(db);
    statementsByDb.set(db, prepared);
  }
  return prepared;
}

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
  return statements(db).popular.all();
}

export interface ListArtifactsInput {
  /** Already trimmed; blank or missing means no filter. */
  search?: string | undefined;
  sort: SortValue;
  page: number;
}

/** One page of the collection. A page past the end has no items but still the right total. */
export function listArtifacts(db: AppDatabase, input: ListArtifactsInput): ArtifactPage {
  const prepared = statements(db);
  // "%" matches every name, so the same statements serve the unfiltered list.
  const pattern = containsPattern(input.search?.trim());
  const total = prepared.listTotal.get({ pattern })?.total ?? 0;
  const items = prepared.listPage[input.sort].all({
    pattern,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items, total, page: input.page, pageCount: Math.ceil(total / PAGE_SIZE) };
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
  const prepared = statements(db);
  const variant = input.type === undefined ? "all" : "byType";
  const params = { type: input.type, limit: input.limit, offset: input.offset };
  return {
    items: prepared.mostLiked[variant].all(params),
    total: prepared.count[variant].get(params)?.total ?? 0,
  };
}

export function getArtifact(db: AppDatabase, input: { id: number }): Artifact {
  const artifact = statements(db).byId.get({ id: input.id });
  if (!artifact) throw notFound();
  return artifact;
}

/** Up to SIMILAR_COUNT other artifacts of the same type, most liked first. */
export function similarArtifacts(db: AppDatabase, input: { id: number }): Artifact[] {
  const artifact = getArtifact(db, input);
  return statements(db).similar.all({ type: artifact.artifactType, id: artifact.id });
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
