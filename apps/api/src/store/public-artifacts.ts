import type Database from "better-sqlite3";
import type { Artifact, ArtifactType } from "@artifact-atlas/shared";
import { ARTIFACT_SELECT } from "./artifact-columns";
import { searchPhrase, usesSearchIndex } from "./artifact-search";
// One condition for what the public sees (decision 050); its columns are unqualified, and every
// statement here reads one artifacts table, joined only with tables that have no such columns.
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/*
 * The reads of what anyone may see without signing in: the public page of one artifact, the
 * sitemap and the export (issue 21). Each walks the collection by id in keyset pages, so that no
 * answer holds the collection in memory and nothing holds the database between two pages.
 */

/** One row of the sitemap: the page's address and when it last changed. */
export interface SitemapRow {
  id: number;
  artifactName: string;
  /** Milliseconds since the epoch. */
  editedAt: number;
}

/** What the export may be narrowed by: the All Artifacts screen's search and the REST type filter. */
export interface PublicFilters {
  search?: string | undefined;
  type?: ArtifactType | undefined;
}

/** Up to `limit` rows after the id `after`, in id order. */
export type KeysetReader<Row> = (after: number, limit: number) => Row[];

const OF_TYPE = "(:type is null or a.artifact_type = :type)";

/**
 * Up to :limit public artifacts after the id :after that `where` (over `a`) keeps, in id order:
 * the ids first, from `from` (which walks by id), then the rows, so that the row columns
 * (ARTIFACT_SELECT, which names the table `artifacts`) are read only for the page.
 */
function keysetPage(sqlite: Database.Database, from: string, where: string) {
  return sqlite.prepare<Record<string, unknown>, Artifact>(
    `select ${ARTIFACT_SELECT} from artifacts where id in (
       select a.id from ${from}
       where ${where} and ${PUBLIC_ARTIFACT} and ${OF_TYPE}
       order by a.id limit :limit)
     order by id`,
  );
}

/** The statements, prepared once with the database (passed in deps as publicArtifacts). */
export function createPublicArtifactStore(sqlite: Database.Database) {
  const byId = sqlite.prepare<{ id: number }, Artifact>(
    `select ${ARTIFACT_SELECT} from artifacts where id = :id and ${PUBLIC_ARTIFACT}`,
  );
  const total = sqlite
    .prepare<[], number>(`select count(*) from artifacts a where ${PUBLIC_ARTIFACT}`)
    .pluck();
  const idAt = sqlite
    .prepare<{ offset: number }, number>(
      `select a.id from artifacts a where ${PUBLIC_ARTIFACT} order by a.id limit 1 offset :offset`,
    )
    .pluck();
  const sitemap = sqlite.prepare<{ after: number; limit: number }, SitemapRow>(
    `select a.id, a.artifact_name as artifactName, a.edited_at as editedAt from artifacts a
     where a.id > :after and ${PUBLIC_ARTIFACT} order by a.id limit :limit`,
  );
  // Walking the table by id: a type or a short search is checked row by row until the page is full.
  const walk = keysetPage(
    sqlite,
    "artifacts a",
    "a.id > :after and (:pattern is null or a.artifact_name like :pattern escape '\\')",
  );
  // A search of three or more characters: the trigram index yields its matches by id.
  const trigram = keysetPage(
    sqlite,
    "artifacts_name_fts f cross join artifacts a on a.id = f.rowid",
    "artifacts_name_fts match :match and f.rowid > :after",
  );

  return {
    /** The artifact, when it is public. */
    byId: (id: number): Artifact | undefined => byId.get({ id }),
    /** How many artifacts are public. */
    total: (): number => total.get() ?? 0,
    /** The id of the public artifact at `offset` (0-based) in id order, if there are that many. */
    idAt: (offset: number): number | undefined => idAt.get({ offset }),
    sitemap: ((after, limit) => sitemap.all({ after, limit })) as KeysetReader<SitemapRow>,
    /** The public artifacts that `filters` choose, a keyset page at a time. */
    filtered(filters: PublicFilters): KeysetReader<Artifact> {
      const type = filters.type ?? null;
      const search = filters.search?.trim() ?? "";
      if (search && usesSearchIndex(search)) {
        const match = searchPhrase(search);
        return (after, limit) => trigram.all({ match, after, limit, type });
      }
      // A NUL ends SQLite's LIKE pattern early (artifact-search.ts): no name holds one.
      if (search.includes("\u0000")) return () => [];
      const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      return (after, limit) => walk.all({ pattern, after, limit, type });
    },
  };
}

export type PublicArtifactStore = ReturnType<typeof createPublicArtifactStore>;
