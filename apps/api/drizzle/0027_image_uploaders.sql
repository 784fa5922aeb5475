CREATE TABLE `image_uploaders` (
	`hash` text PRIMARY KEY NOT NULL,
	`uploaded_by` integer NOT NULL,
	`bytes` integer NOT NULL,
	FOREIGN KEY (`hash`) REFERENCES `images`(`hash`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `image_uploaders_uploaded_by_idx` ON `image_uploaders` (`uploaded_by`,`bytes`);