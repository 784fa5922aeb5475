-- Issue 30: the EDM record's edm:rights is the primary image's rights (artifacts.image_rights), so
-- a change of those rights alone moves the record's datestamp, as a change of any other field the
-- harvest shows does (migration 0034): an incremental harvest then sees the new rights.
DROP TRIGGER `harvest_after_artifact_update`;
--> statement-breakpoint
CREATE TRIGGER `harvest_after_artifact_update` AFTER UPDATE OF `status`, `deleted_at`,
  `artifact_name`, `artifact_image`, `artifact_type`, `historical_context`, `created_at`,
  `discovered_at`, `discovered_by`, `present_location`, `image_alt`, `image_rights` ON `artifacts`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`deleted_at` IS NOT NEW.`deleted_at`
  OR OLD.`artifact_name` IS NOT NEW.`artifact_name` OR OLD.`artifact_image` IS NOT NEW.`artifact_image`
  OR OLD.`artifact_type` IS NOT NEW.`artifact_type` OR OLD.`historical_context` IS NOT NEW.`historical_context`
  OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`discovered_at` IS NOT NEW.`discovered_at`
  OR OLD.`discovered_by` IS NOT NEW.`discovered_by` OR OLD.`present_location` IS NOT NEW.`present_location`
  OR OLD.`image_alt` IS NOT NEW.`image_alt` OR OLD.`image_rights` IS NOT NEW.`image_rights`
BEGIN
  -- Public now: its row made, or brought up to date.
  INSERT INTO `harvest_records` (`artifact_id`, `artifact_type`, `first_published_at`, `datestamp`, `harvestable`)
  SELECT
    NEW.`id`, NEW.`artifact_type`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER), CAST(unixepoch('subsec') * 1000 AS INTEGER),
    (SELECT `only_approved` FROM `harvest_settings` WHERE `id` = 1) = 0
      OR NOT EXISTS (SELECT 1 FROM `review_queue` WHERE `artifact_id` = NEW.`id`
        AND `kind` = 'new' AND `decided_at` IS NULL)
  WHERE NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL
  ON CONFLICT (`artifact_id`) DO UPDATE SET `artifact_type` = excluded.`artifact_type`,
    `datestamp` = excluded.`datestamp`, `harvestable` = excluded.`harvestable`;
  -- Not public now: a harvested record becomes a deleted one.
  UPDATE `harvest_records` SET `harvestable` = 0, `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `artifact_id` = NEW.`id` AND `harvestable` = 1
    AND NOT (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL);
END;
