CREATE TABLE `harvest_records` (
	`artifact_id` integer PRIMARY KEY NOT NULL,
	`artifact_type` text NOT NULL,
	`first_published_at` integer NOT NULL,
	`datestamp` integer NOT NULL,
	`harvestable` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `harvest_records_datestamp_idx` ON `harvest_records` (`datestamp`,`artifact_id`,`harvestable`,`artifact_type`);--> statement-breakpoint
CREATE INDEX `harvest_records_type_idx` ON `harvest_records` (`artifact_type`,`datestamp`,`artifact_id`,`harvestable`);--> statement-breakpoint
CREATE INDEX `harvest_records_published_idx` ON `harvest_records` (`first_published_at`,`artifact_id`);--> statement-breakpoint
CREATE INDEX `harvest_records_type_published_idx` ON `harvest_records` (`artifact_type`,`first_published_at`,`artifact_id`);--> statement-breakpoint
CREATE TABLE `harvest_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`only_approved` integer DEFAULT false NOT NULL,
	`data_provider` text DEFAULT '' NOT NULL,
	`provider` text DEFAULT '' NOT NULL,
	`admin_email` text DEFAULT '' NOT NULL,
	`token_key` text NOT NULL,
	`updated_at` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "harvest_settings_one_row" CHECK("harvest_settings"."id" = 1)
);
