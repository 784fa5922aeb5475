CREATE TABLE `comment_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`comment_id` integer NOT NULL,
	`body` text NOT NULL,
	`written_at` integer NOT NULL,
	`replaced_at` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comment_revisions_comment_idx` ON `comment_revisions` (`comment_id`,`id`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`artifact_id` integer NOT NULL,
	`parent_id` integer,
	`author_id` integer,
	`body` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`hidden_reason` text,
	`created_at` integer NOT NULL,
	`edited_at` integer,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `comments_threads_idx` ON `comments` (`artifact_id`,`id`) WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX `comments_replies_idx` ON `comments` (`parent_id`,`id`) WHERE "comments"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX `comments_participants_idx` ON `comments` (`artifact_id`,`author_id`);--> statement-breakpoint
CREATE INDEX `comments_author_idx` ON `comments` (`author_id`,`id`);--> statement-breakpoint
CREATE TABLE `digest_items` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`artifact_id` integer NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `artifact_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `digests_sent` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`follower_id` integer NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`bell` integer NOT NULL,
	`email` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_follower_target_idx` ON `follows` (`follower_id`,`target_kind`,`target_id`);--> statement-breakpoint
CREATE INDEX `follows_target_idx` ON `follows` (`target_kind`,`target_id`,`bell`,`email`,`follower_id`);--> statement-breakpoint
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`,`id`);--> statement-breakpoint
CREATE TABLE `signing_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`key` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `suggestion_agreements` (
	`suggestion_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`agreed_at` integer NOT NULL,
	PRIMARY KEY(`suggestion_id`, `user_id`),
	FOREIGN KEY (`suggestion_id`) REFERENCES `suggestions`(`comment_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `suggestion_agreements_user_idx` ON `suggestion_agreements` (`user_id`);--> statement-breakpoint
CREATE TABLE `suggestions` (
	`comment_id` integer PRIMARY KEY NOT NULL,
	`artifact_id` integer NOT NULL,
	`field` text NOT NULL,
	`before` text NOT NULL,
	`value` text NOT NULL,
	`source` text NOT NULL,
	`base_revision` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`owner_accepted_at` integer,
	`decided_at` integer,
	`decline_reason` text,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `suggestions_artifact_idx` ON `suggestions` (`artifact_id`,`status`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `comment_id` integer;--> statement-breakpoint
CREATE INDEX `notifications_comment_idx` ON `notifications` (`comment_id`) WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
ALTER TABLE `review_queue` ADD `comment_id` integer;--> statement-breakpoint
CREATE INDEX `review_queue_comment_idx` ON `review_queue` (`comment_id`,`kind`) WHERE "review_queue"."comment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `review_queue_one_open_comment_report_idx` ON `review_queue` (`comment_id`,`submitted_by`) WHERE "review_queue"."kind" = 'comment_report' and "review_queue"."decided_at" is null;--> statement-breakpoint
CREATE INDEX `users_name_lower_idx` ON `users` (lower("name"));