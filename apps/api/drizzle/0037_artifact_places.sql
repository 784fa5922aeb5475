CREATE TABLE `artifact_places` (
	`artifact_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`precision` text NOT NULL,
	`geonames_id` integer,
	`public_lat` real NOT NULL,
	`public_lon` real NOT NULL,
	`public_precision` text NOT NULL,
	`public_geonames_id` integer,
	`public_floor` text NOT NULL,
	PRIMARY KEY(`artifact_id`, `kind`),
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "artifact_places_lat" CHECK("artifact_places"."lat" between -90 and 90),
	CONSTRAINT "artifact_places_lon" CHECK("artifact_places"."lon" between -180 and 180)
);
--> statement-breakpoint
CREATE INDEX `artifact_places_public_point_idx` ON `artifact_places` (`kind`,`public_lat`,`public_lon`,`artifact_id`);