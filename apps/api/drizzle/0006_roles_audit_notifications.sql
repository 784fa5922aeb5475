CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`artifact_id` integer,
	`subject_user_id` integer,
	`request_id` text,
	`details` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_artifact_idx` ON `audit_log` (`artifact_id`,`id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`artifact_id` integer,
	`reason` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`artifact_id`) REFERENCES `artifacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Hand-edited: drizzle-kit rebuilds the table to add a CHECK, which would drop users (and, through
-- the foreign keys, every session, artifact and like) inside the migration's transaction. SQLite
-- adds a column with a CHECK in place.
ALTER TABLE `users` ADD `role` text DEFAULT 'member' NOT NULL CONSTRAINT "users_role_known" CHECK("role" in ('member', 'curator', 'admin'));--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);
