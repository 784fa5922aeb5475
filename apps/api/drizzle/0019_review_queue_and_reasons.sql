CREATE TABLE `review_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`artifact_id` integer NOT NULL,
	`submitted_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`before` text,
	`proposed` text,
	`waiting` integer DEFAULT false NOT NULL,
	`report_reason` text,
	`report_note` text,
	`decided_at` integer,
	`decided_by` integer,
	`decision` text,
	`decision_reason` text,
	`decision_note` text,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submitted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `review_queue_open_idx` ON `review_queue` (`id`,`artifact_id`,`decided_at`) WHERE "review_queue"."decided_at" is null;--> statement-breakpoint
CREATE INDEX `review_queue_artifact_open_idx` ON `review_queue` (`artifact_id`,`kind`) WHERE "review_queue"."decided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `review_queue_one_open_report_idx` ON `review_queue` (`artifact_id`,`submitted_by`) WHERE "review_queue"."kind" = 'report' and "review_queue"."decided_at" is null;--> statement-breakpoint
CREATE TABLE `review_reasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_reasons_label_idx` ON `review_reasons` (lower("label"));