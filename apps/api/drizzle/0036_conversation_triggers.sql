-- Issue 33. A follow names what it follows by kind and id, which no foreign key can: these
-- triggers remove the follows of an artifact when it is purged and of a member when they leave.
CREATE TRIGGER `follows_of_purged_artifact` AFTER DELETE ON `artifacts`
BEGIN
  DELETE FROM `follows` WHERE `target_kind` = 'artifact' AND `target_id` = old.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `follows_of_deleted_member` AFTER DELETE ON `users`
BEGIN
  DELETE FROM `follows` WHERE `target_kind` = 'member' AND `target_id` = old.`id`;
END;--> statement-breakpoint
-- A comment's review entries and notifications go with it, as ON DELETE CASCADE would have had
-- them (a column added by ALTER TABLE keeps no ON DELETE in drizzle-kit's migrations).
CREATE TRIGGER `comment_entries_and_notifications` AFTER DELETE ON `comments`
BEGIN
  DELETE FROM `review_queue` WHERE `comment_id` = old.`id`;
  DELETE FROM `notifications` WHERE `comment_id` = old.`id`;
END;
