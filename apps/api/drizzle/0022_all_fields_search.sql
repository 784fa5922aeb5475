-- "Search in: All fields" (issue 18): every text field of an artifact in one FTS5 index with the
-- unicode61 tokenizer, which folds case and, with remove_diacritics 2, accents ("beziers" finds
-- "Béziers"). Ranked by bm25 with the name weighted most (store/artifact-find.ts). External
-- content: the text stays in artifacts, and the triggers keep the index in step in the same
-- transaction as every write, whoever makes it (services, seed, cascades). The like-count
-- triggers change like_count only and do not fire the update trigger.
--
-- Like the name search (migration 0013), the index holds the public artifacts only (decision 050):
-- the triggers act when an artifact enters or leaves the public set (added, deleted, status or
-- trash changed) or a public artifact's text changes. "Public" is exactly
-- status = 'published' and deleted_at is null (apps/api/src/store/artifact-visibility.ts).
CREATE VIRTUAL TABLE `artifacts_fts` USING fts5(
  `artifact_name`,
  `historical_context`,
  `artifact_type`,
  `discovered_by`,
  `present_location`,
  `created_at`,
  `discovered_at`,
  content = 'artifacts',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `artifacts_fts_after_insert` AFTER INSERT ON `artifacts`
WHEN NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL BEGIN
  INSERT INTO `artifacts_fts` (`rowid`, `artifact_name`, `historical_context`, `artifact_type`,
    `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  VALUES (NEW.`id`, NEW.`artifact_name`, NEW.`historical_context`, NEW.`artifact_type`,
    NEW.`discovered_by`, NEW.`present_location`, NEW.`created_at`, NEW.`discovered_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_fts_after_delete` AFTER DELETE ON `artifacts`
WHEN OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL BEGIN
  INSERT INTO `artifacts_fts` (`artifacts_fts`, `rowid`, `artifact_name`, `historical_context`,
    `artifact_type`, `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  VALUES ('delete', OLD.`id`, OLD.`artifact_name`, OLD.`historical_context`, OLD.`artifact_type`,
    OLD.`discovered_by`, OLD.`present_location`, OLD.`created_at`, OLD.`discovered_at`);
END;
--> statement-breakpoint
-- The old text leaves (if it was public) before the new one enters (if it is public), in one
-- trigger, so the order is certain. A change that keeps an artifact out of the public set does
-- nothing.
CREATE TRIGGER `artifacts_fts_after_update` AFTER UPDATE OF `artifact_name`, `historical_context`,
  `artifact_type`, `discovered_by`, `present_location`, `created_at`, `discovered_at`, `status`,
  `deleted_at` ON `artifacts`
WHEN (OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL)
  OR (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL)
BEGIN
  INSERT INTO `artifacts_fts` (`artifacts_fts`, `rowid`, `artifact_name`, `historical_context`,
    `artifact_type`, `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  SELECT 'delete', OLD.`id`, OLD.`artifact_name`, OLD.`historical_context`, OLD.`artifact_type`,
    OLD.`discovered_by`, OLD.`present_location`, OLD.`created_at`, OLD.`discovered_at`
  WHERE OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL;
  INSERT INTO `artifacts_fts` (`rowid`, `artifact_name`, `historical_context`, `artifact_type`,
    `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  SELECT NEW.`id`, NEW.`artifact_name`, NEW.`historical_context`, NEW.`artifact_type`,
    NEW.`discovered_by`, NEW.`present_location`, NEW.`created_at`, NEW.`discovered_at`
  WHERE NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL;
END;
--> statement-breakpoint
-- Index the public artifacts that existed before this migration ('rebuild' would take them all).
INSERT INTO `artifacts_fts` (`rowid`, `artifact_name`, `historical_context`, `artifact_type`,
  `discovered_by`, `present_location`, `created_at`, `discovered_at`)
SELECT `id`, `artifact_name`, `historical_context`, `artifact_type`, `discovered_by`,
  `present_location`, `created_at`, `discovered_at`
FROM `artifacts` WHERE status = 'published' and deleted_at is null;
