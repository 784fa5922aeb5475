-- Substring search on artifact names from an index instead of a table scan: an FTS5 table with the
-- trigram tokenizer (https://sqlite.org/fts5.html#the_trigram_tokenizer). A phrase query of three or
-- more characters then finds every name that contains it.
--
-- The index holds lower(artifact_name), compared case-sensitively. SQLite's lower() and LIKE both
-- fold ASCII letters only, so a match here is exactly `artifact_name LIKE '%term%'` for the
-- ASCII-lowered term: counts and pages come from the index alone, with no recheck of each row.
-- (trigram case_sensitive 0 would also fold non-ASCII letters, a different answer from LIKE's.)
--
-- External content: the names stay in artifacts; the view hands them to the index folded, and the
-- triggers keep the index in step in the same transaction as every write, whoever makes it
-- (services, seed, cascades). The like-count triggers change like_count only and do not fire these.
--
-- artifact_names_version counts the changes to the set of names, in the same triggers: the server
-- caches what it computed from all names (the counts of one- and two-character searches, which the
-- trigram index cannot answer) under this number.
CREATE TABLE `artifact_names_version` (
  `id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
  `version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `artifact_names_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE VIEW `artifacts_name_folded` AS
  SELECT `id`, lower(`artifact_name`) AS `name_folded` FROM `artifacts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `artifacts_name_fts` USING fts5(
  `name_folded`,
  content = 'artifacts_name_folded',
  content_rowid = 'id',
  tokenize = 'trigram case_sensitive 1'
);
--> statement-breakpoint
CREATE TRIGGER `artifacts_name_fts_after_insert` AFTER INSERT ON `artifacts` BEGIN
  INSERT INTO `artifacts_name_fts` (`rowid`, `name_folded`)
    VALUES (NEW.`id`, lower(NEW.`artifact_name`));
  UPDATE `artifact_names_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_name_fts_after_delete` AFTER DELETE ON `artifacts` BEGIN
  INSERT INTO `artifacts_name_fts` (`artifacts_name_fts`, `rowid`, `name_folded`)
    VALUES ('delete', OLD.`id`, lower(OLD.`artifact_name`));
  UPDATE `artifact_names_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- Saving an edit form writes every field; an unchanged name leaves the index and the version alone.
CREATE TRIGGER `artifacts_name_fts_after_update` AFTER UPDATE OF `artifact_name` ON `artifacts`
WHEN OLD.`artifact_name` IS NOT NEW.`artifact_name` BEGIN
  INSERT INTO `artifacts_name_fts` (`artifacts_name_fts`, `rowid`, `name_folded`)
    VALUES ('delete', OLD.`id`, lower(OLD.`artifact_name`));
  INSERT INTO `artifacts_name_fts` (`rowid`, `name_folded`)
    VALUES (NEW.`id`, lower(NEW.`artifact_name`));
  UPDATE `artifact_names_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- Index the artifacts that existed before this migration.
INSERT INTO `artifacts_name_fts` (`artifacts_name_fts`) VALUES ('rebuild');
