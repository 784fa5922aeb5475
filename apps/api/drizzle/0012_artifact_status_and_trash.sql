-- Hand-edited: drizzle-kit rebuilds the table to add a CHECK, which would drop artifacts (and,
-- through the foreign keys, every like and notification) inside the migration's transaction.
-- SQLite adds the columns in place; every existing artifact stays published.
ALTER TABLE `artifacts` ADD `status` text DEFAULT 'published' NOT NULL CONSTRAINT "artifacts_status_known" CHECK("status" in ('published', 'pending', 'rejected', 'hidden'));--> statement-breakpoint
ALTER TABLE `artifacts` ADD `status_reason` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `status_note` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `deleted_at` integer;--> statement-breakpoint
-- The public reads' indexes hold the public artifacts only; their WHERE is exactly the condition
-- of apps/api/src/store/artifact-visibility.ts (decision 050), and they hold its columns, last, so
-- that SQLite can check it without reading the row.
DROP INDEX `artifacts_owner_idx`;--> statement-breakpoint
DROP INDEX `artifacts_type_likes_idx`;--> statement-breakpoint
DROP INDEX `artifacts_list_idx`;--> statement-breakpoint
DROP INDEX `artifacts_likes_idx`;--> statement-breakpoint
DROP INDEX `artifacts_likes_desc_idx`;--> statement-breakpoint
CREATE INDEX `artifacts_owner_idx` ON `artifacts` (`owner_id`,`id`,`deleted_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_type_likes_idx` ON `artifacts` (`artifact_type`,"like_count" desc,`id`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_list_idx` ON `artifacts` (`id`,`artifact_name`,`like_count`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_likes_idx` ON `artifacts` (`like_count`,`id`,`artifact_name`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_likes_desc_idx` ON `artifacts` ("like_count" desc,`id`,`artifact_name`,`status`,`deleted_at`) WHERE status = 'published' and deleted_at is null;--> statement-breakpoint
CREATE INDEX `artifacts_trash_idx` ON `artifacts` (`deleted_at`,`id`) WHERE "artifacts"."deleted_at" is not null;
