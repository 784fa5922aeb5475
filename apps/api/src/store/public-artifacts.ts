import type Database from "better-sqlite3";
import type { Artifact } from "@artifact-atlas/shared";
import { ARTIFACT_SELECT } from "./artifact-columns";
// One condition for what the public sees (decision 050); its columns are unqualified, and every
// statement here reads one artifacts table, joined only with tables that have no such columns.
import { PUBLIC_ARTIFACT } from "./artifact-visibility";

/*
 * The reads of what anyone may see without signing in: the public page of one artifact and the
 * sitemap (issue 21; the export's rows are the find's, services/find.ts). The sitemap walks the
 * collection by id in keyset pages, so that no answer holds the collection in memory and nothing
 * holds the database between two pages.
 */

/** One row of the sitemap: the page's address and when it last changed. */
export interface SitemapRow {
  id: number;
  artifactName: string;
  /** Milliseconds since the epoch. */
  editedAt: number;
}

/** Up to `limit` rows after the id `after`, in id order. */
export type KeysetReader<Row> = (after: number, limit: number) => Row[];

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

  return {
    /** The artifact, when it is public. */
    byId: (id: number): Artifact | undefined => byId.get({ id }),
    /** How many artifacts are public. */
    total: (): number => total.get() ?? 0,
    /** The id of the public artifact at `offset` (0-based) in id order, if there are that many. */
    idAt: (offset: number): number | undefined => idAt.get({ offset }),
    sitemap: ((after, limit) => sitemap.all({ after, limit })) as KeysetReader<SitemapRow>,
  };
}

export type PublicArtifactStore = ReturnType<typeof createPublicArtifactStore>;
