-- "Search in: All fields" (issue 18): every text field of an artifact in one FTS5 index with the
-- unicode61 tokenizer, which folds case and, with remove_diacritics 2, accents ("beziers" finds
-- "Béziers"). Ranked by bm25 with the name weighted most (store/artifact-find.ts). External
-- content: the text stays in artifacts, and the triggers keep the index in step in the same
-- transaction as every write, whoever makes it (services, seed, cascades). The like-count
-- triggers change like_count only and do not fire the update trigger.
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
CREATE TRIGGER `artifacts_fts_after_insert` AFTER INSERT ON `artifacts` BEGIN
  INSERT INTO `artifacts_fts` (`rowid`, `artifact_name`, `historical_context`, `artifact_type`,
    `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  VALUES (NEW.`id`, NEW.`artifact_name`, NEW.`historical_context`, NEW.`artifact_type`,
    NEW.`discovered_by`, NEW.`present_location`, NEW.`created_at`, NEW.`discovered_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_fts_after_delete` AFTER DELETE ON `artifacts` BEGIN
  INSERT INTO `artifacts_fts` (`artifacts_fts`, `rowid`, `artifact_name`, `historical_context`,
    `artifact_type`, `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  VALUES ('delete', OLD.`id`, OLD.`artifact_name`, OLD.`historical_context`, OLD.`artifact_type`,
    OLD.`discovered_by`, OLD.`present_location`, OLD.`created_at`, OLD.`discovered_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_fts_after_update` AFTER UPDATE OF `artifact_name`, `historical_context`,
  `artifact_type`, `discovered_by`, `present_location`, `created_at`, `discovered_at` ON `artifacts`
BEGIN
  INSERT INTO `artifacts_fts` (`artifacts_fts`, `rowid`, `artifact_name`, `historical_context`,
    `artifact_type`, `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  VALUES ('delete', OLD.`id`, OLD.`artifact_name`, OLD.`historical_context`, OLD.`artifact_type`,
    OLD.`discovered_by`, OLD.`present_location`, OLD.`created_at`, OLD.`discovered_at`);
  INSERT INTO `artifacts_fts` (`rowid`, `artifact_name`, `historical_context`, `artifact_type`,
    `discovered_by`, `present_location`, `created_at`, `discovered_at`)
  VALUES (NEW.`id`, NEW.`artifact_name`, NEW.`historical_context`, NEW.`artifact_type`,
    NEW.`discovered_by`, NEW.`present_location`, NEW.`created_at`, NEW.`discovered_at`);
END;
--> statement-breakpoint
-- Index the artifacts that existed before this migration.
INSERT INTO `artifacts_fts` (`artifacts_fts`) VALUES ('rebuild');
