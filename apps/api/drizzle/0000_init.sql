CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`photo_url` text,
	`password_hash` text,
	`google_subject` text,
	`joined_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_subject_unique` ON `users` (`google_subject`);--> statement-breakpoint
CREATE TABLE `artifacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`artifact_name` text NOT NULL,
	`artifact_image` text NOT NULL,
	`artifact_type` text NOT NULL,
	`historical_context` text NOT NULL,
	`created_at` text NOT NULL,
	`discovered_at` text NOT NULL,
	`discovered_by` text NOT NULL,
	`present_location` text NOT NULL,
	`username` text NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`added_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`edited_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "artifacts_like_count_not_negative" CHECK("artifacts"."like_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `artifacts_owner_idx` ON `artifacts` (`owner_id`,`id`);--> statement-breakpoint
CREATE INDEX `artifacts_type_likes_idx` ON `artifacts` (`artifact_type`,`like_count`,`id`);--> statement-breakpoint
CREATE INDEX `artifacts_likes_idx` ON `artifacts` (`like_count`,`id`);--> statement-breakpoint
CREATE TABLE `likes` (
	`artifact_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`liked_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`artifact_id`, `user_id`),
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_user_idx` ON `likes` (`user_id`,`liked_at`);