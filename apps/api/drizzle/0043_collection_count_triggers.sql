-- A collection's item and like counts are derived from their rows; triggers keep them exact in the
-- same transaction, whatever writes the rows (the services, or a cascade from a purged artifact or
-- a deleted account).
CREATE TRIGGER `collection_items_count_after_insert` AFTER INSERT ON `collection_items` BEGIN
  UPDATE `collections` SET `item_count` = `item_count` + 1 WHERE `id` = NEW.`collection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `collection_items_count_after_delete` AFTER DELETE ON `collection_items` BEGIN
  UPDATE `collections` SET `item_count` = `item_count` - 1 WHERE `id` = OLD.`collection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `collection_likes_count_after_insert` AFTER INSERT ON `collection_likes` BEGIN
  UPDATE `collections` SET `like_count` = `like_count` + 1 WHERE `id` = NEW.`collection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `collection_likes_count_after_delete` AFTER DELETE ON `collection_likes` BEGIN
  UPDATE `collections` SET `like_count` = `like_count` - 1 WHERE `id` = OLD.`collection_id`;
END;
