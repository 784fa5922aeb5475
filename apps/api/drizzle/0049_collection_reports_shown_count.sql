CREATE TABLE `collection_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`from_new_account` integer NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by` integer,
	`decision` text,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collection_reports_one_open_idx` ON `collection_reports` (`collection_id`,`reporter_id`) WHERE "collection_reports"."decided_at" is null;--> statement-breakpoint
CREATE INDEX `collection_reports_open_idx` ON `collection_reports` (`collection_id`,`id`) WHERE "collection_reports"."decided_at" is null;--> statement-breakpoint
CREATE INDEX `collection_reports_reporter_idx` ON `collection_reports` (`reporter_id`);--> statement-breakpoint
ALTER TABLE `collections` ADD `shown_count` integer DEFAULT 0 NOT NULL;