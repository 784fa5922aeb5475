-- A collection's shown count: its items whose artifact everyone may see (published, outside the
-- trash: store/artifact-visibility.ts PUBLIC_ARTIFACT). /collections' "most artifacts" sorts by
-- it, so that hidden, pending or trashed artifacts do not lift a collection. Kept in the same
-- transaction as whatever changes an item or an artifact's state.
UPDATE `collections` SET `shown_count` = (
  SELECT count(*) FROM `collection_items` i JOIN `artifacts` a ON a.`id` = i.`artifact_id`
  WHERE i.`collection_id` = `collections`.`id` AND a.`status` = 'published' AND a.`deleted_at` IS NULL
);
--> statement-breakpoint
CREATE TRIGGER `collection_items_shown_after_insert` AFTER INSERT ON `collection_items`
WHEN (SELECT `status` = 'published' AND `deleted_at` IS NULL FROM `artifacts` WHERE `id` = NEW.`artifact_id`)
BEGIN
  UPDATE `collections` SET `shown_count` = `shown_count` + 1 WHERE `id` = NEW.`collection_id`;
END;
--> statement-breakpoint
-- When an artifact is purged, its row is gone before the cascade deletes its items: the artifact's
-- own trigger below counts that case, and this one finds no row and does nothing.
CREATE TRIGGER `collection_items_shown_after_delete` AFTER DELETE ON `collection_items`
WHEN (SELECT `status` = 'published' AND `deleted_at` IS NULL FROM `artifacts` WHERE `id` = OLD.`artifact_id`)
BEGIN
  UPDATE `collections` SET `shown_count` = `shown_count` - 1 WHERE `id` = OLD.`collection_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_shown_in_collections_after_update` AFTER UPDATE OF `status`, `deleted_at` ON `artifacts`
WHEN (OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL) != (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL)
BEGIN
  UPDATE `collections`
  SET `shown_count` = `shown_count` + (CASE WHEN NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL THEN 1 ELSE -1 END)
  WHERE `id` IN (SELECT `collection_id` FROM `collection_items` WHERE `artifact_id` = NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_shown_in_collections_before_delete` BEFORE DELETE ON `artifacts`
WHEN OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL
BEGIN
  UPDATE `collections` SET `shown_count` = `shown_count` - 1
  WHERE `id` IN (SELECT `collection_id` FROM `collection_items` WHERE `artifact_id` = OLD.`id`);
END;
