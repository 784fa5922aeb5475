DROP INDEX `likes_user_idx`;--> statement-breakpoint
CREATE INDEX `likes_user_idx` ON `likes` (`user_id`);