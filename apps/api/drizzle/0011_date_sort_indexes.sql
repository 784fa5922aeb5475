-- The two date sorts of the collection ("Date created (oldest first)" and "(newest first)"), each
-- from an index in its order, like the other list orders (migration 0003): earliest first year,
-- then last year, then id. An unrecognised date has no year and sorts last in both: the coalesce
-- puts it after every year (10,000,000) when read forwards, and before every year (-10,000,000)
-- in the index that is read backwards. The name makes them covering for searches, as in 0003.
CREATE INDEX `artifacts_created_asc_idx` ON `artifacts`
  (coalesce(`created_from_year`, 10000000), `created_to_year`, `id`, `artifact_name`);
--> statement-breakpoint
CREATE INDEX `artifacts_created_desc_idx` ON `artifacts`
  (coalesce(`created_from_year`, -10000000), `created_to_year`, `id`, `artifact_name`);
