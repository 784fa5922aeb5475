DROP INDEX `artifacts_find_type_idx`;--> statement-breakpoint
DROP INDEX `artifacts_find_year_idx`;--> statement-breakpoint
DROP INDEX `artifacts_find_location_idx`;--> statement-breakpoint
CREATE INDEX `artifacts_find_type_idx` ON `artifacts` (`artifact_type`,`created_year`,`present_location`,`like_count`,`created_from_year`,`created_to_year`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_find_year_idx` ON `artifacts` (`created_year`,`artifact_type`,`present_location`,`like_count`,`created_from_year`,`created_to_year`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_find_location_idx` ON `artifacts` (`present_location`,`artifact_type`,`created_year`,`like_count`,`created_from_year`,`created_to_year`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;