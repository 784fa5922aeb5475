CREATE TABLE `artifact_images` (
	`artifact_id` integer NOT NULL,
	`position` integer NOT NULL,
	`url` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`caption` text DEFAULT '' NOT NULL,
	`rights` text NOT NULL,
	`credit` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`artifact_id`, `position`),
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "artifact_images_position_known" CHECK("artifact_images"."position" between 0 and 11)
);
--> statement-breakpoint
CREATE INDEX `artifact_images_uploaded_idx` ON `artifact_images` (`url`,`artifact_id`) WHERE "artifact_images"."url" like '/images/%';--> statement-breakpoint
CREATE TABLE `revision_images` (
	`revision_id` integer NOT NULL,
	`path` text NOT NULL,
	PRIMARY KEY(`revision_id`, `path`),
	FOREIGN KEY (`revision_id`) REFERENCES `artifact_revisions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revision_images_path_idx` ON `revision_images` (`path`,`revision_id`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`metadata_license` text NOT NULL,
	`upload_rights` text NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK("site_settings"."id" = 1)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_image_uploaders` (
	`hash` text NOT NULL,
	`uploaded_by` integer NOT NULL,
	`bytes` integer NOT NULL,
	PRIMARY KEY(`hash`, `uploaded_by`),
	FOREIGN KEY (`hash`) REFERENCES `images`(`hash`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_image_uploaders`("hash", "uploaded_by", "bytes") SELECT "hash", "uploaded_by", "bytes" FROM `image_uploaders`;--> statement-breakpoint
DROP TABLE `image_uploaders`;--> statement-breakpoint
ALTER TABLE `__new_image_uploaders` RENAME TO `image_uploaders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `image_uploaders_uploaded_by_idx` ON `image_uploaders` (`uploaded_by`,`bytes`);--> statement-breakpoint
ALTER TABLE `artifacts` ADD `image_rights` text DEFAULT 'http://rightsstatements.org/vocab/CNE/1.0/' NOT NULL;--> statement-breakpoint
ALTER TABLE `images` ADD `master_width` integer;--> statement-breakpoint
ALTER TABLE `images` ADD `master_height` integer;