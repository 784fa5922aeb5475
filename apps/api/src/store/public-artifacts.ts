import type Database from "better-sqlite3";
import type { Artifact } from "@artifact-atlas/shared";
import { ARTIFACT_SELECT } from "./artifact-columns";
import { findWhere, type FindQuery } from "./artifact-find";
import { PUBLIC_PLACE_JOINS, PUBLIC_PLACE_SELECT, type ExportRow } from "./place-columns";
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

/** Ids of an export's find read at a time: 40 kB of numbers, a fraction of a page of rows. */
const IDS_PER_READ = 5_000;

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
    /**
     * The public artifacts that a find (GET /artifacts's filters and search) chooses, a keyset
     * page at a time in id order. The ids are read IDS_PER_READ at a time and kept by this
     * export's reader: a search's condition (an FTS match, a LIKE over the list index) is worked
     * out whole each time it is asked, so asking it once per 200 rows made a common word's
     * export quadratic (10-14 s at 100,000 artifacts, decision 073). The statements are
     * prepared per export: their text depends on which filters are set.
     */
    found(query: FindQuery): KeysetReader<ExportRow> {
      const where = findWhere(query);
      if (where.empty) return () => [];
      const idsAfter = sqlite
        .prepare<Record<string, unknown>, number>(
          `select id from artifacts where id > :after and ${where.sql} order by id limit :limit`,
        )
        .pluck();
      // Read again by id, still public: one hidden or deleted since its id was read drops out.
      const rowsOf = sqlite.prepare<{ ids: string }, ExportRow>(
        `select ${ARTIFACT_SELECT}, ${PUBLIC_PLACE_SELECT} from artifacts ${PUBLIC_PLACE_JOINS}
         where id in (select value from json_each(:ids)) and ${PUBLIC_ARTIFACT} order by id`,
      );
      let waiting: number[] = [];
      let exhausted = false;
      return (after, limit) => {
        waiting = waiting.filter((id) => id > after);
        for (;;) {
          if (waiting.length === 0 && !exhausted) {
            waiting = idsAfter.all({ ...where.params, after, limit: IDS_PER_READ });
            exhausted = waiting.length < IDS_PER_READ;
          }
          if (waiting.length === 0) return [];
          const ids = waiting.splice(0, limit);
          const rows = rowsOf.all({ ids: JSON.stringify(ids) });
          if (rows.length > 0) return rows;
          after = ids[ids.length - 1]!;
        }
      };
    },
  };
}

export type PublicArtifactStore = ReturnType<typeof createPublicArtifactStore>;
