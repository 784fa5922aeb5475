CREATE TABLE `digest_collections` (
	`user_id` integer NOT NULL,
	`collection_id` integer NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `collection_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `collection_id` integer;--> statement-breakpoint
CREATE INDEX `notifications_collection_idx` ON `notifications` (`collection_id`) WHERE "notifications"."collection_id" is not null;