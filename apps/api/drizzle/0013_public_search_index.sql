-- The search index (migration 0002) and the short-search counts (migration 0004) hold the public
-- artifacts only (decision 050): a search's count and pages then come from them as fast as before,
-- and nothing pending, rejected, hidden or in the trash can be found. The triggers below replace
-- those of 0002 and 0004; they act when an artifact enters or leaves the public set (added,
-- deleted, status or trash changed) or a public artifact is renamed, and move
-- artifact_names_version then, so that the server's kept counts follow. "Public" is exactly
-- status = 'published' and deleted_at is null (apps/api/src/store/artifact-visibility.ts).
--
-- The same row now also counts the public artifacts, in the same triggers: the size of the
-- collection is then one lookup, where counting the partial list index took milliseconds.
ALTER TABLE `artifact_names_version` ADD `public_artifacts` integer NOT NULL DEFAULT 0;
--> statement-breakpoint
DROP TRIGGER `artifacts_name_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `artifacts_name_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `artifacts_name_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `artifact_name_pieces_after_insert`;
--> statement-breakpoint
DROP TRIGGER `artifact_name_pieces_after_delete`;
--> statement-breakpoint
DROP TRIGGER `artifact_name_pieces_after_update`;
--> statement-breakpoint
DROP VIEW `artifacts_name_folded`;
--> statement-breakpoint
CREATE VIEW `artifacts_name_folded` AS
  SELECT `id`, lower(`artifact_name`) AS `name_folded` FROM `artifacts`
  WHERE status = 'published' and deleted_at is null;
--> statement-breakpoint
CREATE TRIGGER `artifacts_public_name_after_insert` AFTER INSERT ON `artifacts`
WHEN NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL BEGIN
  INSERT INTO `artifacts_name_fts` (`rowid`, `name_folded`)
    VALUES (NEW.`id`, lower(NEW.`artifact_name`));
  INSERT INTO `artifact_name_pieces` (`piece`, `names`)
    SELECT DISTINCT substr(lower(NEW.`artifact_name`), `position`.`key` + 1, `width`.`value`), 1
    FROM json_each('[' || rtrim(replace(hex(zeroblob(length(NEW.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
      json_each('[1,2]') AS `width`
    WHERE `position`.`key` + `width`.`value` <= length(NEW.`artifact_name`)
    ON CONFLICT (`piece`) DO UPDATE SET `names` = `names` + 1;
  UPDATE `artifact_names_version`
    SET `version` = `version` + 1, `public_artifacts` = `public_artifacts` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `artifacts_public_name_after_delete` AFTER DELETE ON `artifacts`
WHEN OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL BEGIN
  INSERT INTO `artifacts_name_fts` (`artifacts_name_fts`, `rowid`, `name_folded`)
    VALUES ('delete', OLD.`id`, lower(OLD.`artifact_name`));
  UPDATE `artifact_name_pieces` SET `names` = `names` - 1
    WHERE `piece` IN (
      SELECT substr(lower(OLD.`artifact_name`), `position`.`key` + 1, `width`.`value`)
      FROM json_each('[' || rtrim(replace(hex(zeroblob(length(OLD.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
        json_each('[1,2]') AS `width`
      WHERE `position`.`key` + `width`.`value` <= length(OLD.`artifact_name`)
    );
  UPDATE `artifact_names_version`
    SET `version` = `version` + 1, `public_artifacts` = `public_artifacts` - 1 WHERE `id` = 1;
END;
--> statement-breakpoint
-- Saving an edit form writes every field: an unchanged public name, or a change that keeps an
-- artifact out of the public set, leaves the index, the counts and the version alone. The old
-- name leaves before the new one enters, in one trigger, so the order is certain.
CREATE TRIGGER `artifacts_public_name_after_update`
AFTER UPDATE OF `artifact_name`, `status`, `deleted_at` ON `artifacts`
WHEN (OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL)
  IS NOT (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL)
  OR (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL
    AND OLD.`artifact_name` IS NOT NEW.`artifact_name`)
BEGIN
  INSERT INTO `artifacts_name_fts` (`artifacts_name_fts`, `rowid`, `name_folded`)
    SELECT 'delete', OLD.`id`, lower(OLD.`artifact_name`)
    WHERE OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL;
  UPDATE `artifact_name_pieces` SET `names` = `names` - 1
    WHERE OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL AND `piece` IN (
      SELECT substr(lower(OLD.`artifact_name`), `position`.`key` + 1, `width`.`value`)
      FROM json_each('[' || rtrim(replace(hex(zeroblob(length(OLD.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
        json_each('[1,2]') AS `width`
      WHERE `position`.`key` + `width`.`value` <= length(OLD.`artifact_name`)
    );
  INSERT INTO `artifacts_name_fts` (`rowid`, `name_folded`)
    SELECT NEW.`id`, lower(NEW.`artifact_name`)
    WHERE NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL;
  INSERT INTO `artifact_name_pieces` (`piece`, `names`)
    SELECT DISTINCT substr(lower(NEW.`artifact_name`), `position`.`key` + 1, `width`.`value`), 1
    FROM json_each('[' || rtrim(replace(hex(zeroblob(length(NEW.`artifact_name`))), '00', '0,'), ',') || ']') AS `position`,
      json_each('[1,2]') AS `width`
    WHERE `position`.`key` + `width`.`value` <= length(NEW.`artifact_name`)
      AND NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL
    ON CONFLICT (`piece`) DO UPDATE SET `names` = `names` + 1;
  UPDATE `artifact_names_version`
    SET `version` = `version` + 1,
      `public_artifacts` = `public_artifacts`
        + (NEW.`status` = 'published' AND NEW.`deleted_at` IS NULL)
        - (OLD.`status` = 'published' AND OLD.`deleted_at` IS NULL)
    WHERE `id` = 1;
END;
--> statement-breakpoint
-- Every artifact is published when this runs (migration 0012 made them so): the index and the
-- counts already hold exactly the public names, and stay as they are.
UPDATE `artifact_names_version`
  SET `version` = `version` + 1,
    `public_artifacts` = (SELECT count(*) FROM `artifacts` WHERE status = 'published' and deleted_at is null)
  WHERE `id` = 1;
