-- The default name search ignores accents and case (issue 29): "gobekli" finds "Göbekli Tepe".
-- A second trigram index over the public names, with `case_sensitive 0 remove_diacritics 1`, so
-- that FTS5 folds the names and the searched words alike. The index of migration 0002 (ASCII case
-- only, exactly what LIKE compares) stays: when both count the same matches for a search, no
-- name matches only once folded, and a page sorted by likes or date may walk its sort's index
-- with LIKE, which stops at the page (store/find.ts, decision 042).
--
-- Like the other search indexes (migrations 0013, 0022) it holds the public artifacts only, kept
-- by triggers when an artifact enters or leaves the public set or a public one is renamed; the
-- view is its content, so that a rebuild reads the public names only.
CREATE VIEW `artifacts_public_names` AS
  SELECT `id`, `artifact_name` FROM `artifacts`
  WHERE status = 'published' and deleted_at is null;
--> statement-breakpoint
CREATE VIRTUAL TABLE `artifacts_name_folded_fts` USING fts5(
  `artifact_name`,
  content = 'artifacts_public_names',
  content_rowid = 'id',
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `artifacts_name_folded_fts_after_insert` AFTER INSERT ON `artifacts`
WHEN NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL BEGIN
  INSERT INTO `artifacts_name_folded_fts` (`rowid`, `artifact_name`)
    VALUES (NEW.`id`, NEW.`artifact_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_name_folded_fts_after_delete` AFTER DELETE ON `artifacts`
WHEN OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL BEGIN
  INSERT INTO `artifacts_name_folded_fts` (`artifacts_name_folded_fts`, `rowid`, `artifact_name`)
    VALUES ('delete', OLD.`id`, OLD.`artifact_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_name_folded_fts_after_update`
AFTER UPDATE OF `artifact_name`, `status`, `deleted_at` ON `artifacts`
WHEN (OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL)
  IS NOT (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL)
  OR (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL
    AND OLD.`artifact_name` IS NOT NEW.`artifact_name`)
BEGIN
  INSERT INTO `artifacts_name_folded_fts` (`artifacts_name_folded_fts`, `rowid`, `artifact_name`)
    SELECT 'delete', OLD.`id`, OLD.`artifact_name`
    WHERE OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL;
  INSERT INTO `artifacts_name_folded_fts` (`rowid`, `artifact_name`)
    SELECT NEW.`id`, NEW.`artifact_name`
    WHERE NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL;
END;
--> statement-breakpoint
INSERT INTO `artifacts_name_folded_fts` (`artifacts_name_folded_fts`) VALUES ('rebuild');
--> statement-breakpoint
-- How many artifacts hold each word of the all-fields index: an upper bound on a search's
-- matches, read before a page to tell a word in most of the collection (issue 28, decision 042).
CREATE VIRTUAL TABLE `artifacts_fts_vocab` USING fts5vocab(`artifacts_fts`, 'row');
