-- Issue 34 (decision 116): harvest_records follows every artifact that is or was public, written by
-- triggers in the transaction of the change itself, whatever made it: a curator's decision, the
-- automatic hide, the trash and its purge, an owner's edit or delete, an import and its undo, a
-- deleted account's cascade. "Public" is PUBLIC_ARTIFACT (store/artifact-visibility.ts); with the
-- setting only_approved, a public artifact is harvested only once no first review waits for it.
-- The datestamp moves only when what the harvest shows changes: the fields below, or going in or
-- out of the harvest (likes and review notes change nothing a harvester sees).
CREATE TRIGGER `harvest_after_artifact_insert` AFTER INSERT ON `artifacts`
WHEN NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL
BEGIN
  INSERT INTO `harvest_records` (`artifact_id`, `artifact_type`, `first_published_at`, `datestamp`, `harvestable`)
  VALUES (
    NEW.`id`, NEW.`artifact_type`,
    CAST(unixepoch('subsec') * 1000 AS INTEGER), CAST(unixepoch('subsec') * 1000 AS INTEGER),
    (SELECT `only_approved` FROM `harvest_settings` WHERE `id` = 1) = 0
      OR NOT EXISTS (SELECT 1 FROM `review_queue` WHERE `artifact_id` = NEW.`id`
        AND `kind` = 'new' AND `decided_at` IS NULL)
  )
  ON CONFLICT (`artifact_id`) DO UPDATE SET `artifact_type` = excluded.`artifact_type`,
    `datestamp` = excluded.`datestamp`, `harvestable` = excluded.`harvestable`;
END;
--> statement-breakpoint
CREATE TRIGGER `harvest_after_artifact_update` AFTER UPDATE OF `status`, `deleted_at`,
  `artifact_name`, `artifact_image`, `artifact_type`, `historical_context`, `created_at`,
  `discovered_at`, `discovered_by`, `present_location`, `image_alt` ON `artifacts`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`deleted_at` IS NOT NEW.`deleted_at`
  OR OLD.`artifact_name` IS NOT NEW.`artifact_name` OR OLD.`artifact_image` IS NOT NEW.`artifact_image`
  OR OLD.`artifact_type` IS NOT NEW.`artifact_type` OR OLD.`historical_context` IS NOT NEW.`historical_context`
  OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`discovered_at` IS NOT NEW.`discovered_at`
  OR OLD.`discovered_by` IS NOT NEW.`discovered_by` OR OLD.`present_location` IS NOT NEW.`present_location`
  OR OLD.`image_alt` IS NOT NEW.`image_alt`
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
--> statement-breakpoint
-- The purge (or a cascade) deletes the artifact; its record stays, deleted.
CREATE TRIGGER `harvest_after_artifact_delete` AFTER DELETE ON `artifacts`
BEGIN
  UPDATE `harvest_records` SET `harvestable` = 0, `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `artifact_id` = OLD.`id` AND `harvestable` = 1;
END;
--> statement-breakpoint
-- With only_approved: a first review opened for a public artifact takes it out of the harvest ...
CREATE TRIGGER `harvest_after_review_insert` AFTER INSERT ON `review_queue`
WHEN NEW.`kind` = 'new' AND NEW.`decided_at` IS NULL
  AND (SELECT `only_approved` FROM `harvest_settings` WHERE `id` = 1) = 1
BEGIN
  UPDATE `harvest_records` SET `harvestable` = 0, `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `artifact_id` = NEW.`artifact_id` AND `harvestable` = 1;
END;
--> statement-breakpoint
-- ... and deciding it (or its removal) brings a still public artifact back.
CREATE TRIGGER `harvest_after_review_decided` AFTER UPDATE OF `decided_at` ON `review_queue`
WHEN NEW.`kind` = 'new' AND OLD.`decided_at` IS NULL AND NEW.`decided_at` IS NOT NULL
  AND (SELECT `only_approved` FROM `harvest_settings` WHERE `id` = 1) = 1
BEGIN
  UPDATE `harvest_records` SET `harvestable` = 1, `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `artifact_id` = NEW.`artifact_id` AND `harvestable` = 0
    AND EXISTS (SELECT 1 FROM `artifacts` WHERE `id` = NEW.`artifact_id`
      AND `status` = 'published' AND `deleted_at` IS NULL)
    AND NOT EXISTS (SELECT 1 FROM `review_queue` WHERE `artifact_id` = NEW.`artifact_id`
      AND `kind` = 'new' AND `decided_at` IS NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `harvest_after_review_delete` AFTER DELETE ON `review_queue`
WHEN OLD.`kind` = 'new' AND OLD.`decided_at` IS NULL
  AND (SELECT `only_approved` FROM `harvest_settings` WHERE `id` = 1) = 1
BEGIN
  UPDATE `harvest_records` SET `harvestable` = 1, `datestamp` = CAST(unixepoch('subsec') * 1000 AS INTEGER)
  WHERE `artifact_id` = OLD.`artifact_id` AND `harvestable` = 0
    AND EXISTS (SELECT 1 FROM `artifacts` WHERE `id` = OLD.`artifact_id`
      AND `status` = 'published' AND `deleted_at` IS NULL)
    AND NOT EXISTS (SELECT 1 FROM `review_queue` WHERE `artifact_id` = OLD.`artifact_id`
      AND `kind` = 'new' AND `decided_at` IS NULL);
END;
--> statement-breakpoint
-- What is public today: published when it was added, last changed when it was last edited. What
-- was public once and is not now cannot be known before this migration; no harvester had it.
INSERT INTO `harvest_records` (`artifact_id`, `artifact_type`, `first_published_at`, `datestamp`, `harvestable`)
SELECT `id`, `artifact_type`, `added_at`, max(`added_at`, `edited_at`), 1 FROM `artifacts`
WHERE `status` = 'published' AND `deleted_at` IS NULL;
--> statement-breakpoint
INSERT INTO `harvest_settings` (`id`, `token_key`) VALUES (1, lower(hex(randomblob(32))));
