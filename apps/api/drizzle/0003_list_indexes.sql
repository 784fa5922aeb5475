DROP INDEX `artifacts_type_likes_idx`;--> statement-breakpoint
DROP INDEX `artifacts_likes_idx`;--> statement-breakpoint
CREATE INDEX `artifacts_list_idx` ON `artifacts` (`id`,`artifact_name`,`like_count`);--> statement-breakpoint
CREATE INDEX `artifacts_likes_desc_idx` ON `artifacts` ("like_count" desc,`id`,`artifact_name`);--> statement-breakpoint
CREATE INDEX `artifacts_type_likes_idx` ON `artifacts` (`artifact_type`,"like_count" desc,`id`);--> statement-breakpoint
CREATE INDEX `artifacts_likes_idx` ON `artifacts` (`like_count`,`id`,`artifact_name`);