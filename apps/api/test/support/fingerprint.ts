import type Database from "better-sqlite3";
import type { AppDatabase } from "../../src/db/client";

/**
 * A cheap summary of everything a request could change: row counts, the like counts, the latest
 * edit and the total length of every stored text. A rejected request must leave it equal.
 */
export function fingerprint(db: AppDatabase | Database.Database): Record<string, unknown> {
  const sqlite = "$client" in db ? db.$client : db;
  return sqlite
    .prepare(
      `select
        (select count(*) from users) as users,
        (select total(length(name)) + total(length(coalesce(photo_url, ''))) from users) as userText,
        (select count(*) from sessions) as sessions,
        (select count(*) from artifacts) as artifacts,
        (select total(like_count) from artifacts) as likeCountSum,
        (select max(edited_at) from artifacts) as lastEdit,
        (select total(length(artifact_name) + length(artifact_image) + length(artifact_type) +
          length(historical_context) + length(created_at) + length(discovered_at) +
          length(discovered_by) + length(present_location) + length(username)) from artifacts)
          as artifactText,
        (select count(*) from likes) as likes,
        (select total(user_id * 7919 + artifact_id) from likes) as likeKeys,
        (select count(*) from artifact_revisions) as revisions,
        (select count(*) from audit_log) as auditEntries`,
    )
    .get() as Record<string, unknown>;
}

/** Artifacts whose like_count differs from their number of like rows (none, ever). */
export function likeCountDrift(
  db: AppDatabase | Database.Database,
): { id: number; likeCount: number; rows: number }[] {
  const sqlite = "$client" in db ? db.$client : db;
  return sqlite
    .prepare(
      `select a.id as id, a.like_count as likeCount,
        (select count(*) from likes l where l.artifact_id = a.id) as rows
       from artifacts a
       where a.like_count != (select count(*) from likes l where l.artifact_id = a.id)`,
    )
    .all() as { id: number; likeCount: number; rows: number }[];
}
