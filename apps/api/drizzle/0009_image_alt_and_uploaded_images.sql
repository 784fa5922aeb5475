CREATE TABLE `images` (
	`hash` text PRIMARY KEY NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`placeholder` text NOT NULL,
	`uploaded_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `artifacts` ADD `image_alt` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `artifacts_uploaded_image_idx` ON `artifacts` (`artifact_image`) WHERE "artifacts"."artifact_image" like '/images/%';