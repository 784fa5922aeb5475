-- The like count is derived from the likes rows; triggers keep it exact in the same transaction,
-- whatever writes the likes (the services, the seed, a cascade from a deleted user).
CREATE TRIGGER `likes_count_after_insert` AFTER INSERT ON `likes` BEGIN
  UPDATE `artifacts` SET `like_count` = `like_count` + 1 WHERE `id` = NEW.`artifact_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `likes_count_after_delete` AFTER DELETE ON `likes` BEGIN
  UPDATE `artifacts` SET `like_count` = `like_count` - 1 WHERE `id` = OLD.`artifact_id`;
END;
