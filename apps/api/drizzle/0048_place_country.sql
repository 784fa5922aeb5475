ALTER TABLE `artifact_places` ADD `country` text;--> statement-breakpoint
ALTER TABLE `artifact_places` ADD `country_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `artifact_places_country_idx` ON `artifact_places` (`kind`,`country`,`artifact_id`);