CREATE TABLE `collection_collaborators` (
	`collection_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `user_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collection_collaborators_user_idx` ON `collection_collaborators` (`user_id`,`collection_id`);--> statement-breakpoint
CREATE TABLE `collection_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`artifact_id` integer,
	`detail` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `collection_history_idx` ON `collection_history` (`collection_id`,`id`);--> statement-breakpoint
CREATE TABLE `collection_items` (
	`collection_id` integer NOT NULL,
	`artifact_id` integer NOT NULL,
	`position` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`added_by` integer,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `artifact_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `collection_items_order_idx` ON `collection_items` (`collection_id`,`position`);--> statement-breakpoint
CREATE INDEX `collection_items_artifact_idx` ON `collection_items` (`artifact_id`);--> statement-breakpoint
CREATE TABLE `collection_likes` (
	`collection_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`collection_id`, `user_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collection_likes_user_idx` ON `collection_likes` (`user_id`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`description_html` text NOT NULL,
	`kind` text NOT NULL,
	`query` text,
	`visibility` text NOT NULL,
	`cover_artifact_id` integer,
	`item_count` integer DEFAULT 0 NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`hidden_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cover_artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `collections_listed_idx` ON `collections` (`created_at`) WHERE "collections"."visibility" = 'public' and "collections"."status" = 'published' and "collections"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `collections_owner_idx` ON `collections` (`owner_id`,`id`);--> statement-breakpoint
CREATE INDEX `collections_trash_idx` ON `collections` (`deleted_at`) WHERE "collections"."deleted_at" is not null;