/*
 * The one condition for "the public may see this artifact" (issue 17, docs/decisions/050): every
 * public read says it, and the list indexes are partial indexes whose WHERE is exactly this text
 * (db/schema/artifacts.ts), so that SQLite uses them only for reads that say it. A read that
 * forgets it and names such an index with `indexed by` fails loudly instead of showing a hidden,
 * pending, rejected or trashed artifact.
 *
 * Unqualified column names: every statement that uses it reads one artifacts table, joined only
 * with tables that have no `status` or `deleted_at` column.
 */
export const PUBLIC_ARTIFACT = "status = 'published' and deleted_at is null";

/** The owner's view of their own artifacts: everything outside the trash. */
export const NOT_IN_TRASH = "deleted_at is null";
