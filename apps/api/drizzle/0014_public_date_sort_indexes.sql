-- The date sorts (migration 0011) read the public artifacts only, as the other list orders do since
-- migration 0012 (decision 050): partial indexes whose WHERE is exactly the public condition, holding
-- its columns last so that SQLite checks it without reading the row.
DROP INDEX `artifacts_created_asc_idx`;
--> statement-breakpoint
DROP INDEX `artifacts_created_desc_idx`;
--> statement-breakpoint
CREATE INDEX `artifacts_created_asc_idx` ON `artifacts`
  (coalesce(`created_from_year`, 10000000), `created_to_year`, `id`, `artifact_name`, `status`, `deleted_at`)
  WHERE status = 'published' and deleted_at is null;
--> statement-breakpoint
CREATE INDEX `artifacts_created_desc_idx` ON `artifacts`
  (coalesce(`created_from_year`, -10000000), `created_to_year`, `id`, `artifact_name`, `status`, `deleted_at`)
  WHERE status = 'published' and deleted_at is null;
