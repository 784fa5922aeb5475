CREATE TABLE `artifact_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`artifact_id` integer NOT NULL,
	`number` integer NOT NULL,
	`actor_id` integer,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`summary` text NOT NULL,
	`fields` text NOT NULL,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `artifact_revisions_number_idx` ON `artifact_revisions` (`artifact_id`,`number`);