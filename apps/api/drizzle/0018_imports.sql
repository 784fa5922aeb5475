CREATE TABLE `imported_artifacts` (
	`artifact_id` integer PRIMARY KEY NOT NULL,
	`import_id` integer NOT NULL,
	`edited_at` integer NOT NULL,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `imported_artifacts_import_idx` ON `imported_artifacts` (`import_id`);--> statement-breakpoint
CREATE TABLE `imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`added` integer NOT NULL,
	`rejected` integer NOT NULL,
	`imported_at` integer NOT NULL,
	`undone_at` integer,
	`removed` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `imports_owner_idx` ON `imports` (`owner_id`,`id`);