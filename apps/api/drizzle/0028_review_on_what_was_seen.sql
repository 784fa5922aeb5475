ALTER TABLE `users` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_reason` text;--> statement-breakpoint
ALTER TABLE `artifacts` ADD `hidden_automatically` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `artifacts_hidden_idx` ON `artifacts` (`id`) WHERE "artifacts"."status" = 'hidden' and "artifacts"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE `notifications` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `review_queue` ADD `from_new_account` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `review_queue` ADD `version` integer DEFAULT 1 NOT NULL;